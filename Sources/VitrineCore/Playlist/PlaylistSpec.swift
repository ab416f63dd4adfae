import Foundation

/// A named list of items with its defaults.
public struct PlaylistSpec: Equatable, Sendable {
    public var name: String
    /// The file's top-level defaults with this playlist's own on top.
    public var defaults: PlaylistStyle
    public var items: [PlaylistItem]

    public init(name: String, defaults: PlaylistStyle = PlaylistStyle(), items: [PlaylistItem]) {
        self.name = name
        self.defaults = defaults
        self.items = items
    }

    /// The show options for this playlist: `base` (the command line) with the
    /// playlist's defaults applied, except where the command line set a value
    /// explicitly (`given` holds option names such as `--interval`).
    public func options(base: ShowStyle, given: Set<String> = []) -> ShowStyle {
        var options = base
        if let v = defaults.interval, !given.contains("--interval") { options.interval = v }
        if let v = defaults.transition, !given.contains("--transition") { options.transition = v }
        if let v = defaults.transitionDuration, !given.contains("--transition-duration") {
            options.transitionDuration = v
        }
        if let v = defaults.fit, !given.contains("--fit") { options.fit = v }
        if let v = defaults.motion, !given.contains("--motion") { options.motion = v }
        if let v = defaults.fill, !given.contains("--fill") { options.fill = v }
        if let v = defaults.pair, !given.contains("--pair"), !given.contains("--no-pair") { options.pair = v }
        return options
    }
}
