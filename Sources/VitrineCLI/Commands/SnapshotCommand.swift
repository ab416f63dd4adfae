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
              --timings                      print the time of each step to standard error
              --in-process                   decode in this process, without a decode worker: saves
                                             the worker's start-up (tens of ms), but a file that
                                             crashes or hangs the decoder ends or hangs the snapshot
            \(RunOptions.snapshotHelp)
            \(CommonOptions.help)
            \(DecodeOptions.help)
            Touch and mouse (replayed from --input):
            \(TouchOptions.help)
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var common = CommonOptions()
        var decoding = DecodeOptions()
        var at: ShowTime?
        var out: String?
        var size = Size(width: 1280, height: 720)
        var printState = false
        var showTimings = false
        var inProcess = false
        // Measured always (a clock read a step), printed with --timings.
        let timings = StepTimings()
        var playlist = RunOptions()
        var touch = TouchOptions()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            if try playlist.apply(option, from: &scanner, play: false) { continue }
            if try common.apply(option, from: &scanner) { continue }
            if try decoding.apply(option, from: &scanner) { continue }
            if try touch.apply(option, from: &scanner) { continue }
            switch option {
            case "--at": at = .zero + (try scanner.seconds(for: option, allowZero: true))
            case "--out": out = try scanner.value(for: option)
            case "--size": size = try scanner.size(for: option)
            case "--print-state": printState = true
            case "--timings": showTimings = true
            case "--in-process": inProcess = true
            default: throw UsageError("unknown option \(option); run 'vitrine snapshot --help'")
            }
        }
        guard let at else { throw UsageError("snapshot needs --at SECONDS, the time of the frame") }
        guard let out else { throw UsageError("snapshot needs --out FILE.png, where to write the frame") }
        try common.validate()
        if let age = StepTimings.processAge() { timings.add("start-up (exec to options read)", seconds: age) }
        // The worker starts now, while the sources are listed and the show is laid out, instead of
        // when the first image is wanted (its start-up then costs the snapshot nothing more).
        let decoder: any ImageDecoding
        if inProcess {
            decoder = MediaDecoder(limits: decoding.limits)
        } else {
            // No frames to give way to: the worker runs at the snapshot's own priority.
            // A cover fit or Ken Burns looks for faces: the worker makes its detector as it starts.
            let faces = common.show.fit == .cover || common.show.motion == .kenburns
            let isolated = decoding.isolatedDecoder(priority: .normal, faces: faces)
            timings.measure("decode worker spawned") { isolated.prepare() }
            decoder = isolated
        }
        let paths = scanner.positionals.isEmpty ? [CLI.demoFolder()] : scanner.positionals
        let sources = ShowSources(sources: paths, common: common, playlist: playlist)
        let input = try touch.loadInput()
        let now = Date()
        let first = try timings.measure("sources listed") { () throws in try sources.feed(.still) }
        let setup = sources.setup(first, now: now, touch: touch)
        var snapshot = Snapshot(size: size, decoder: decoder, fontPath: common.overlay.font)
        snapshot.log = Log("snapshot")
        snapshot.timings = timings
        var feed: PlaylistSession? = first
        let frame = try snapshot.render(at: at) { failed in
            // The first run uses the feed made above; each later one the content it listed (the
            // folders are not walked again), or with network sources (whose downloads the frame
            // shows) a fresh feed of the same sources.
            let fresh: any ContentFeed =
                feed
                ?? (first.document.networkSources.isEmpty
                    ? FixedFeed(content: first.content)
                    : timings.measure("sources listed") { (try? sources.feed(.still)) ?? first })
            feed = nil
            for path in failed { _ = fresh.markFailed(path) }
            return sources.director(fresh, setup: setup, output: size, now: now, positions: nil, input: input)
        }
        try timings.measure("PNG encoded and written") { () throws in try frame.canvas.savePNG(to: out) }
        if printState { print(MirrorSettings.withMirror(frame.report, first.mirrorStatus)) }
        if showTimings {
            FileHandle.standardError.write(Data("snapshot steps:\n\(timings.report())\n".utf8))
        }
        return 0
    }
}
