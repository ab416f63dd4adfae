import VitrineBase

/// The EXIF orientation tag (1–8): how the stored pixels must be turned to stand upright.
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1
    case mirrored = 2
    case down = 3
    case mirroredDown = 4
    /// Mirrored along the main diagonal (transpose).
    case leftMirrored = 5
    /// Stored rotated: turn 90° clockwise to show.
    case right = 6
    /// Mirrored along the anti-diagonal (transverse).
    case rightMirrored = 7
    /// Stored rotated: turn 90° counter-clockwise to show.
    case left = 8

    /// True when width and height trade places.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a stored image of `size`.
    public func upright(_ size: Size) -> Size {
        swapsAxes ? Size(width: size.height, height: size.width) : size
    }

    /// The stored size that stands upright as `size` (the same swap, undone).
    public func stored(_ size: Size) -> Size { upright(size) }

    /// The pixels turned upright.
    public func apply(_ src: PixelBuffer) -> PixelBuffer {
        guard self != .up else { return src }
        let sw = src.width
        let sh = src.height
        let w = swapsAxes ? sh : sw
        let h = swapsAxes ? sw : sh
        var out = [UInt32](repeating: 0, count: w * h)
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                // For each upright pixel (x, y), the stored pixel it comes from is
                // sx = x0 + x·dxx + y·dxy, sy = y0 + x·dyx + y·dyy.
                let (x0, dxx, dxy, y0, dyx, dyy) = mapping(width: w, height: h)
                for y in 0..<h {
                    var sx = x0 + y * dxy
                    var sy = y0 + y * dyy
                    let row = y * w
                    for x in 0..<w {
                        d[row + x] = s[sy * sw + sx]
                        sx += dxx
                        sy += dyx
                    }
                }
            }
        }
        return PixelBuffer(width: w, height: h, pixels: out)
    }

    /// The affine map from upright (x, y) to stored (sx, sy) for an upright image of `width`×`height`.
    private func mapping(width w: Int, height h: Int) -> (Int, Int, Int, Int, Int, Int) {
        switch self {
        case .up: return (0, 1, 0, 0, 0, 1)
        case .mirrored: return (w - 1, -1, 0, 0, 0, 1)
        case .down: return (w - 1, -1, 0, h - 1, 0, -1)
        case .mirroredDown: return (0, 1, 0, h - 1, 0, -1)
        case .leftMirrored: return (0, 0, 1, 0, 1, 0)
        case .right: return (0, 0, 1, w - 1, -1, 0)
        case .rightMirrored: return (h - 1, 0, -1, w - 1, -1, 0)
        case .left: return (h - 1, 0, -1, 0, 1, 0)
        }
    }
}
