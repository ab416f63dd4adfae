import Foundation
import Testing
import VitrineMedia
import VitrineTestSupport

/// A 1080 × 6000 photo and a 6000 × 1080 panorama in `vitrine snapshot` frames: full width
/// (or height) from the start, scrolled to the end over the dwell, at any moment exactly.
@Suite struct LongPhotoCLITests {
    let outputs: TemporaryFolder

    init() throws {
        outputs = try TemporaryFolder()
    }

    /// Three bands along the long side: red, then green, then blue.
    func write(width: Int, height: Int, to folder: TemporaryFolder) throws {
        let long = max(width, height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let along = width > height ? x : y
                let band = along * 3 / long
                pixels[y * width + x] = band == 0 ? 0xFFE0_2020 : band == 1 ? 0xFF20_C020 : 0xFF20_20E0
            }
        }
        let jpeg = try #require(JPEGEncoder.encode(PixelBuffer(width: width, height: height, pixels: pixels)))
        try Data(jpeg).write(to: URL(fileURLWithPath: folder.at("long.jpg")))
    }

    /// The colour at the centre of the frame at `time`, and at the frame's left and right edges' middles.
    func frame(_ folder: TemporaryFolder, at time: Double) throws -> PixelBuffer {
        let out = outputs.at("frame-\(UUID().uuidString).png")
        let result = try CLIRunner.run(
            [
                "snapshot", folder.path, "--at", String(time), "--size", "320x180", "--out", out, "--interval", "10",
                "--transition-duration", "1",
            ])
        #expect(result.status == 0, "snapshot failed: \(result.stderr)")
        return try TestImage.read(out)
    }

    enum Band { case red, green, blue }

    func band(_ c: (r: Int, g: Int, b: Int)) -> Band? {
        if c.r > 150, c.g < 90, c.b < 90 { return .red }
        if c.g > 150, c.r < 90, c.b < 90 { return .green }
        if c.b > 150, c.r < 90, c.g < 90 { return .blue }
        return nil
    }

    @Test func aTallPhotoShowsItsTopMiddleAndBottomAtFullWidth() throws {
        let folder = try TemporaryFolder()
        try write(width: 1080, height: 6000, to: folder)
        for (time, expected) in [(0.5, Band.red), (5.5, .green), (10.0, .blue)] {
            let image = try frame(folder, at: time)
            // Full width: the edges are the photo, not bars.
            for x in [1, 160, 318] { #expect(band(image.rgb(x, 90)) == expected, "t = \(time), x = \(x)") }
            let top = band(image.rgb(160, 2))
            let bottom = band(image.rgb(160, 177))
            if time == 0.5 { #expect(top == .red) }
            if time == 10 { #expect(bottom == .blue) }
        }
    }

    @Test func aPanoramaShowsItsLeftMiddleAndRightAtFullHeight() throws {
        let folder = try TemporaryFolder()
        try write(width: 6000, height: 1080, to: folder)
        for (time, expected) in [(0.5, Band.red), (5.5, .green), (10.0, .blue)] {
            let image = try frame(folder, at: time)
            for y in [1, 90, 178] { #expect(band(image.rgb(160, y)) == expected, "t = \(time), y = \(y)") }
        }
    }
}
