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
    /// Which picture of the screen it is (counted from 1), when the show counts them.
    public var number: Int

    public init(bytes: Data, type: String, number: Int = 0) {
        self.bytes = bytes
        self.type = type
        self.number = number
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

    /// The problems the playlist checker finds, its place said in words: `Playlist “evening”,
    /// item 1: duration must be …` for `playlists.evening.items[0].duration: must be …`.
    public init(_ diagnostic: Diagnostic) {
        let place = Self.plainPlace(diagnostic.path)
        let message: String
        switch (place.within.isEmpty, place.field) {
        case (true, nil): message = diagnostic.message
        case (true, let field?): message = "\(field) \(diagnostic.message)"
        case (false, nil): message = "\(place.within): \(diagnostic.message)"
        case (false, let field?): message = "\(place.within): \(field) \(diagnostic.message)"
        }
        self.init(
            line: diagnostic.position?.line, column: diagnostic.position?.column,
            message: message.prefix(1).uppercased() + message.dropFirst(), isError: diagnostic.severity == .error)
    }

    /// A checker's path (`playlists.evening.items[0].duration`) as the places it is in
    /// (`Playlist “evening”, item 1`) and the field it names (`duration`).
    static func plainPlace(_ path: String) -> (within: String, field: String?) {
        var places: [String] = []
        var field: String?
        var parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
        while let part = parts.popFirst(), !part.isEmpty {
            if let field { places.append(field) }
            field = nil
            let name = String(part.prefix { $0 != "[" })
            let indexes = part.split(separator: "[").dropFirst().compactMap { Int($0.dropLast()) }
            switch (name, indexes.first) {
            case ("playlists", nil):
                if let playlist = parts.popFirst() { places.append("Playlist “\(playlist)”") }
            case ("items", let index?): places.append("item \(index + 1)")
            case ("rules", let index?): places.append("rule \(index + 1)")
            case ("off", let index?): places.append("display-off window \(index + 1)")
            case (_, let index?): places.append("\(name) \(index + 1)")
            case ("schedule", nil) where !parts.isEmpty: places.append("Schedule")
            case ("display", nil) where !parts.isEmpty: places.append("Display")
            default: field = name
            }
        }
        return (places.joined(separator: ", "), field)
    }

    var json: JSONOutput {
        .object([
            ("line", .optional(line)), ("column", .optional(column)), ("message", .string(message)),
            ("severity", .string(isError ? "error" : "warning")),
        ])
    }
}

/// What the page needs from the running show. Every method is called on the web server's
/// threads, never on the render thread; an implementation hands commands to the frame loop
/// through a queue and answers from the latest values the loop published, never waiting for a frame.
public protocol ShowControlling: Sendable {
    /// The photos hidden from the screen's info panel or a remote, oldest first (paths).
    func hiddenPhotos() -> [String]
    /// Queues showing a hidden photo again; nil when accepted, else one line why not.
    func showAgain(_ path: String) -> String?
    /// The show's state as one JSON object: at least what `--print-state` prints; `uptime` (seconds)
    /// and `warnings` (a list of strings) are shown when present.
    func stateJSON() -> JSONOutput
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
    /// Why the file cannot be shown, in a few words ("over the 50 megapixels limit"); nil when it can.
    func decodeProblem(_ path: String) -> String?
    /// The show's state for the live Now page: like `stateJSON` without what ticks by itself
    /// (uptime), with `frame`, the number of the picture `currentFrame` gives now.
    func liveJSON() -> String
    /// Calls `action` (on any thread) each time the state or the picture changes in a way a
    /// person would see; called once, when the page starts.
    func onChange(_ action: @escaping @Sendable () -> Void)
    /// The frame on the screen now, at most `width` pixels wide (nil: the remote's small size).
    func currentFrame(width: Int?) -> EncodedImage?
    /// The week from today as the Schedule page draws it: `{"playlists":[{"name","colour"}],
    /// "days":[{"date","label","segments":[{"from","to","playlist","on"}]}]}` (hours 0–24 of
    /// each local day); nil without a playlist file.
    func scheduleWeek() -> JSONOutput?
    /// What the schedule says at `moment`: the playlist and whether the display is on; nil
    /// without a schedule.
    func scheduled(at moment: Date) -> (playlist: String, displayOn: Bool)?
    /// A small JPEG of the picture file at `path`, made by the decode worker (nil when it cannot be made).
    func thumbnail(_ path: String, side: Int) -> Data?
    /// The folders a playlist saved from the page may name files and folders under.
    var mediaRoots: [String] { get }
    /// The caption `template` makes for the picture file at `photo`, filled from that photo's
    /// own details by the show's caption code (the one the screen draws with); nil when the
    /// photo has none of the template's fields.
    func caption(_ template: String, photo: String) -> String?
}

extension ShowControlling {
    /// The upload folder only, unless the show says more.
    public var mediaRoots: [String] { [uploadFolder] }

    public func decodeProblem(_ path: String) -> String? { canDecode(path) ? nil : "cannot be decoded as a picture" }
    public func liveJSON() -> String { stateJSON().rendered }
    public func onChange(_ action: @escaping @Sendable () -> Void) {}
    public func currentFrame(width: Int?) -> EncodedImage? { currentFrame() }
    public func thumbnail(_ path: String, side: Int) -> Data? { nil }
    /// Without the photo's details: the fields a photo's path alone gives.
    public func caption(_ template: String, photo: String) -> String? {
        CaptionTemplate(template).render(CaptionFacts(path: photo, metadata: nil).value)
    }
    public func scheduleWeek() -> JSONOutput? { nil }
    public func scheduled(at moment: Date) -> (playlist: String, displayOn: Bool)? { nil }

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

/// A show that keeps no hidden photos (a preview, a test) has none to list.
extension ShowControlling {
    public func hiddenPhotos() -> [String] { [] }
    public func showAgain(_ path: String) -> String? { "this show keeps no hidden photos" }
}
