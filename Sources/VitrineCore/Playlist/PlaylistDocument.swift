import Foundation

/// Defaults a playlist sets for its slides; nil means the command line's (or built-in) value.
public struct PlaylistDefaults: Equatable, Sendable {
    public var interval: Double?
    public var transition: TransitionKind?
    public var transitionDuration: Double?
    public var fit: FitMode?
    public var motion: DwellMotion?
    /// The order of a folder's images.
    public var order: SlideOrder?
    public var seed: UInt64?

    public init() {}

    /// These defaults where set, `base` otherwise.
    public func over(_ base: PlaylistDefaults) -> PlaylistDefaults {
        var merged = base
        merged.interval = interval ?? base.interval
        merged.transition = transition ?? base.transition
        merged.transitionDuration = transitionDuration ?? base.transitionDuration
        merged.fit = fit ?? base.fit
        merged.motion = motion ?? base.motion
        merged.order = order ?? base.order
        merged.seed = seed ?? base.seed
        return merged
    }
}

/// A folder of images as a playlist item.
public struct FolderSource: Equatable, Sendable {
    /// Absolute path.
    public var path: String
    public var recursive: Bool = false
    /// Only images matching one of these (relative to the folder) are shown; empty means all.
    public var include: [Glob] = []
    /// Images matching one of these are left out.
    public var exclude: [Glob] = []
    /// nil means the playlist's default order.
    public var order: SlideOrder?
    public var seed: UInt64?

    public init(path: String) {
        self.path = path
    }

    /// Whether the file at `relativePath` inside the folder belongs to the show:
    /// an image, not hidden, within reach, included and not excluded.
    public func accepts(_ relativePath: String) -> Bool {
        guard ImageFileNames.isImagePath(relativePath) || VideoFileNames.isVideoPath(relativePath) else {
            return false
        }
        let components = relativePath.split(separator: "/")
        guard !components.contains(where: { $0.hasPrefix(".") }) else { return false }
        if !recursive, components.count > 1 { return false }
        if !include.isEmpty, !include.contains(where: { $0.matches(relativePath) }) { return false }
        return !exclude.contains { $0.matches(relativePath) }
    }
}

/// One entry of a playlist: an image or a folder, and what it overrides for its slides.
public struct PlaylistItem: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// Absolute path of an image file.
        case image(String)
        case folder(FolderSource)
        /// A place on the network, played from its mirror.
        case network(NetworkItem)
    }

    public var source: Source
    public var duration: Double?
    public var transition: TransitionKind?
    public var fit: FitMode?
    public var caption: String?
    /// The item is a video clip (`"video"`), and how it plays (`loop`, `audio`).
    public var isVideo = false
    public var loop: Bool?
    public var audio: Bool?
    /// Where the item's image or folder path is written in the file.
    public var position: SourcePosition?

    public init(source: Source) {
        self.source = source
    }

    /// The slide of one image of this item.
    public func slide(_ path: String) -> Slide {
        let video =
            isVideo || VideoFileNames.isVideoPath(path)
            ? SlideVideo(loop: loop ?? false, audio: audio ?? false) : nil
        return Slide(source: path, duration: duration, transition: transition, fit: fit, caption: caption, video: video)
    }
}

/// A named list of items with its defaults.
public struct PlaylistSpec: Equatable, Sendable {
    public var name: String
    /// The file's top-level defaults with this playlist's own on top.
    public var defaults: PlaylistDefaults
    public var items: [PlaylistItem]

    public init(name: String, defaults: PlaylistDefaults = PlaylistDefaults(), items: [PlaylistItem]) {
        self.name = name
        self.defaults = defaults
        self.items = items
    }

    /// The show options for this playlist: `base` (the command line) with the
    /// playlist's defaults applied, except where the command line set a value
    /// explicitly (`given` holds option names such as `--interval`).
    public func options(base: ShowOptions, given: Set<String> = []) -> ShowOptions {
        var options = base
        if let v = defaults.interval, !given.contains("--interval") { options.interval = v }
        if let v = defaults.transition, !given.contains("--transition") { options.transition = v }
        if let v = defaults.transitionDuration, !given.contains("--transition-duration") {
            options.transitionDuration = v
        }
        if let v = defaults.fit, !given.contains("--fit") { options.fit = v }
        if let v = defaults.motion, !given.contains("--motion") { options.motion = v }
        return options
    }
}

/// A command run when the display turns on or off.
public enum HookCommand: Equatable, Sendable, CustomStringConvertible {
    /// Run by `/bin/sh -c`, so redirections work (`echo 1 > /sys/…/bl_power`).
    case shell(String)
    /// Run directly, no shell.
    case arguments([String])

    /// The program and its arguments.
    public var argv: [String] {
        switch self {
        case .shell(let line): return ["/bin/sh", "-c", line]
        case .arguments(let args): return args
        }
    }

    public var description: String {
        switch self {
        case .shell(let line): return line
        case .arguments(let args): return args.joined(separator: " ")
        }
    }
}

/// When the display is off and what to run when it changes.
public struct DisplayPowerSpec: Equatable, Sendable {
    public var off: [TimeWindow] = []
    public var onCommand: HookCommand?
    public var offCommand: HookCommand?
    /// Seconds a command may run before it is killed.
    public var commandTimeout: Double = 10
    /// Minutes a touch wakes the display for; nil means the command line's (default 5).
    public var wakeMinutes: Double?
    /// Whether `commandTimeout` was written (so a configuration file's does not replace it).
    public var timeoutGiven = false
    /// `"dpms"`: whether the player switches its connector's DPMS itself; nil means yes.
    public var dpms: Bool?
    /// `"backlight"`: the backlight device the player sets, nil for none.
    public var backlight: BacklightSpec?
    /// `"dim"`: when the backlight is turned down.
    public var dim: [DimWindow] = []
    /// `"cec"`: HDMI-CEC standby and wake for the TV, nil for none.
    public var cec: CECSpec?

    public init() {}
}

/// A whole playlist file: one playlist, or several with a schedule; and the display's power.
public struct PlaylistDocument: Equatable, Sendable {
    public var version: Int
    /// Absolute path of the file.
    public var file: String
    /// The IANA name of the zone schedules are written in; nil means the system's.
    public var timeZoneName: String?
    /// In the order written; a file with top-level `items` has one, named after the file.
    public var playlists: [PlaylistSpec]
    /// Whether the file names its playlists (has `playlists`).
    public var isScheduled: Bool
    public var defaultPlaylist: String
    public var rules: [ScheduleRule]
    public var display: DisplayPowerSpec
    /// `"sync": true`: the show's position follows the wall clock, so screens with the same file change together.
    public var sync: Bool = false

    public init(
        version: Int = 1, file: String, timeZoneName: String? = nil, playlists: [PlaylistSpec],
        isScheduled: Bool = false, defaultPlaylist: String? = nil, rules: [ScheduleRule] = [],
        display: DisplayPowerSpec = DisplayPowerSpec()
    ) {
        self.version = version
        self.file = file
        self.timeZoneName = timeZoneName
        self.playlists = playlists
        self.isScheduled = isScheduled
        self.defaultPlaylist = defaultPlaylist ?? playlists.first?.name ?? ""
        self.rules = rules
        self.display = display
    }

    public func playlist(named name: String) -> PlaylistSpec? {
        playlists.first { $0.name == name }
    }

    /// The zone of the file, or `fallback` (the system's) when it names none or an unknown one.
    public func timeZone(fallback: TimeZone = .current) -> TimeZone {
        timeZoneName.flatMap(TimeZone.init(identifier:)) ?? fallback
    }

    /// The schedule: rules, default playlist and the display's off windows.
    public func schedule(fallbackZone: TimeZone = .current) -> Schedule {
        Schedule(
            timeZone: timeZone(fallback: fallbackZone), defaultPlaylist: defaultPlaylist, rules: rules,
            displayOff: display.off)
    }
}

extension PlaylistDocument {
    /// The document a command line's SOURCEs make: each folder a folder item
    /// (its images, not its subfolders), each file an image item, in the order
    /// given. It is played like a playlist file, without a file to watch.
    public static func commandLine(_ sources: [(path: String, isFolder: Bool)]) -> PlaylistDocument {
        commandLine(sources.map { .local(path: $0.path, isFolder: $0.isFolder) })
    }

    /// One SOURCE of a command line: a file or folder, or a network source (an http(s) address).
    public enum CommandLineSource: Equatable, Sendable {
        case local(path: String, isFolder: Bool)
        case network(NetworkSource)
    }

    /// The same, with network sources (`NetworkSourceDecoder.commandLineSource`) as network items.
    public static func commandLine(_ sources: [CommandLineSource]) -> PlaylistDocument {
        let items = sources.map { source in
            switch source {
            case .local(let path, let isFolder):
                return PlaylistItem(source: isFolder ? .folder(FolderSource(path: path)) : .image(path))
            case .network(let network):
                return PlaylistItem(source: .network(NetworkItem(source: network)))
            }
        }
        return PlaylistDocument(file: "", playlists: [PlaylistSpec(name: "sources", items: items)])
    }

    /// Every network source of every playlist, each once.
    public var networkSources: [NetworkSource] {
        var out: [NetworkSource] = []
        for playlist in playlists {
            for item in playlist.items {
                if case .network(let network) = item.source, !out.contains(where: { $0.key == network.source.key }) {
                    out.append(network.source)
                }
            }
        }
        return out
    }
}
