import Foundation

/// The command-line options of one run that `play` and `snapshot` take besides the common
/// ones (`--clock`, `--state-file`, `--no-resume`, `--wake-minutes`), and which common
/// options the command line set explicitly (those win over a playlist's `PlaylistStyle`).
public struct RunOptions: Sendable {
    /// `--clock`: the wall time at show time 0, as written.
    public var clock: String?
    /// `--state-file`: where the resume position is kept.
    public var stateFile: String?
    /// `--no-resume`: start from the first slide and do not save the position.
    public var noResume = false
    /// `--wake-minutes`: how long a touch wakes the display during an off window.
    public var wakeMinutes: Double?
    /// The common options given on the command line, such as `--interval`.
    public var given: Set<String> = []

    public init() {}
}

extension PlaylistContent {
    /// Empty content for `document`, with the command line's order and seed.
    public init(document: PlaylistDocument, common: CommonOptions, given: Set<String>) {
        self.init(
            document: document, fallbackOrder: common.order, fallbackSeed: common.seed,
            forcedOrder: given.contains("--order") ? common.order : nil,
            forcedSeed: given.contains("--seed") ? common.seed : nil)
        favourRecent = common.favour == .recent
    }
}
