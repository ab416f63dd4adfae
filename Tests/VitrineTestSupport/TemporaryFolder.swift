import Foundation

/// A folder under the system's temporary folder, removed when released.
public final class TemporaryFolder {
    public let path: String

    /// Creates the folder, named after `name` (the test function by default).
    public init(_ name: String = #function) throws {
        let base = FileManager.default.temporaryDirectory.path
        let safe = name.filter { $0.isLetter || $0.isNumber }
        path = base + "/vitrine-\(safe)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A URL inside the folder.
    public func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }
    /// A path inside the folder.
    public func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, creating folders on the way.
    public func write(_ relative: String, _ text: String = "image bytes") throws {
        let url = url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Creates a folder (and the ones on the way).
    public func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: at(relative), withIntermediateDirectories: true)
    }

    /// Removes a file or folder.
    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: at(relative))
    }

    /// Renames a file or folder.
    public func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(atPath: at(from), toPath: at(to))
    }
}
