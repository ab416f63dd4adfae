import Foundation

/// Where the show was: enough to carry on after a restart or a power cut.
public struct ResumePosition: Codable, Equatable, Sendable {
    /// What was playing: the playlist file (absolute) or the command line's sources.
    public var origin: String
    /// A fingerprint of the playlist file's contents (and the order options): the
    /// position is used only when it matches, that is when the playlist is unchanged.
    public var fingerprint: String
    public var playlist: String
    /// The image showing.
    public var source: String
    public var index: Int
    public var seed: UInt64

    public init(origin: String, fingerprint: String, playlist: String, source: String, index: Int, seed: UInt64) {
        self.origin = origin
        self.fingerprint = fingerprint
        self.playlist = playlist
        self.source = source
        self.index = index
        self.seed = seed
    }

    /// A fingerprint of `text` (a playlist file's bytes, plus options), stable across runs.
    public static func fingerprint(_ text: String) -> String {
        String(ShuffleKey.key(text, seed: 0x5649_5452_494E_4531), radix: 16)
    }
}

/// Keeps the resume position in a small JSON file, written atomically
/// (a temporary file in the same folder, then a rename), so a power cut leaves
/// either the old position or the new one, never half of one.
public struct ResumeStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// What reading the file gave.
    public enum Loaded: Equatable, Sendable {
        case none
        case position(ResumePosition)
        /// The file exists but cannot be used; the message says why, for a warning.
        case unusable(String)
    }

    /// `$XDG_STATE_HOME/vitrine/position.json`; else `/var/lib/vitrine/position.json`
    /// when that folder is writable (a system service); else `~/.local/state/vitrine/position.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/vitrine/position.json"
        }
        if access("/var/lib/vitrine", W_OK) == 0 { return "/var/lib/vitrine/position.json" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/vitrine/position.json"
    }

    public func load() -> Loaded {
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? .unusable("\(path): cannot be read") : .none
        }
        do {
            return .position(try JSONDecoder().decode(ResumePosition.self, from: data))
        } catch {
            return .unusable(
                "\(path): not a resume position (\(Self.reason(error))); it is ignored and will be rewritten")
        }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "not valid JSON"
        case DecodingError.keyNotFound(let key, _): return "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "unreadable"
        }
    }

    /// Writes `position` atomically; throws a one-line reason on failure.
    public func save(_ position: ResumePosition) throws(ResumeError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ResumeError(
                description: "cannot create \(folder) for the resume position: \(error.localizedDescription)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(position) else {
            throw ResumeError(description: "cannot encode the resume position")
        }
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ResumeError(description: "cannot write \(temporary); check that \(folder) is writable")
        }
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw ResumeError(description: "cannot rename \(temporary) to \(path): \(why)")
        }
    }
}

/// Why the resume position could not be saved.
public struct ResumeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}

extension ResumeStore: PositionStore {}
