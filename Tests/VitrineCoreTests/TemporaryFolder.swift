import Foundation

/// A folder under the system's temporary folder, removed when released.
final class TemporaryFolder {
    let path: String

    init(_ name: String = #function) throws {
        let base = FileManager.default.temporaryDirectory.path
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path = base + "/vitrine-\(safe)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }
    func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, creating folders on the way.
    func write(_ relative: String, _ text: String = "image bytes") throws {
        let url = url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: at(relative), withIntermediateDirectories: true)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: at(relative))
    }

    func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(atPath: at(from), toPath: at(to))
    }
}
