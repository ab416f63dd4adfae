import Foundation
import VitrineCore

/// A command from the page to the running show. The host maps it onto its own command model.
public enum ShowCommand: String, Sendable, CaseIterable {
    case next
    case previous
    case pause
    case resume
    case displayOn = "display-on"
    case displayOff = "display-off"
    case displayAuto = "display-auto"
    /// Read the playlist and configuration again.
    case reload
}

/// An encoded picture and its media type (`image/jpeg`, `image/png`).
public struct EncodedImage: Sendable {
    public var bytes: Data
    public var type: String

    public init(bytes: Data, type: String) {
        self.bytes = bytes
        self.type = type
    }
}

/// One problem of a playlist or configuration edit, at its place when known.
public struct EditProblem: Equatable, Sendable {
    public var line: Int?
    public var column: Int?
    public var message: String
    /// `error` stops a save; `warning` does not.
    public var isError: Bool

    public init(line: Int?, column: Int?, message: String, isError: Bool = true) {
        self.line = line
        self.column = column
        self.message = message
        self.isError = isError
    }

    /// The problems the playlist checker finds, in its own words.
    public init(_ diagnostic: Diagnostic) {
        self.init(
            line: diagnostic.position?.line, column: diagnostic.position?.column, message: diagnostic.description,
            isError: diagnostic.severity == .error)
    }

    var json: String {
        "{\"line\":\(line.map(String.init) ?? "null"),\"column\":\(column.map(String.init) ?? "null"),"
            + "\"message\":\(JSONText.quote(message)),\"severity\":\"\(isError ? "error" : "warning")\"}"
    }
}

/// What the page needs from the running show. Every method is called on the web server's
/// threads, never on the render thread; an implementation hands commands to the frame loop
/// through a queue and answers from the latest values the loop published, never waiting for a frame.
public protocol ShowControlling: Sendable {
    /// The show's state as one JSON object: at least what `--print-state` prints; `uptime` (seconds)
    /// and `warnings` (a list of strings) are shown when present.
    func stateJSON() -> String
    /// The frame on the screen now, as JPEG or PNG; nil before the first frame.
    func currentFrame() -> EncodedImage?
    /// Queues a command; nil when accepted, else one line why not.
    func send(_ command: ShowCommand) -> String?
    /// The playlist file the page edits; nil when the show plays folders.
    var playlistPath: String? { get }
    /// Every problem of a playlist text, as `vitrine check` finds them.
    func check(playlist text: String) -> [EditProblem]
    /// The frame the screen will show at `moment`, as PNG; nil when it cannot be drawn.
    func preview(at moment: Date) -> Data?
    /// The week chart as `vitrine schedule --png` draws it; nil without a schedule.
    func scheduleChart() -> Data?
    /// The watched folder uploads go to.
    var uploadFolder: String { get }
    /// The configuration file Settings writes; nil when there is none to write.
    var configPath: String? { get }
    /// Every problem of a configuration text, as `vitrine check --config` finds them.
    func check(config text: String) -> [EditProblem]
    /// Whether the file can be decoded as a picture (the decode probe of uploads).
    func canDecode(_ path: String) -> Bool
    /// The folders a playlist saved from the page may name files and folders under.
    var mediaRoots: [String] { get }
}

extension ShowControlling {
    /// The upload folder only, unless the show says more.
    public var mediaRoots: [String] { [uploadFolder] }

    /// The playlist checker of VitrineCore on the text, as if it were the file at `playlistPath`,
    /// the files and folders it names looked up on disk.
    public func check(playlist text: String) -> [EditProblem] {
        let file = playlistPath ?? "playlist.json"
        return PlaylistDecoder.decode(text, file: file, probe: pathKindOnDisk).diagnostics.map(EditProblem.init)
    }
}

/// What is at `path` on disk, for the playlist checker.
func pathKindOnDisk(_ path: String) -> PathKind {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
    return isDirectory.boolValue ? .directory : .file
}
