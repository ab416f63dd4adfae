import Foundation
import VitrineCore
import VitrineMedia

/// One measured decode path, run in a fresh `vitrine bench --probe` process so
/// its peak memory is its own.
enum BenchProbe {
    /// The decode paths compared.
    enum Path: String, CaseIterable, Codable {
        case vitrine
        case worker
        case baseline

        var label: String {
            switch self {
            case .vitrine: return "vitrine, in process"
            case .worker: return "vitrine, decode worker"
            case .baseline: return "IMG_Load + SDL stretch"
            }
        }
    }

    /// What a probe prints, as one JSON line.
    struct Result: Codable {
        var times: [Double] = []
        var idleKB = 0
        var peakKB = 0
        var workerPeakKB: Int?
        var sourceWidth = 0.0
        var sourceHeight = 0.0
        var outputWidth = 0
        var outputHeight = 0
        var error: String?
    }

    /// Decodes `file` `runs` times (after one warm-up) along `path`; prints the result.
    static func run(path: Path, file: String, runs: Int, output: Size, limits: DecodeLimits) -> Int32 {
        var result = Result()
        result.idleKB = peakKB(of: "self") ?? 0
        let request = DecodeRequest(path: file, output: output, fit: .contain, background: .black)
        let isolated = path == .worker ? IsolatedDecoder(IsolatedDecoder.Configuration(limits: limits)) : nil
        isolated?.prepare()
        let decoder: any ImageDecoding
        switch path {
        case .vitrine:
            // In the memory settings of the decode worker, which it stands for.
            DecodeWorker.returnLargeBuffers()
            decoder = MediaDecoder(limits: limits)
        case .worker: decoder = isolated ?? MediaDecoder(limits: limits)
        case .baseline: decoder = BaselineDecoder()
        }
        do {
            // The warm-up's image goes before the timed decodes, so the peak is that of one decode.
            try warmUp(decoder, request, into: &result)
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try decoder.decode(request)
                result.times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        } catch {
            result.error = error.description
        }
        result.peakKB = peakKB(of: "self") ?? 0
        if let pid = isolated?.workerProcessID { result.workerPeakKB = peakKB(of: String(pid)) }
        isolated?.shutdown()
        let encoder = JSONEncoder()
        guard let data = try? encoder.encode(result) else { return 1 }
        print(String(decoding: data, as: UTF8.self))
        return result.error == nil ? 0 : 1
    }

    private static func warmUp(_ decoder: any ImageDecoding, _ request: DecodeRequest, into result: inout Result)
        throws(DecodeError)
    {
        let first = try decoder.decode(request)
        result.sourceWidth = first.sourceSize.width
        result.sourceHeight = first.sourceSize.height
        result.outputWidth = first.pixels.width
        result.outputHeight = first.pixels.height
    }

    /// The peak resident memory (VmHWM) of a process, in kB.
    static func peakKB(of process: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}
