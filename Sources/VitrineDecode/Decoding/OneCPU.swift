import CThreadCPU
import Glibc
import VitrineBase
import VitrinePOSIX

/// Runs a body with the calling thread allowed on one CPU only (the one it is on), then gives
/// it back the CPUs it had.
///
/// For AVIF: dav1d counts the CPUs the calling thread may run on when it is opened with its
/// default settings, which is how libheif 1.15 opens it (no setting reaches it). With two or
/// more it decodes in frame threads, and a frame thread keeps the coefficients of the whole
/// frame until it is reconstructed: about 31 MB more at the peak of a 12 MP AVIF (`heif-convert`
/// 99 MB on both CPUs, 68 MB on one). On one CPU it decodes on the calling thread alone. The
/// threads libheif starts for a grid's tiles inherit the one CPU too.
enum OneCPU {
    /// How many CPUs the calling thread may run on (nil when its mask cannot be read).
    static var allowed: Int? {
        let count = vitrine_cpu_count()
        return count > 0 ? Int(count) : nil
    }

    static func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        var saved = [UInt8](repeating: 0, count: vitrine_cpu_mask_size())
        // Where the mask cannot be read or set (a seccomp filter, a CPU past the mask's end),
        // the body runs as it is: only its memory differs.
        guard saved.withUnsafeMutableBytes({ vitrine_cpu_pin_current($0.baseAddress) }) == 0 else {
            return try body()
        }
        defer {
            if saved.withUnsafeBytes({ vitrine_cpu_restore($0.baseAddress) }) != 0 {
                Log.write("cannot give the decoding thread its CPUs back (\(Errno.current))\n")
            }
        }
        return try body()
    }
}
