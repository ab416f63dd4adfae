import Foundation
import VitrineCore

/// Keeps the hidden and favourite photos in `marks.json` beside the resume position,
/// written durably (`DurableFile`: temporary file, fsync, rename, fsync of the folder), so a
/// power cut leaves the old marks or the new ones.
public struct MarksStore: PhotoMarkStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `marks.json` in the folder of the resume position `positionPath`.
    public init(besidePosition positionPath: String) {
        path = (positionPath as NSString).deletingLastPathComponent + "/marks.json"
    }

    public func load() -> Result<PhotoMarks, PhotoMarksError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            guard FileManager.default.fileExists(atPath: path) else { return .success(PhotoMarks()) }
            return .failure(PhotoMarksError(reason: "\(path): cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(PhotoMarksError(reason: "\(path): not UTF-8 text"))
        }
        switch PhotoMarks.parse(text) {
        case .success(let marks): return .success(marks)
        case .failure(let error): return .failure(PhotoMarksError(reason: "\(path): \(error.reason)"))
        }
    }

    public func save(_ marks: PhotoMarks) throws(PhotoMarksError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try DurableFile.write(Array((marks.json.rendered + "\n").utf8), to: path)
        } catch {
            throw PhotoMarksError(reason: "cannot save \(path): \(error)")
        }
    }
}
