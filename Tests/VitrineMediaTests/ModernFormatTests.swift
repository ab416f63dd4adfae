import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineDecode
@testable import VitrineMedia

/// HEIC (a tiled grid, and rotated), AVIF and JPEG XL made from a demo photo decode to
/// the photo's pixels at display size; hostile variants are refused with a reason.
@Suite("HEIC, AVIF and JPEG XL")
struct ModernFormatTests {
    static func files() throws -> ModernFormatFiles { try ModernFormatFiles.shared.get() }

    /// The photo at display size: its own pixels through the same area reduction.
    static func reference(_ files: ModernFormatFiles, _ request: DecodeRequest) throws -> PixelBuffer {
        try MediaDecoder().decode(bytes: try #require(PNGEncoder.encode(files.source)), request: request).pixels
    }

    static let outputs = [Size(width: 4096, height: 4096), Size(width: 320, height: 240), Size(width: 97, height: 61)]

    @Test(arguments: ["lossless.heic", "grid.heic", "lossless.avif", "lossless.jxl"])
    func losslessFilesDecodeToThePhotoAtDisplaySize(_ name: String) throws {
        let files = try Self.files()
        for output in Self.outputs {
            let request = DecodeRequest(path: files.path(name), output: output, fit: .contain, background: .black)
            let decoded = try MediaDecoder().decode(request)
            let expected = try Self.reference(files, request)
            #expect(decoded.pixels.size == expected.size, "\(name) at \(output)")
            guard decoded.pixels.size == expected.size else { continue }
            let worst = PixelCompare.maxDifference(decoded.pixels, expected)
            #expect(worst <= 2, "\(name) at \(output): channels differ by up to \(worst)")
            #expect(decoded.sourceSize == files.source.size)
        }
    }

    /// A HEIC and an AVIF with an alpha plane decode as the same photo in a PNG with that alpha
    /// does, and a HEIC of 10 bits a channel to the photo's own 8 bits.
    @Test(arguments: [("alpha.heic", "alpha.png"), ("alpha.avif", "alpha.png"), ("deep.heic", nil)])
    func alphaAndDeepFilesDecodeToThePhoto(_ name: String, _ png: String?) throws {
        let files = try Self.files()
        for output in Self.outputs {
            let request = DecodeRequest(path: files.path(name), output: output, fit: .contain, background: .black)
            let decoded = try MediaDecoder().decode(request)
            let expected =
                try png.map {
                    try MediaDecoder().decode(
                        bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: files.path($0)))), request: request
                    ).pixels
                }
                ?? Self.reference(files, request)
            #expect(decoded.pixels.size == expected.size, "\(name) at \(output)")
            guard decoded.pixels.size == expected.size else { continue }
            let worst = PixelCompare.maxDifference(decoded.pixels, expected)
            #expect(worst <= 2, "\(name) at \(output): channels differ by up to \(worst)")
        }
    }

    /// Lossy files as phones write them: close to the photo on average.
    @Test(arguments: ["lossy.heic", "lossy.avif", "lossy.jxl"])
    func lossyFilesDecodeCloseToThePhoto(_ name: String) throws {
        let files = try Self.files()
        let request = DecodeRequest(
            path: files.path(name), output: Size(width: 320, height: 240), fit: .contain, background: .black)
        let decoded = try MediaDecoder().decode(request)
        let expected = try Self.reference(files, request)
        #expect(decoded.pixels.size == expected.size)
        guard decoded.pixels.size == expected.size else { return }
        let mean = PixelCompare.meanDifference(decoded.pixels, expected)
        #expect(mean <= 2, "\(name): mean difference \(mean)")
    }

    /// `irot` turns the grid a quarter anticlockwise: the decode is the photo so turned
    /// (EXIF orientation 8), at full size and reduced.
    @Test func rotatedHEICIsShownUpright() throws {
        let files = try Self.files()
        for output in Self.outputs {
            let request = DecodeRequest(
                path: files.path("rotated.heic"), output: output, fit: .contain, background: .black)
            let decoded = try MediaDecoder().decode(request)
            let turned = Orientation.left.apply(files.source)
            #expect(decoded.sourceSize == turned.size)
            let reduced = Resize.area(turned, width: decoded.pixels.width, height: decoded.pixels.height)
            #expect(decoded.pixels.size == reduced.size)
            guard decoded.pixels.size == reduced.size else { continue }
            let worst = PixelCompare.maxDifference(decoded.pixels, reduced)
            #expect(worst <= 2, "at \(output): channels differ by up to \(worst)")
        }
    }

    static let hostile: [(String, String)] = [
        ("ten-thousand-tiles.heic", "tiles"),
        ("huge.heic", "limit"),
        ("truncated-lossy.heic", "HEIF"),
        ("truncated-lossy.avif", "HEIF"),
        ("truncated-lossy.jxl", "JPEG XL"),
        ("flipped-lossy.jxl", "JPEG XL"),
    ]

    @Test func hostileFilesAreRefusedWithAReason() throws {
        let files = try Self.files()
        for (name, reason) in Self.hostile {
            let request = DecodeRequest(
                path: files.path(name), output: Size(width: 320, height: 240), fit: .contain, background: .black)
            let error = #expect(throws: DecodeError.self, "\(name)") { _ = try MediaDecoder().decode(request) }
            #expect(error?.reason.contains(reason) == true, "\(name): \(error?.reason ?? "decoded")")
        }
    }

    /// Through the worker, each hostile file is skipped within the deadline and the
    /// next good photo decodes. HEVC and AV1 data with flipped bits is not always
    /// noticed by their decoders (the picture comes out damaged, as a damaged JPEG's
    /// does): it is shown or skipped, and the worker goes on either way.
    @Test func isolatedDecoderSkipsHostileFilesWithinTheDeadline() throws {
        let files = try Self.files()
        let decoder = WorkerBinary.decoder(deadline: 10)
        defer { decoder.shutdown() }
        for (name, _) in Self.hostile {
            #expect(throws: DecodeError.self, "\(name)") { _ = try decoder.decode(Fixtures.fullSize(files.path(name))) }
            let good = try decoder.decode(Fixtures.fullSize(files.path("grid.heic")))
            #expect(good.pixels.size == files.source.size)
        }
        for name in ["flipped-lossy.heic", "flipped-lossy.avif"] {
            do {
                let damaged = try decoder.decode(Fixtures.fullSize(files.path(name)))
                #expect(damaged.pixels.size == files.source.size)
            } catch {
                #expect(!error.reason.isEmpty)
            }
            let good = try decoder.decode(Fixtures.fullSize(files.path("grid.heic")))
            #expect(good.pixels.size == files.source.size)
        }
    }

    @Test func formatsAreRecognisedFromTheirBytes() throws {
        let files = try Self.files()
        for (name, format) in [
            ("lossy.heic", ImageFormat.heif), ("grid.heic", .heif), ("lossy.avif", .avif), ("lossy.jxl", .jxl),
            ("lossless.jxl", .jxl),
        ] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: files.path(name))))
            #expect(ImageFormat.sniff(bytes) == format, "\(name)")
        }
    }

    /// The EXIF a JPEG carries survives `heif-enc` and `cjxl` (the HEIF `Exif` item, the
    /// JPEG XL `Exif` box) and reaches the metadata: date, camera and GPS position.
    @Test func exifOfHEICAndJPEGXLReachesTheMetadata() throws {
        let folder = try Fixtures.scratchFolder("modern-exif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let block = ExifDetailsTests.block(
            ifd0: [.ascii(0x010F, "Apple"), .ascii(0x0110, "iPhone 15")],
            exif: [.ascii(0x9003, "2024:08:15 09:41:00")],
            gps: [
                .ascii(0x0001, "N"), .rational(0x0002, [(48, 1), (51, 1), (3030, 100)]),
                .ascii(0x0003, "E"), .rational(0x0004, [(2, 1), (17, 1), (4020, 100)]),
            ])
        let app1 = Array("Exif".utf8) + [0, 0] + block
        let plain = try #require(JPEGEncoder.encode(WebPDecoderTests.picture(width: 256, height: 128), quality: 90))
        let jpeg =
            Array(plain.prefix(2)) + [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)]
            + app1 + plain.dropFirst(2)
        let jpegPath = folder.appendingPathComponent("exif.jpg").path
        try Data(jpeg).write(to: URL(fileURLWithPath: jpegPath))
        let heic = folder.appendingPathComponent("exif.heic").path
        let jxl = folder.appendingPathComponent("exif.jxl").path
        let madeHEIC = try ChildProcess.run(["-q", "90", jpegPath, "-o", heic], executable: "/usr/bin/heif-enc")
        #expect(madeHEIC.status == 0, "\(madeHEIC.stderr)")
        let madeJXL = try ChildProcess.run([jpegPath, jxl], executable: "/usr/bin/cjxl")
        #expect(madeJXL.status == 0, "\(madeJXL.stderr)")
        for path in [heic, jxl] {
            let decoded = try MediaDecoder().decode(Fixtures.fullSize(path))
            #expect(decoded.pixels.width == 256 && decoded.pixels.height == 128, "\(path)")
            let meta = try #require(decoded.metadata, "\(path)")
            #expect(meta.camera == "Apple iPhone 15", "\(path)")
            #expect(meta.dateTaken == "2024:08:15 09:41:00", "\(path)")
            #expect(abs((meta.latitude ?? 0) - (48 + 51 / 60.0 + 30.3 / 3600)) < 1e-6, "\(path)")
        }
    }
}
