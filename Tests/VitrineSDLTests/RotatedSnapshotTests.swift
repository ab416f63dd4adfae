import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// Pictures made in memory with a different colour in every corner region, so
/// any turn or mirror of the frame shows.
struct PatternDecoder: ImageDecoding {
    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let seed = request.path.utf8.reduce(0) { $0 &+ Int($1) }
        let width = 64 + seed % 32
        let height = 48 + seed % 16
        var pixels = PixelBuffer(width: width, height: height, color: 0)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / width)
                let g = UInt8(y * 255 / height)
                let b = UInt8((seed * 37) % 256)
                pixels[x, y] = PixelBuffer.argb(r, g, b)
            }
        }
        return DecodedImage.sized(pixels, for: request)
    }
}

extension PixelBuffer {
    /// The colours only: the alpha byte of a window-format (XRGB) frame says nothing.
    var opaque: PixelBuffer {
        PixelBuffer(width: width, height: height, pixels: pixels.map { $0 | 0xFF00_0000 })
    }

    /// This buffer turned clockwise by 90°.
    var turnedClockwise: PixelBuffer {
        var out = PixelBuffer(width: height, height: width, color: 0)
        for y in 0..<height {
            for x in 0..<width {
                out[height - 1 - y, x] = self[x, y]
            }
        }
        return out
    }
}

@Suite("Rotated output")
struct RotatedSnapshotTests {
    let slides = ["a.png", "b.png", "c.png"].map { Slide(path: $0) }

    func frame(rotation: ScreenRotation, size: Size, at time: Double, transition: TransitionKind = .fade) throws
        -> PixelBuffer
    {
        var options = ShowStyle()
        options.transition = transition
        let setup = DirectorSettings(show: options, rotation: rotation)
        let snapshot = Snapshot(size: size, decoder: PatternDecoder())
        return try snapshot.render(at: ShowTime(seconds: time)) { _ in
            ShowDirector(slides: slides, setup: setup, output: rotation.logicalSize(for: size))
        }.canvas.pixels().opaque
    }

    @Test(
        "a frame at 90, 180 and 270 degrees is the upright frame turned",
        arguments: [(1.0, TransitionKind.fade), (8.4, .fade), (8.3, .slide), (16.5, .zoom)])
    func turned(time: Double, transition: TransitionKind) throws {
        let upright = try frame(rotation: .none, size: Size(width: 180, height: 320), at: time, transition: transition)
        let landscape = Size(width: 320, height: 180)
        let at90 = try frame(rotation: .clockwise90, size: landscape, at: time, transition: transition)
        let at270 = try frame(rotation: .clockwise270, size: landscape, at: time, transition: transition)
        #expect(at90.width == 320 && at90.height == 180)
        #expect(at90 == upright.turnedClockwise)
        #expect(at270 == upright.turnedClockwise.turnedClockwise.turnedClockwise)
        // The two are different pictures: the comparison can tell a turn from its opposite.
        #expect(at90 != at270)

        let flat = try frame(rotation: .none, size: landscape, at: time, transition: transition)
        let at180 = try frame(rotation: .upsideDown, size: landscape, at: time, transition: transition)
        #expect(at180 == flat.turnedClockwise.turnedClockwise)
    }
}
