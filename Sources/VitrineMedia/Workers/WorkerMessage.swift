import Foundation
import VitrineCore

/// What the display process asks a decode worker.
struct WorkerRequest: Codable, Equatable {
    var path: String
    var outputWidth: Double
    var outputHeight: Double
    var fit: FitMode
    var background: RGBColor
    var maxSide: Int
    var limits: DecodeLimits
    var backdrop: Bool
    var faces: Bool

    init(_ request: DecodeRequest, limits: DecodeLimits) {
        self.path = request.path
        self.outputWidth = request.output.width
        self.outputHeight = request.output.height
        self.fit = request.fit
        self.background = request.background
        self.maxSide = request.maxSide
        self.limits = limits
        self.backdrop = request.backdrop
        self.faces = request.faces
    }

    var decodeRequest: DecodeRequest {
        DecodeRequest(
            path: path, output: Size(width: outputWidth, height: outputHeight), fit: fit, background: background,
            maxSide: maxSide, backdrop: backdrop, faces: faces)
    }

    /// The most bytes the result can take: the fitted size never exceeds the
    /// output for `contain`, and `maxSide` by the output's long side for `cover`.
    var maxResultBytes: Int {
        let w = Int(min(outputWidth.rounded(.up), Double(maxSide))) + 1
        let h = Int(min(outputHeight.rounded(.up), Double(maxSide))) + 1
        // The backdrop follows the pixels.
        let backdropBytes = backdrop ? Backdrop.maxSide * Backdrop.maxSide * 4 : 0
        switch fit {
        case .contain: return w * h * 4 + backdropBytes
        case .cover: return (maxSide + 1) * max(w, h) * 4 + backdropBytes
        }
    }
}

/// A worker's answer: the pixels' size (the pixels are in shared memory) or why it failed.
struct WorkerReply: Codable, Equatable {
    var width = 0
    var height = 0
    var sourceWidth = 0.0
    var sourceHeight = 0.0
    var description: String?
    var dateTaken: String?
    /// Everything the EXIF block said (camera, exposure, GPS as well).
    var metadata: ImageMetadata?
    /// The backdrop's size; its pixels follow the image's in the shared memory.
    var backdropWidth = 0
    var backdropHeight = 0
    /// For a request that wanted faces: whether the face detector was made before the request
    /// came (else the decode made it). Nil for other requests.
    var detectorReady: Bool?
    var failure: String?

    static func failed(_ reason: String) -> WorkerReply {
        WorkerReply(failure: reason)
    }
}

/// The first line of a worker started with `--faces`, once its face detector is made (or
/// dlib failed to make it: `faces` false), before it reads its first request.
struct WorkerReady: Codable, Equatable {
    var faces: Bool
}

/// One-line JSON encoding of the messages.
enum WorkerCoding {
    static func encode<T: Encodable>(_ value: T) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from line: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(line.utf8))
    }
}
