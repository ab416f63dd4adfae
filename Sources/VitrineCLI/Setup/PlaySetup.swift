import Foundation
import VitrineCore
import VitrineSDL
import VitrineSystem

/// Everything `play` starts with: the configuration file and the command line
/// merged (the command line wins) and checked. Built again on SIGHUP.
struct PlaySetup {
    var options: PlayCommand.Options
    var sources: ShowSources

    init(_ args: [String]) throws {
        let (configPath, rest) = try ConfigFile.split(args)
        let config = try configPath.map { path in
            try ConfigFile.load(path) { _ = try PlayCommand.parseOptions($0) }
        }
        options = try PlayCommand.parseOptions((config?.arguments ?? []) + rest)
        try options.common.validate()
        var paths = options.positionals
        if paths.isEmpty, let config { paths = ConfigFile.sources(of: config) }
        if paths.isEmpty { paths = [CLI.demoFolder()] }
        sources = ShowSources(sources: paths, common: options.common, playlist: options.playlist)
        if let configPath { sources.display = ConfigFile.display(of: configPath).spec }
    }

    /// The settings and content a running player takes from a reload.
    func playerSetup(now: Date) throws -> PlayerSetup {
        let feed = try sources.feed(.live)
        // Files arriving wake a resting loop.
        feed.ringOnChange { LoopWake.ring() }
        if let positions = sources.positions() { feed.keepShown(in: ShownStore(besidePosition: positions.path)) }
        // Memories follow the schedule's clock (`--clock` shifts it).
        let offset = sources.wallOrigin(feed, now: now).timeIntervalSince(now)
        feed.clock = { Date().addingTimeInterval(offset) }
        return PlayerSetup(
            setup: sources.setup(feed, now: now, quitAfter: options.quitAfter, touch: options.touch), feed: feed)
    }
}
