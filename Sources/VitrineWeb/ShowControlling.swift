import Foundation
import VitrineCore

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
