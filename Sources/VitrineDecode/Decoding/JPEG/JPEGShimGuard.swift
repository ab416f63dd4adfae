import CJPEGShim
import VitrineBase

/// Whether the shim's own coefficient arrays (the two-thread split of a progressive file and its
/// DC-only 1/8 path) may be used with the libjpeg-turbo this process loaded. Both stand in for
/// libjpeg's virtual arrays and rely on how libjpeg-turbo drives them (the order `jdcoefct.c` asks
/// for them, when the quantization tables are latched), which is no interface: they were proved
/// (and fuzzed) on the versions in `proven` only. On any other, or when the loaded library is not
/// the one the shim was compiled against, every file takes the whole-file path, and the log says
/// so once.
struct JPEGShimGuard: Equatable, Sendable {
    /// libjpeg-turbo versions the split and DC-only paths were proved on, as X * 1000000 + Y * 1000 + Z:
    /// 2.1.5 (Debian 12).
    static let proven: Set<Int> = [2_001_005]

    /// The version of the headers the shim was compiled with.
    var compiled: Int
    /// The version of the library loaded (0 when it cannot be read: not libjpeg-turbo).
    var loaded: Int

    /// Why the shim's arrays are not used with this library, nil when they may be.
    var refusal: String? {
        if loaded == 0 { return "the loaded JPEG library does not say its libjpeg-turbo version" }
        if loaded != compiled {
            return "libjpeg-turbo \(Self.text(loaded)) is loaded but vitrine was built with \(Self.text(compiled))"
        }
        if !Self.proven.contains(loaded) {
            return "libjpeg-turbo \(Self.text(loaded)) is not a version the two-thread progressive decoder was "
                + "proved on (\(Self.proven.sorted().map(Self.text).joined(separator: ", ")))"
        }
        return nil
    }

    var allowsShimArrays: Bool { refusal == nil }

    /// This process's library, as the shim reads it.
    static let current = JPEGShimGuard(
        compiled: Int(vitrine_jpeg_header_version()), loaded: Int(vitrine_jpeg_version()))

    /// Whether this process's library allows the shim's arrays; the first call says in the log
    /// when it does not.
    static let allowed: Bool = {
        if let refusal = current.refusal {
            Log("decode").warning("\(refusal): progressive JPEGs are decoded whole, on one thread")
        }
        return current.allowsShimArrays
    }()

    /// `2.1.5` for 2001005.
    static func text(_ version: Int) -> String {
        "\(version / 1_000_000).\(version / 1000 % 1000).\(version % 1000)"
    }
}
