import Foundation
import VitrineCLI
import VitrineCore
import VitrineMedia

/// The format table of `vitrine bench`: each kind of file at each output size,
/// Vitrine's decoder against the naive path (`IMG_Load` + `SDL_SoftStretchLinear`)
/// and against the floor (the library alone), all measured in the same run,
/// each in fresh processes.
enum BenchMatrix {
    static let sizes = [
        Size(width: 800, height: 480), Size(width: 1024, height: 600), Size(width: 1280, height: 720),
        Size(width: 1920, height: 1080), Size(width: 3840, height: 2160),
    ]

    /// What to measure.
    struct Selection {
        var kinds = BenchSamples.Kind.allCases
        var sizes = BenchMatrix.sizes
        var runs = 3
    }

    /// Makes the inputs in `folder`, measures every row and prints the table; false when a row failed.
    static func run(_ selection: Selection, folder: URL, decoding: DecodeOptions) throws -> Bool {
        print("Inputs (generated):")
        var files: [BenchSamples.Kind: String] = [:]
        for kind in selection.kinds {
            let path = try BenchSamples.write(kind, into: folder)
            files[kind] = path
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            print("  \(kind.label): \(kind.size.width)x\(kind.size.height), \(BenchCommand.megabytes(bytes ?? 0))")
        }
        print(
            "\nTime to ready (decode + downscale to fit + orientation), median of \(selection.runs) after a warm-up,"
                + " each path in a fresh process; memory is the process's peak")
        let columns: [(String, Int)] = [
            ("format", 17), ("output", 10), ("vitrine", 10), ("naive", 10), ("speed-up", 9), ("memory", 16),
            ("floor (time, peak memory)", 49), ("vs floor", 9), ("worker's peak vs floor's", 24),
        ]
        print("  " + columns.map { BenchCommand.pad($0.0, $0.1) }.joined())
        var ok = true
        for kind in selection.kinds {
            guard let file = files[kind] else { continue }
            for size in selection.sizes {
                ok = row(kind, file: file, size: size, runs: selection.runs, decoding: decoding, columns: columns) && ok
            }
        }
        print(
            "  speed-up and memory: vitrine against the naive path (targets: JPEG ≥ 2.5x and ≤ 0.33x, WebP ≥ 2x at"
                + " 1920x1080 and below, PNG ≤ 0.33x); vs floor: vitrine's time over the floor's (JPEG target ≤ 1.3x,"
                + " PNG ≤ 1.0x the fastest library;"
                + " HEIC, AVIF, JPEG XL ≤ 1.2x heif-convert's or djxl's time at 1920x1080 and at most their memory)")
        return ok
    }

    private static func row(
        _ kind: BenchSamples.Kind, file: String, size: Size, runs: Int, decoding: DecodeOptions,
        columns: [(String, Int)]
    ) -> Bool {
        let output = "\(Int(size.width))x\(Int(size.height))"
        var arguments = ["--runs", String(runs), "--output", output, "--max-pixels", String(decoding.maxPixels)]
        arguments += ["--", file]
        let mine = BenchCommand.probe(["bench", "--probe", "vitrine"] + arguments)
        let naive = BenchCommand.probe(["bench", "--probe", "baseline"] + arguments)
        var cells = [kind.label, output]
        guard mine.error == nil, !mine.times.isEmpty else {
            print("  " + BenchCommand.pad(kind.label, 17) + BenchCommand.pad(output, 10) + (mine.error ?? "failed"))
            return false
        }
        let ours = BenchCommand.median(mine.times)
        cells.append(BenchCommand.ms(ours))
        if naive.error == nil, !naive.times.isEmpty {
            let theirs = BenchCommand.median(naive.times)
            cells.append(BenchCommand.ms(theirs))
            cells.append(BenchCommand.ratio(theirs / ours) + "x")
            let memory = Double(mine.peakKB) / Double(max(1, naive.peakKB))
            cells.append("\(Int(Double(mine.peakKB) / 1024)) MB \(BenchCommand.ratio(memory))x")
        } else {
            // No naive path for this format (SDL2_image cannot read it): Vitrine's peak alone.
            cells += ["failed", "", "\(Int(Double(mine.peakKB) / 1024)) MB"]
        }
        var floorTimes: [(label: String, time: Double, peakKB: Int)] = []
        for floor in floors(kind, mine: mine) {
            let result = BenchCommand.probe(["bench", "--floor", floor.argument, "--runs", String(runs), "--", file])
            guard result.error == nil, !result.times.isEmpty else { continue }
            floorTimes.append((floor.label, BenchCommand.median(result.times), result.peakKB))
        }
        cells.append(
            floorTimes.map { "\($0.label) \(BenchCommand.ms($0.time)) \($0.peakKB / 1024) MB" }.joined(separator: ", "))
        if let fastest = floorTimes.map(\.1).min() { cells.append(BenchCommand.ratio(ours / fastest) + "x") }
        // What the display process's decode worker holds at its peak, against the floor's tool (a
        // process of its own too): HEIC, AVIF and JPEG XL, whose floors are separate programs.
        if kind.floorIsAProgram, let floorPeak = floorTimes.map(\.peakKB).min(), floorPeak > 0 {
            let worker = BenchCommand.probe(["bench", "--probe", "worker"] + arguments)
            if worker.error == nil, let peak = worker.workerPeakKB {
                cells.append(
                    "\(peak / 1024) MB \(BenchCommand.ratio(Double(peak) / Double(floorPeak)))x")
            } else {
                cells.append(worker.error ?? "failed")
            }
        }
        print("  " + zip(cells, columns).map { BenchCommand.pad($0, $1.1) }.joined())
        return true
    }

    /// The floors of a row: djpeg at the DCT scale Vitrine chose, or each library's plain decode.
    private static func floors(_ kind: BenchSamples.Kind, mine: BenchProbe.Result) -> [BenchFloor.Kind] {
        switch kind {
        case .baseline, .progressive:
            let denominator = DCTScale.choose(
                width: Int(mine.sourceWidth), height: Int(mine.sourceHeight), targetWidth: mine.outputWidth,
                targetHeight: mine.outputHeight)
            return [.djpeg(denominator: denominator)]
        case .png: return [.library(.spng), .libpng]
        case .webp: return [.library(.libwebp)]
        case .bmp, .gif, .tiff: return [.library(.sdlImage)]
        case .heic, .avif: return [.heifConvert]
        case .jxl: return [.djxl]
        }
    }
}

extension BenchSamples.Kind {
    /// Whether the row's floor is a program of its own (heif-convert, djxl), whose peak memory
    /// is compared with the decode worker's.
    var floorIsAProgram: Bool {
        switch self {
        case .heic, .avif, .jxl: return true
        default: return false
        }
    }
}
