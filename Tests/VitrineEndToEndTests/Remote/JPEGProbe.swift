import CTurboJPEG

/// Decodes a JPEG to RGB for checking what was published.
struct JPEGProbe {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    static func decode(_ jpeg: [UInt8]) -> JPEGProbe? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var sampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = jpeg.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &sampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { return nil }
        var pixels = [UInt8](repeating: 0, count: Int(width * height * 3))
        let status = jpeg.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
                    Int32(TJPF_RGB.rawValue), 0)
            }
        }
        guard status == 0 else { return nil }
        return JPEGProbe(width: Int(width), height: Int(height), pixels: pixels)
    }
}
