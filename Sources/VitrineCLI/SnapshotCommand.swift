import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL
import VitrineSystem

/// `vitrine snapshot`: one frame of the show to a PNG, without a display.
enum SnapshotCommand {
    static let command = CLI.Command(
        name: "snapshot",
        summary: "render the frame at a time of the show to a PNG, no display needed",
        help: """
            Usage: vitrine snapshot [SOURCE…|PLAYLIST.json] --at SECONDS --out FILE.png [options]

            Renders the frame at time SECONDS of the show (every image decoded, as if
            nothing were ever late) with the software renderer. Needs no X, Wayland or
            DRM device. SOURCE is a folder or an image file; none means the bundled demo.
            A video clip's slide shows the clip's exact frame at that time.

            Options:
              --at SECONDS                   the time of the frame (required)
              --out FILE.png                 where to write the PNG (required)
              --size WxH                     output size (default 1280x720)
              --print-state                  also print the show state as one JSON line
            \(PlaylistOptions.snapshotHelp)
            \(CommonOptions.help)
            \(DecodeOptions.help)
            Touch and mouse (replayed from --input):
            \(TouchOptions.help)
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var common = CommonOptions()
        var decoding = DecodeOptions()
        var at: Double?
        var out: String?
        var size = Size(width: 1280, height: 720)
        var printState = false
        var playlist = PlaylistOptions()
        var touch = TouchOptions()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            if try playlist.apply(option, from: &scanner, play: false) { continue }
            if try common.apply(option, from: &scanner) { continue }
            if try decoding.apply(option, from: &scanner) { continue }
            if try touch.apply(option, from: &scanner) { continue }
            switch option {
            case "--at": at = try scanner.seconds(for: option, allowZero: true)
            case "--out": out = try scanner.value(for: option)
            case "--size": size = try scanner.size(for: option)
            case "--print-state": printState = true
            default: throw UsageError("unknown option \(option); run 'vitrine snapshot --help'")
            }
        }
        guard let at else { throw UsageError("snapshot needs --at SECONDS, the time of the frame") }
        guard let out else { throw UsageError("snapshot needs --out FILE.png, where to write the frame") }
        try common.validate()
        let paths = scanner.positionals.isEmpty ? [CLI.demoFolder()] : scanner.positionals
        let sources = ShowSources(sources: paths, common: common, playlist: playlist)
        let input = try touch.loadInput()
        let now = Date()
        let first = try sources.feed(.still)
        let setup = sources.setup(first, now: now, touch: touch)
        var snapshot = Snapshot(size: size, decoder: decoding.isolatedDecoder(), fontPath: common.overlay.font)
        snapshot.log = Log("snapshot")
        var feed: PlaylistSession? = first
        let frame = try snapshot.render(at: at) { failed in
            // The first run uses the feed made above; each later one a fresh feed of the same sources.
            let fresh = feed ?? ((try? sources.feed(.still)) ?? first)
            feed = nil
            for path in failed { _ = fresh.markFailed(path) }
            return sources.director(fresh, setup: setup, output: size, now: now, positions: nil, input: input)
        }
        try frame.canvas.savePNG(to: out)
        if printState { print(MirrorSettings.withMirror(frame.report.json, first.mirrorStatus)) }
        return 0
    }
}
