/// The options `play` and `snapshot` share, parsed into a `ShowStyle`.
public struct CommonOptions: Equatable, Sendable {
    public var show = ShowStyle()
    public var order: SlideOrder = .name
    public var seed: UInt64 = 0
    /// `--favour recent`: newer photos come earlier in each cycle of a shuffled folder.
    public var favour: ShuffleFavour?
    public var overlay = OverlayOptions()
    /// Folders without images show a "No images yet" screen instead of failing.
    public var waitForImages = false
    /// Bad input at start (no images yet, a playlist that cannot be played) is shown on the
    /// screen and checked again, instead of ending the program.
    public var keepGoing = false
    /// How the picture is turned on the panel (`--rotate`).
    public var rotation: ScreenRotation = .none
    /// `--sync`: the show's position follows the wall clock, so screens change slides together.
    public var sync = false
    /// Where network photos are mirrored (`--cache-dir`); nil: /var/cache/vitrine when writable,
    /// else $XDG_CACHE_HOME/vitrine or ~/.cache/vitrine.
    public var cacheDirectory: String?
    /// Bytes the mirror may take on disk (`--cache-size`).
    public var cacheBytes: Int64 = 2 * 1024 * 1024 * 1024

    public init() {}
}
