import Foundation
import Testing
import VitrineCore
import VitrineMedia

/// Photos tagged with each EXIF orientation come out upright.
@Suite struct ExifOrientationTests {
    static let cases: [(Int, String)] = (2...8).flatMap { n in [(n, "jpg"), (n, "webp")] }

    @Test(arguments: cases)
    func taggedPhotoDecodesUpright(_ orientation: Int, _ ext: String) throws {
        let reference = try MediaDecoder().decode(
            Fixtures.fullSize(Fixtures.exif.appendingPathComponent("hopper.\(ext)").path))
        let tagged = try MediaDecoder().decode(
            Fixtures.fullSize(Fixtures.exif.appendingPathComponent("hopper_orientation_\(orientation).\(ext)").path))
        #expect(tagged.sourceSize == reference.sourceSize)
        #expect(tagged.pixels.width == reference.pixels.width && tagged.pixels.height == reference.pixels.height)
        guard tagged.pixels.width == reference.pixels.width, tagged.pixels.height == reference.pixels.height else {
            return
        }
        // Re-encoding leaves a mean difference of about 5 for JPEG; a wrong orientation gives about 60.
        let mean = PixelCompare.meanDifference(tagged.pixels, reference.pixels)
        #expect(mean < 8, "orientation \(orientation) \(ext): mean difference \(mean)")
    }

    /// The tag is read from the container: the stored (untransformed) pixels differ from the reference.
    @Test func storedPixelsOfARotatedPhotoDiffer() throws {
        let path = Fixtures.exif.appendingPathComponent("hopper_orientation_3.jpg").path
        let rotated = try MediaDecoder().decode(Fixtures.fullSize(path))
        let reference = try MediaDecoder().decode(
            Fixtures.fullSize(Fixtures.exif.appendingPathComponent("hopper.jpg").path))
        let turnedBack = Orientation.down.apply(rotated.pixels)
        #expect(PixelCompare.meanDifference(turnedBack, reference.pixels) > 20)
    }

    /// A PNG's eXIf chunk is honoured too.
    @Test func pngExifChunkIsRead() throws {
        let path = Fixtures.exif.appendingPathComponent("exif_imagemagick_orientation.png").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let decoded = try MediaDecoder().decode(Fixtures.fullSize(path))
        let stored = try pngSize(bytes)
        // This file is tagged with an orientation that swaps the axes.
        #expect(decoded.sourceSize == Size(width: Double(stored.height), height: Double(stored.width)))
    }

    /// Fit is computed on the upright size: a tall photo stored sideways fills the height of a wide output.
    @Test func fitUsesTheUprightSize() throws {
        let folder = try Fixtures.scratchFolder("orientation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = PixelBuffer(width: 400, height: 200, color: PixelBuffer.argb(200, 50, 50))
        let jpeg = try #require(JPEGEncoder.encode(stored))
        let url = folder.appendingPathComponent("sideways.jpg")
        try Data(JPEGEncoder.withOrientation(jpeg, .right)).write(to: url)
        let request = DecodeRequest(
            path: url.path, output: Size(width: 160, height: 100), fit: .contain, background: .black)
        let decoded = try MediaDecoder().decode(request)
        #expect(decoded.sourceSize == Size(width: 200, height: 400))
        #expect(decoded.pixels.width == 50 && decoded.pixels.height == 100)
    }

    @Test func everyOrientationMapsCornersAsTheTagSays() {
        // A 3x2 image whose pixels are their own index.
        let src = PixelBuffer(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 5])
        let expected: [Orientation: [UInt32]] = [
            .up: [0, 1, 2, 3, 4, 5],
            .mirrored: [2, 1, 0, 5, 4, 3],
            .down: [5, 4, 3, 2, 1, 0],
            .mirroredDown: [3, 4, 5, 0, 1, 2],
            .leftMirrored: [0, 3, 1, 4, 2, 5],
            .right: [3, 0, 4, 1, 5, 2],
            .rightMirrored: [5, 2, 4, 1, 3, 0],
            .left: [2, 5, 1, 4, 0, 3],
        ]
        for orientation in Orientation.allCases {
            let out = orientation.apply(src)
            #expect(out.pixels == expected[orientation], "\(orientation)")
            #expect(out.width == (orientation.swapsAxes ? 2 : 3))
        }
    }

    private func pngSize(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        try #require(bytes.count > 24)
        func be32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
