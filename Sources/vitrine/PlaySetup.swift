import VitrineCore
import VitrineSDL

/// Everything `play` starts with: the configuration file and the command line
/// merged (the command line wins), checked, and the sources scanned. Built
/// again on SIGHUP.
struct PlaySetup {
    var options: PlayCommand.Options
    /// The SOURCE arguments: the command line's, else the configuration's, else the demo.
    var sources: [String]
    var slides: [Slide]
    /// The playlist file to play live, when the source is one (its slides come from it, not a scan).
    var playlistFile: String?

    init(_ args: [String]) throws {
        let (configPath, rest) = try ConfigFile.split(args)
        let config = try configPath.map { path in
            try ConfigFile.load(path) { _ = try PlayCommand.parseOptions($0) }
        }
        options = try PlayCommand.parseOptions((config?.arguments ?? []) + rest)
        try options.common.validate()
        var sources = options.positionals
        if sources.isEmpty, let config { sources = ConfigFile.sources(of: config) }
        if sources.isEmpty { sources = [CLI.demoFolder()] }
        self.sources = sources
        if PlaylistOptions.isPlaylistFile(sources) {
            playlistFile = sources[0]
            slides = []
        } else {
            slides = try options.common.scanner.scan(sources).map { Slide(source: $0) }
        }
    }

    /// What a running player takes from a reload.
    var playerSetup: PlayerSetup {
        let scanner = options.common.scanner
        let sources = sources
        let list: (@Sendable () -> [String])? =
            playlistFile == nil ? { @Sendable () -> [String] in (try? scanner.scan(sources)) ?? [] } : nil
        return PlayerSetup(
            slides: slides, options: options.common.show, overlays: options.common.overlay,
            rotation: options.display.rotation, sources: sources, listSources: list)
    }
}
