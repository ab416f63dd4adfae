import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL
import VitrineSystem

/// `vitrine soak`: thousands of transitions at accelerated time, headless,
/// watching resident memory and open file descriptors for leaks.
enum SoakCommand {
    static let command = CLI.Command(
        name: "soak",
        summary: "run many transitions headless and check that memory and descriptors stay flat",
        help: """
            Usage: vitrine soak [SOURCE…] [options]

            Runs the show at accelerated time without a display: real decodes on the
            loader thread, real texture uploads and drawing with SDL's software
            renderer. Every --every transitions it prints resident memory (VmRSS) and
            the number of open file descriptors. After the warm-up, memory must grow
            by less than --memory-limit and descriptors not at all: it prints PASS,
            or FAIL with the reason and exits 1. With no SOURCE, the bundled demo.

            Options:
              --transitions N                transitions to run (default 10000)
              --every N                      transitions between two samples (default 1000)
              --warm-up N                    transitions before the baseline sample (default: --every)
              --memory-limit MB              allowed memory growth after warm-up (default 5)
              --size WxH                     canvas size (default 640x360)
              --frame SECONDS                show time a frame advances (default 0.25)
            \(CommonOptions.help)
              Here --interval defaults to 1 and --transition-duration to 0.5, so that a
              transition takes four frames.
            """,
        run: run)

    struct Settings {
        var common = CommonOptions()
        var transitions = 10_000
        var every = 1_000
        var warmUp: Int?
        var memoryLimitMB = 5.0
        var size = Size(width: 640, height: 360)
        var frame: Seconds = 0.25
    }

    static func run(_ args: [String]) throws -> Int32 {
        var settings = Settings()
        settings.common.show.interval = 1
        settings.common.show.transitionDuration = 0.5
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            if try settings.common.apply(option, from: &scanner) { continue }
            switch option {
            case "--transitions": settings.transitions = try count(&scanner, option)
            case "--every": settings.every = try count(&scanner, option)
            case "--warm-up": settings.warmUp = try count(&scanner, option, allowZero: true)
            case "--memory-limit": settings.memoryLimitMB = try scanner.seconds(for: option, allowZero: true).value
            case "--size": settings.size = try scanner.size(for: option)
            case "--frame": settings.frame = try scanner.seconds(for: option)
            default: throw UsageError("unknown option \(option); run 'vitrine soak --help'")
            }
        }
        try settings.common.validate()
        let paths = scanner.positionals.isEmpty ? [CLI.demoFolder()] : scanner.positionals
        let sources = ShowSources(sources: paths, common: settings.common, playlist: RunOptions())
        let feed = try sources.feed(.still)
        let now = Date()
        let director = sources.director(
            feed, setup: sources.setup(feed, now: now, touch: TouchOptions()), output: settings.size, now: now,
            positions: nil, input: [])
        let count = director.engine.show.count
        guard count >= 2 else {
            throw UsageError(
                "soak needs at least two images to have transitions; \(paths.joined(separator: " ")) holds \(count)")
        }
        return try soak(director, images: count, settings: settings)
    }

    private static func count(_ scanner: inout ArgumentScanner, _ option: String, allowZero: Bool = false) throws
        -> Int
    {
        let text = try scanner.value(for: option)
        guard let value = Int(text), allowZero ? value >= 0 : value > 0 else {
            throw UsageError("\(option) \(text): expected a whole number \(allowZero ? "≥ 0" : "> 0")")
        }
        return value
    }

    private static func soak(_ director: ShowDirector, images: Int, settings: Settings) throws -> Int32 {
        let show = try HeadlessShow(
            director: director, size: settings.size, frameTime: settings.frame,
            decoder: DecodeOptions().isolatedDecoder())
        let warmUp = settings.warmUp ?? settings.every
        let verdict = SoakVerdict(
            warmUpTransitions: warmUp, memoryLimit: Int(settings.memoryLimitMB * 1_048_576))
        let o = settings.common.show
        say(
            "soak: \(settings.transitions) transitions of \(images) images at "
                + "\(Int(settings.size.width))x\(Int(settings.size.height)), interval \(o.interval.value) s, "
                + "\(o.transition.rawValue) \(o.transitionDuration.value) s, \(settings.frame.value) s a frame; "
                + "warm-up \(warmUp) transitions")
        say(row("transitions", "rss", "fds", "decodes", "frames", "elapsed"))
        let start = Date()
        var samples: [ResourceSample] = []
        func sample() throws {
            let sample = ResourceSample(
                transitions: show.transitions, residentBytes: ProcessResources.residentBytes() ?? 0,
                openDescriptors: ProcessResources.openDescriptors() ?? 0)
            samples.append(sample)
            let elapsed = String(format: "%.1f s", Date().timeIntervalSince(start))
            say(
                row(
                    "\(sample.transitions)", SoakVerdict.megabytes(sample.residentBytes),
                    "\(sample.openDescriptors)", "\(show.decodes)", "\(show.frames)", elapsed))
        }
        do {
            try sample()
            while show.transitions < settings.transitions {
                try show.run(transitions: min(settings.every, settings.transitions - show.transitions))
                try sample()
            }
        } catch {
            say("FAIL: \(error)")
            return 1
        }
        let outcome = verdict.judge(samples)
        if let baseline = outcome.baseline {
            say(
                "after warm-up (from \(baseline.transitions) transitions): memory "
                    + "\(outcome.memoryGrowth >= 0 ? "+" : "")\(SoakVerdict.megabytes(outcome.memoryGrowth)) "
                    + "(limit < \(SoakVerdict.megabytes(verdict.memoryLimit))), descriptors "
                    + "\(outcome.descriptorGrowth >= 0 ? "+" : "")\(outcome.descriptorGrowth) (limit 0)")
        }
        if outcome.passed {
            say("PASS")
            return 0
        }
        for failure in outcome.failures { say("FAIL: \(failure)") }
        return 1
    }

    private static func row(_ cells: String...) -> String {
        let widths = [11, 12, 5, 8, 8, 9]
        return zip(cells, widths).map { cell, width in
            String(repeating: " ", count: max(0, width - cell.count)) + cell
        }.joined(separator: "  ")
    }

    /// One line on standard output, written at once so a long run shows its progress.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
