/// Downscaling and flattening on `PixelBuffer`s.
public enum Resize {
    /// Area-averaging downscale (a box filter over each destination pixel's
    /// footprint, with fractional edge weights): no aliasing on fine detail.
    /// The source must be opaque (flatten it first); the result's alpha is 255.
    /// Upscaling requests return the source unchanged in size.
    public static func area(_ src: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        guard width > 0, height > 0, width < src.width || height < src.height else { return src }
        var reducer = AreaReducer(sourceWidth: src.width, sourceHeight: src.height, width: width, height: height)
        src.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<src.height {
                reducer.add(rowAt: y, of: pixels, pitch: src.width)
            }
        }
        return reducer.finish()
    }

    /// Composites every pixel over an opaque colour, so the result has alpha 255 everywhere.
    public static func flatten(_ src: inout PixelBuffer, onto color: (r: UInt8, g: UInt8, b: UInt8)) {
        src.pixels.withUnsafeMutableBufferPointer { flatten($0, onto: color) }
    }

    /// Composites the pixels in place over an opaque colour.
    public static func flatten(_ pixels: UnsafeMutableBufferPointer<UInt32>, onto color: (r: UInt8, g: UInt8, b: UInt8))
    {
        let br = UInt32(color.r)
        let bg = UInt32(color.g)
        let bb = UInt32(color.b)
        for i in pixels.indices {
            let p = pixels[i]
            let a = p >> 24
            if a == 255 { continue }
            let na = 255 &- a
            let r = (((p >> 16) & 0xFF) &* a &+ br &* na &+ 127) / 255
            let g = (((p >> 8) & 0xFF) &* a &+ bg &* na &+ 127) / 255
            let b = ((p & 0xFF) &* a &+ bb &* na &+ 127) / 255
            pixels[i] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }
}
