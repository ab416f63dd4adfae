import Foundation
import VitrineMedia

/// The floor of a row in the format table: the same file decoded by a library
/// alone (`djpeg` at the same DCT scale, or a plain full-size library decode),
/// in a fresh `vitrine bench --floor` process so its peak memory is its own.
enum BenchFloor {
    /// A floor: `djpeg` (a child process per run) or one library in process.
    enum Kind: Equatable {
        case djpeg(denominator: Int)
        case library(PlainDecode.Library)
        /// libpng's simplified reader: linked by the benchmark alone.
        case libpng
        /// libheif's and libjxl's own command-line decoders, a child process per run.
        case heifConvert
        case djxl

        var label: String {
            switch self {
            case .djpeg(let denominator): return denominator == 1 ? "djpeg" : "djpeg 1/\(denominator)"
            case .library(let library): return library.label
            case .libpng: return "libpng"
            case .heifConvert: return "heif-convert"
            case .djxl: return "djxl"
            }
        }

        var argument: String {
            switch self {
            case .djpeg(let denominator): return "djpeg:\(denominator)"
            case .library(let library): return library.rawValue
            case .libpng: return "libpng"
            case .heifConvert: return "heif-convert"
            case .djxl: return "djxl"
            }
        }

        init?(argument: String) {
            if argument.hasPrefix("djpeg:"), let n = Int(argument.dropFirst(6)), DCTScale.denominators.contains(n) {
                self = .djpeg(denominator: n)
            } else if argument == "libpng" {
                self = .libpng
            } else if argument == "heif-convert" {
                self = .heifConvert
            } else if argument == "djxl" {
                self = .djxl
            } else if let library = PlainDecode.Library(rawValue: argument) {
                self = .library(library)
            } else {
                return nil
            }
        }
    }

    static let djpegPath = "/usr/bin/djpeg"

    /// Decodes `file` `runs` times after a warm-up; prints a `BenchProbe.Result` line.
    static func run(_ kind: Kind, file: String, runs: Int) -> Int32 {
        var result = BenchProbe.Result()
        result.idleKB = BenchProbe.peakKB(of: "self") ?? 0
        do {
            for run in 0...runs {
                let start = DispatchTime.now().uptimeNanoseconds
                try decode(kind, file)
                if run > 0 { result.times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
            }
        } catch {
            result.error = "\(error)"
        }
        if kind.isChildProcess {
            var usage = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            result.peakKB = usage.ru_maxrss
        } else {
            result.peakKB = BenchProbe.peakKB(of: "self") ?? 0
        }
        guard let data = try? JSONEncoder().encode(result) else { return 1 }
        print(String(decoding: data, as: UTF8.self))
        return result.error == nil ? 0 : 1
    }

    private static func decode(_ kind: Kind, _ file: String) throws {
        switch kind {
        case .library(let library):
            _ = try PlainDecode.decode(file, with: library)
        case .libpng:
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            _ = try bytes.withUnsafeBufferPointer { data in try LibPNGImage().decodeWhole(data, path: file) }
        case .heifConvert:
            // Its cheapest output: the decoded planes written as they are (Y4M), to a file removed after.
            let output = NSTemporaryDirectory() + "vitrine-bench-floor-\(getpid()).y4m"
            defer { unlink(output) }
            try runTool("/usr/bin/heif-convert", ["--quiet", file, output], package: "libheif-examples", on: file)
        case .djxl:
            // With no output file, djxl decodes and writes nothing.
            try runTool("/usr/bin/djxl", [file, "--quiet"], package: "libjxl-tools", on: file)
        case .djpeg(let denominator):
            // The settings Vitrine decodes with: merged chroma upsampling, the integer DCT.
            try runTool(
                djpegPath, ["-scale", "1/\(denominator)", "-nosmooth", "-dct", "int", "-outfile", "/dev/null", file],
                package: "libjpeg-turbo-progs", on: file)
        }
    }

    private static func runTool(_ tool: String, _ arguments: [String], package: String, on file: String) throws {
        try BenchTool.run(tool, arguments, package: package, failure: "failed on \(file)")
    }
}

extension BenchFloor.Kind {
    /// Floors run as child processes: their peak memory is the children's.
    var isChildProcess: Bool {
        switch self {
        case .djpeg, .heifConvert, .djxl: return true
        case .library, .libpng: return false
        }
    }
}
