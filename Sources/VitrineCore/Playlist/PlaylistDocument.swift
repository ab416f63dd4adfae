import Foundation

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
    public var display: DisplaySpec
    /// `"sync": true`: the show's position follows the wall clock, so screens with the same file change together.
    public var sync: Bool = false

    public init(
        version: Int = 1, file: String, timeZoneName: String? = nil, playlists: [PlaylistSpec],
        isScheduled: Bool = false, defaultPlaylist: String? = nil, rules: [ScheduleRule] = [],
        display: DisplaySpec = DisplaySpec()
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
