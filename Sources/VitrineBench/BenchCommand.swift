import Foundation
import VitrineCLI
import VitrineCore
import VitrineMedia
import VitrineSDL

/// `vitrine bench`: time-to-ready and peak memory of Vitrine's decoding against
/// the plain `IMG_Load` path, and the cost of software-rendered frames.
enum BenchCommand {
    static let command = CLI.Command(
        name: "bench",
        summary: "measure decoding speed and memory, and software frame cost (use a release build)",
        help: """
            Usage: vitrine bench [FILE…] [options]

            With no FILE, makes a 6000x4000 baseline and progressive JPEG, a 4000x3000 PNG,
            WebP, BMP, GIF, TIFF, HEIC, AVIF and JPEG XL, and prints one table: each at each output size (800x480 to 3840x2160),
            Vitrine's decode against IMG_Load + SDL_SoftStretchLinear (speed-up, peak memory)
            and against the floor (djpeg at the same DCT scale, the library's plain decode, or
            heif-convert and djxl for HEIC, AVIF and JPEG XL, with the decode worker's peak
            memory against theirs).

            For each FILE prints the
            median and 95th percentile time to ready (decode + orientation + downscale to
            the output size) and the peak memory of: Vitrine's decoder in process, the same
            through a decode worker, and IMG_Load + SDL_SoftStretchLinear. Each path runs in
            a fresh process so the peaks do not mix. Then prints the cost of a still, a fade,
            a zoom and a Ken Burns frame in the software renderer against a plain
            full-screen copy (median wall and CPU time, fastest frame); what the blur fill
            adds to a letterboxed frame (against the same frame without it, in the same run)
            and face detection to a 12 MP photo's decode; a --pair frame (two portraits side
            by side) against a cross-fade frame; with a display,
            compose against present time of a Ken Burns show in a real window; and the
            frame intervals of a fade while a 24 MP JPEG decodes in a worker (p50, p99,
            max). Last, a video clip
            played for 10 s on the software path and, with a display that has OpenGL, on
            the GL path (CPU a second, frames dropped, memory, time to the first frame,
            hardware decoder in use).
            Build with 'make bench' (release); debug numbers mean little.

            Options:
              --runs N                       timed decodes per path (default 20; in the table 3)
              --frames N                     timed frames per case (default 60)
              --output WxH                   output size (default 1920x1080; in the table: only this size)
              --formats LIST                 the table's rows, from baseline,progressive,png,webp,bmp,gif,tiff,heic,avif,jxl
              --no-frames                    skip the frame measurements
              --frames-only                  only the frame, window and pacing measurements
              --pacing-only                  only the pacing measurement
              --fill-faces-only              only what the blur fill adds to a frame and faces to a
                                             12 MP photo's decode
              --keep-input                   keep the generated inputs (their folder is printed) for other tools
              --video FILE                   the clip for the video row (default: a generated 1080p
                                             H.264 clip, when ffmpeg is installed)
              --no-video                     skip the video row
            \(DecodeOptions.help)
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var runs: Int?
        var frames = 60
        var output = Size(width: 1920, height: 1080)
        var measureFrames = true
        var keepInput = false
        var video: (measure: Bool, file: String?) = (true, nil)
        var framesOnly = false
        var pacingOnly = false
        var fillFacesOnly = false
        var probe: BenchProbe.Path?
        var floor: BenchFloor.Kind?
        var table = BenchMatrix.Selection()
        var decoding = DecodeOptions()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            if try decoding.apply(option, from: &scanner) { continue }
            switch option {
            case "--runs": runs = try count(for: option, &scanner)
            case "--frames": frames = try count(for: option, &scanner)
            case "--output":
                output = try scanner.size(for: option)
                table.sizes = [output]
            case "--formats": table.kinds = try formats(try scanner.value(for: option))
            case "--floor":
                let text = try scanner.value(for: option)
                guard let kind = BenchFloor.Kind(argument: text) else { throw UsageError("--floor \(text): unknown") }
                floor = kind
            case "--no-frames": measureFrames = false
            case "--frames-only": framesOnly = true
            case "--pacing-only": pacingOnly = true
            case "--fill-faces-only": fillFacesOnly = true
            case "--keep-input": keepInput = true
            case "--video": video.file = try scanner.value(for: option)
            case "--no-video": video.measure = false
            case "--probe": probe = try scanner.choice(for: option, as: BenchProbe.Path.self)
            default: throw UsageError("unknown option \(option); run 'vitrine bench --help'")
            }
        }
        if let floor {
            guard let file = scanner.positionals.first else { throw UsageError("--floor needs a FILE") }
            return BenchFloor.run(floor, file: file, runs: runs ?? 3)
        }
        if let probe {
            guard let file = scanner.positionals.first else { throw UsageError("--probe needs a FILE") }
            return BenchProbe.run(path: probe, file: file, runs: runs ?? 20, output: output, limits: decoding.limits)
        }
        #if DEBUG
            print("note: this is a debug build; run 'make bench' for meaningful numbers\n")
        #endif
        if fillFacesOnly {
            try BenchFill.measure(width: Int(output.width), height: Int(output.height), frames: frames)
            try measureFaces(output: output, runs: runs ?? 10)
            return 0
        }
        if pacingOnly {
            try BenchPacing.measure(
                BenchMotion.Show(width: Int(output.width), height: Int(output.height)), frames: max(240, frames * 4))
            return 0
        }
        if framesOnly {
            return try BenchMotion.run(width: Int(output.width), height: Int(output.height), frames: frames)
        }
        let files = scanner.positionals
        var scratch: URL?
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        if files.isEmpty {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            scratch = keepInput ? nil : folder
            if keepInput { print("Inputs kept in \(folder.path)") }
            table.runs = runs ?? table.runs
            let ok = try BenchMatrix.run(table, folder: folder, decoding: decoding)
            if measureFrames {
                print("")
                _ = try BenchMotion.run(width: Int(output.width), height: Int(output.height), frames: frames)
                try measureFaces(output: output, runs: 10)
            }
            if video.measure { BenchVideo.measure(file: video.file, output: output, seconds: 10) }
            return ok ? 0 : 1
        }
        print(
            "Time to ready: decode + orientation + downscale to fit \(Int(output.width))x\(Int(output.height)); "
                + "\(runs ?? 20) runs after a warm-up; each path in fresh processes, taking turns\n")
        var failed = false
        for file in files {
            failed = !measureDecoding(file, runs: runs ?? 20, output: output, decoding: decoding) || failed
        }
        if measureFrames {
            _ = try BenchMotion.run(width: Int(output.width), height: Int(output.height), frames: frames)
        }
        if video.measure { BenchVideo.measure(file: video.file, output: output, seconds: 10) }
        return failed ? 1 : 0
    }

    /// The face detection rows, with their input in a folder of their own.
    private static func measureFaces(output: Size, runs: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-faces-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try BenchFaces.measure(output: output, runs: runs, folder: folder)
    }

    /// Runs every path on `file` in its own process and prints the table and ratios.
    private static func measureDecoding(_ file: String, runs: Int, output: Size, decoding: DecodeOptions) -> Bool {
        // The paths take turns in rounds, each round in fresh processes, so a
        // change in the machine's load during the run weighs on all of them alike.
        var results: [BenchProbe.Path: BenchProbe.Result] = [:]
        let rounds = min(4, runs)
        for round in 0..<rounds {
            let share = runs / rounds + (round < runs % rounds ? 1 : 0)
            for path in BenchProbe.Path.allCases {
                var arguments = ["bench", "--probe", path.rawValue, "--runs", String(share)]
                arguments += ["--output", "\(Int(output.width))x\(Int(output.height))"]
                arguments += ["--max-pixels", String(decoding.maxPixels), "--", file]
                results[path] = merge(results[path], probe(arguments))
            }
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        guard let mine = results[.vitrine], mine.error == nil, !mine.times.isEmpty else {
            print("  \(name): \(results[.vitrine]?.error ?? "the measurement failed")\n")
            return false
        }
        print(
            "  \(name): \(Int(mine.sourceWidth))x\(Int(mine.sourceHeight)) → \(mine.outputWidth)x\(mine.outputHeight)")
        print(
            "    " + pad("path", 26) + pad("median", 11, right: true) + pad("p95", 11, right: true) + "   peak memory")
        for path in BenchProbe.Path.allCases {
            guard let result = results[path] else { continue }
            if let error = result.error {
                print("    " + pad(path.label, 26) + "failed: \(error)")
                continue
            }
            var memory = megabytes(result.peakKB * 1024)
            if let worker = result.workerPeakKB {
                memory += " (display process), worker \(megabytes(worker * 1024))"
            }
            print(
                "    " + pad(path.label, 26) + pad(ms(median(result.times)), 11, right: true)
                    + pad(ms(percentile(result.times, 0.95)), 11, right: true) + "   " + memory)
        }
        if let base = results[.baseline], base.error == nil, !base.times.isEmpty {
            let speed = median(base.times) / median(mine.times)
            let memory = Double(mine.peakKB) / Double(max(1, base.peakKB))
            print(
                "    speed-up \(ratio(speed))x (target ≥ 2.5x); peak memory \(ratio(memory))x of the baseline "
                    + "(target ≤ 0.33x)")
        }
        if let worker = results[.worker], worker.error == nil, !worker.times.isEmpty {
            let overhead = median(worker.times) / median(mine.times) - 1
            print("    isolation overhead \(percent(overhead)) (target ≤ 15%)")
        }
        print("")
        return true
    }

    /// Two rounds' results together: all the times, the higher peaks, the first error.
    static func merge(_ a: BenchProbe.Result?, _ b: BenchProbe.Result) -> BenchProbe.Result {
        guard var merged = a else { return b }
        merged.times += b.times
        merged.peakKB = max(merged.peakKB, b.peakKB)
        merged.idleKB = max(merged.idleKB, b.idleKB)
        if let worker = b.workerPeakKB { merged.workerPeakKB = max(merged.workerPeakKB ?? 0, worker) }
        merged.error = merged.error ?? b.error
        return merged
    }

    /// Runs `vitrine ARGUMENTS` and reads its one-line JSON result.
    static func probe(_ arguments: [String]) -> BenchProbe.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: IsolatedDecoder.currentExecutable())
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return BenchProbe.Result(error: "cannot start the measuring process: \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let result = try? JSONDecoder().decode(BenchProbe.Result.self, from: data) else {
            return BenchProbe.Result(error: "the measuring process ended without a result")
        }
        return result
    }

    private static func formats(_ text: String) throws -> [BenchSamples.Kind] {
        try text.split(separator: ",").map { name in
            guard let kind = BenchSamples.Kind(rawValue: String(name)) else {
                throw UsageError(
                    "--formats: unknown format \(name); expected baseline,progressive,png,webp,bmp,gif,tiff,heic,avif,jxl"
                )
            }
            return kind
        }
    }

    private static func count(for option: String, _ scanner: inout ArgumentScanner) throws -> Int {
        let text = try scanner.value(for: option)
        guard let n = Int(text), n > 0, n <= 100_000 else {
            throw UsageError("\(option) \(text): expected a count ≥ 1")
        }
        return n
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
    static func ratio(_ value: Double) -> String { String(format: value >= 10 ? "%.1f" : "%.2f", value) }
    static func percent(_ value: Double) -> String { String(format: "%+.1f%%", value * 100) }
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - text.count))
        return right ? space + text : text + space
    }
}
