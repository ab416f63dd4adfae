import Foundation
import VitrineCore
import VitrineMedia

/// Where the test files are: next to this source file, so tests run from any directory.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let pngSuite = folder.appendingPathComponent("pngsuite")
    static let exif = folder.appendingPathComponent("exif-small")

    /// The file names in a fixture folder, sorted.
    static func files(in folder: URL, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// A request that keeps the source size (the output is larger than any fixture).
    static func fullSize(_ path: String, background: RGBColor = .black) -> DecodeRequest {
        DecodeRequest(path: path, output: Size(width: 4096, height: 4096), fit: .contain, background: background)
    }

    /// A fresh empty folder for files a test makes.
    static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Per-channel comparisons of two equally sized buffers.
enum PixelCompare {
    static func channels(_ p: UInt32) -> [Int] {
        [Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)]
    }

    /// The largest difference of any channel of any pixel (the loop allocates nothing: a debug
    /// build compares millions of pixels).
    static func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        precondition(a.width == b.width && a.height == b.height, "sizes must match")
        var worst = 0
        a.pixels.withUnsafeBufferPointer { first in
            b.pixels.withUnsafeBufferPointer { second in
                for i in 0..<first.count {
                    let p = first[i]
                    let q = second[i]
                    guard p != q else { continue }
                    var shift: UInt32 = 0
                    while shift < 32 {
                        worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                        shift += 8
                    }
                }
            }
        }
        return worst
    }

    /// The mean absolute difference of the colour channels.
    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes must match")
        var total = 0
        a.pixels.withUnsafeBufferPointer { first in
            b.pixels.withUnsafeBufferPointer { second in
                for i in 0..<first.count {
                    let p = first[i]
                    let q = second[i]
                    guard p != q else { continue }
                    total += abs(Int((p >> 16) & 0xFF) - Int((q >> 16) & 0xFF))
                    total += abs(Int((p >> 8) & 0xFF) - Int((q >> 8) & 0xFF))
                    total += abs(Int(p & 0xFF) - Int(q & 0xFF))
                }
            }
        }
        return Double(total) / Double(max(1, a.pixels.count * 3))
    }
}
