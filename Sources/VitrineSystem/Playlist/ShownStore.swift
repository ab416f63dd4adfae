import Foundation
import VitrineCore

/// Keeps the fair shuffle's record (`ShownRecord`) in `shown.json` beside the resume position,
/// written durably (`DurableFile`) so a power cut leaves the old record or the new one. The
/// record is bounded (`ShownRecord.maxDecks`, `maxKeys`): a few hundred kilobytes for 50,000 photos.
public struct ShownStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The store beside the resume position file `positionPath`.
    public init(besidePosition positionPath: String) {
        path = (positionPath as NSString).deletingLastPathComponent + "/shown.json"
    }

    /// The saved record; an empty one when there is none, or a warning when it cannot be read.
    public func load() -> (record: ShownRecord, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return (ShownRecord(), exists ? "\(path): cannot be read; every photo counts as not shown" : nil)
        }
        do {
            return (try JSONDecoder().decode(ShownRecord.self, from: data), nil)
        } catch {
            return (ShownRecord(), "\(path): not a record of shown photos; it is ignored and will be rewritten")
        }
    }

    /// Writes `record` atomically; throws a one-line reason on failure.
    public func save(_ record: ShownRecord) throws(DurableWriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw DurableWriteError(description: "cannot create \(folder): \(error.localizedDescription)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else {
            throw DurableWriteError(description: "cannot encode the record of shown photos")
        }
        try DurableFile.write(data, to: path)
    }
}
