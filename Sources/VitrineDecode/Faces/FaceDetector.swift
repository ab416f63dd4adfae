import CFaceDetect
import Synchronization
import VitrineBase

/// dlib's frontal face detector, owned: made once, freed with the value. Not for two
/// threads at once (`FaceFinder` takes care of that).
final class FaceDetector {
    private let handle: OpaquePointer

    /// Nil when dlib could not make it.
    init?() {
        guard let made = vitrine_faces_create() else { return nil }
        handle = made
    }

    deinit {
        vitrine_faces_free(handle)
    }

    /// The faces in an 8-bit grey image, as pixel boxes (left, top, right, bottom), after
    /// doubling it `upsample` times (0 finds faces of about 80 px and larger), that dlib scores
    /// at least `threshold`.
    func detect(
        grey: [UInt8], width: Int, height: Int, upsample: Int, threshold: Double
    ) throws(FaceDetectionError) -> [Box] {
        guard width > 0, height > 0, grey.count >= width * height else { throw FaceDetectionError("bad image size") }
        let capacity = 64
        var boxes = [Int32](repeating: 0, count: capacity * 4)
        var message = [CChar](repeating: 0, count: 256)
        let count = grey.withUnsafeBufferPointer { pixels in
            vitrine_faces_detect(
                handle, pixels.baseAddress, Int32(width), Int32(height), Int32(width), Int32(upsample), threshold,
                &boxes,
                Int32(capacity), &message, Int32(message.count))
        }
        guard count >= 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FaceDetectionError(text)
        }
        return (0..<min(Int(count), capacity)).map { (i: Int) -> Box in
            let box: ArraySlice<Int32> = boxes[(4 * i)..<(4 * i + 4)]
            let edges: [Int] = box.map { Int($0) }
            return Box(left: edges[0], top: edges[1], right: edges[2], bottom: edges[3])
        }
    }

    struct Box: Equatable {
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int
    }
}
