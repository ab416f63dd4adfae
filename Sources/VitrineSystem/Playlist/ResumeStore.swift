import Foundation
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the resume position in a small JSON file, written durably (`DurableFile`: a
/// temporary file in the same folder, fsync, rename, fsync of the folder), so a power cut
/// leaves either the old position or the new one, never half of one; what a cut leaves
/// behind is removed at the next start (`sweepLeftovers`).
public struct ResumeStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// What reading the file gave.
    public typealias Loaded = ResumeLoad

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
        do {
            try DurableFile.write(data, to: path)
        } catch {
            throw ResumeError(description: "cannot save the resume position: \(error)")
        }
    }

    /// The state folder and what in it is ours to sweep: our temporary names, and the
    /// `position.json.tmp-PID` files that earlier versions wrote.
    public var leftoverFolder: (path: String, alsoOurs: @Sendable (String) -> Int32?) {
        let name = (path as NSString).lastPathComponent
        return (
            LeftoverFiles.folder(of: path),
            { entry in
                guard entry.hasPrefix(name + ".tmp-") else { return nil }
                return Int32(entry.dropFirst(name.count + 5))
            }
        )
    }
}

extension ResumeStore: PositionStore {}
