import CLCMS
import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineDecode
@testable import VitrineMedia

/// Embedded colour profiles are converted to sRGB with Little CMS, matching its own
/// `transicc`; untagged images are left exactly as decoded.
@Suite("Colour profiles")
struct ColorProfileTests {
    /// Display P3 (DCI-P3 primaries, D65 white, the sRGB curve), made by Little CMS.
    static func displayP3() throws -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        let parameters = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = try #require(
            parameters.withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) })
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = try #require(
            curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) })
        defer { cmsCloseProfile(profile) }
        var size: UInt32 = 0
        #expect(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        #expect(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// Saturated red, green and a grey, in three vertical bands.
    static let colors: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (40, 180, 60), (128, 128, 128)]

    static func picture() -> PixelBuffer {
        var image = PixelBuffer(width: 192, height: 64, color: 0)
        for y in 0..<64 {
            for x in 0..<192 {
                let c = colors[x / 64]
                image[x, y] = PixelBuffer.argb(c.0, c.1, c.2)
            }
        }
        return image
    }

    /// `transicc`'s answer for `color` from `profile` to sRGB (perceptual, clipped).
    static func transicc(_ color: (UInt8, UInt8, UInt8), profile: String) throws -> [Int] {
        let input = try Fixtures.scratchFolder("transicc").appendingPathComponent("in.txt")
        try "\(color.0) \(color.1) \(color.2)\n".write(to: input, atomically: true, encoding: .utf8)
        let output = try ChildProcess.run(
            ["-c", "/usr/bin/transicc -s -n -t0 -i'\(profile)' -o'*sRGB' < '\(input.path)'"], executable: "/bin/sh")
        #expect(output.status == 0, "\(output.stderr)")
        let numbers = output.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            .compactMap { Double($0) }
        #expect(numbers.count == 3, "transicc said: \(output.stdout)")
        return numbers.map { Int($0.rounded()) }
    }

    static func channels(_ p: UInt32) -> [Int] { [Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)] }

    /// A JPEG with the profile in APP2 segments right after SOI.
    static func taggedJPEG(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
        var segment: [UInt8] = [0xFF, 0xE2]
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        segment += [UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        return Array(jpeg.prefix(2)) + segment + jpeg.dropFirst(2)
    }

    @Test func displayP3JPEGLandsWhereTransiccPutsIt() throws {
        let folder = try Fixtures.scratchFolder("p3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try Self.displayP3()
        let profilePath = folder.appendingPathComponent("p3.icc").path
        try Data(profile).write(to: URL(fileURLWithPath: profilePath))
        let plain = try #require(JPEGEncoder.encode(Self.picture(), quality: 100))
        let request = Fixtures.fullSize("p3.jpg")
        let untagged = try MediaDecoder().decode(bytes: plain, request: request).pixels
        let converted = try MediaDecoder().decode(bytes: Self.taggedJPEG(plain, profile: profile), request: request)
            .pixels
        for (band, color) in Self.colors.enumerated() {
            let x = band * 64 + 32
            let raw = Self.channels(untagged[x, 32])
            let expected = try Self.transicc((UInt8(raw[0]), UInt8(raw[1]), UInt8(raw[2])), profile: profilePath)
            let got = Self.channels(converted[x, 32])
            let worst = zip(got, expected).map { abs($0 - $1) }.max() ?? 99
            #expect(worst <= 2, "P3 \(color) (decoded \(raw)): got \(got), transicc \(expected)")
        }
        // The saturated red moved: the conversion did something.
        let red = Self.channels(converted[32, 32])
        let rawRed = Self.channels(untagged[32, 32])
        #expect(zip(red, rawRed).map { abs($0 - $1) }.max() ?? 0 > 8, "red \(rawRed) stayed \(red)")
    }

    @Test func untaggedImagesAreLeftExactlyAsDecoded() throws {
        let plain = try #require(JPEGEncoder.encode(Self.picture(), quality: 90))
        let request = Fixtures.fullSize("plain.jpg")
        let colors = ColorTransforms()
        let decoded = try MediaDecoder(colors: colors).decode(bytes: plain, request: request).pixels
        let direct = try JPEGDecoder(limits: DecodeLimits()).decode(plain, request: request).pixels
        #expect(decoded == direct)
        #expect(colors.count == 0)
    }

    @Test func transformsAreMadeOncePerProfile() throws {
        let profile = try Self.displayP3()
        let tagged = Self.taggedJPEG(try #require(JPEGEncoder.encode(Self.picture(), quality: 90)), profile: profile)
        let colors = ColorTransforms()
        let decoder = MediaDecoder(colors: colors)
        for _ in 0..<3 { _ = try decoder.decode(bytes: tagged, request: Fixtures.fullSize("a.jpg")) }
        #expect(colors.count == 1)
    }

    /// A grid HEIC whose primary image carries the profile (`colr` `prof`) converts the same way.
    @Test func displayP3HEICLandsWhereTransiccPutsIt() throws {
        let folder = try Fixtures.scratchFolder("p3-heic")
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try Self.displayP3()
        let profilePath = folder.appendingPathComponent("p3.icc").path
        try Data(profile).write(to: URL(fileURLWithPath: profilePath))
        let png = try #require(PNGEncoder.encode(Self.picture()))
        let pngPath = folder.appendingPathComponent("p3.png").path
        try Data(png).write(to: URL(fileURLWithPath: pngPath))
        let tilesPath = folder.appendingPathComponent("tiles.heic").path
        let made = try ChildProcess.run(
            ["-L", "-p", "chroma=444", "--matrix_coefficients=0", pngPath, "-o", tilesPath],
            executable: "/usr/bin/heif-enc")
        #expect(made.status == 0, "\(made.stderr)")
        let tiles = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tilesPath)))
        let tagged = try HEIFGridWriter.grid(
            from: tiles, tiles: [1], columns: 1, rows: 1, width: 192, height: 64, profile: profile)
        let converted = try MediaDecoder().decode(bytes: tagged, request: Fixtures.fullSize("p3.heic")).pixels
        for (band, color) in Self.colors.enumerated() {
            let expected = try Self.transicc(color, profile: profilePath)
            let got = Self.channels(converted[band * 64 + 32, 32])
            let worst = zip(got, expected).map { abs($0 - $1) }.max() ?? 99
            #expect(worst <= 2, "P3 \(color): got \(got), transicc \(expected)")
        }
    }

    /// A PNG with the profile in an `iCCP` chunk (zlib, stored blocks) after IHDR.
    static func taggedPNG(_ png: [UInt8], profile: [UInt8]) -> [UInt8] {
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, profile.count - start)
            let final: UInt8 = start + n == profile.count ? 1 : 0
            zlib += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += profile[start..<(start + n)]
            start += n
        } while start < profile.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in profile {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += HostileFiles.be32(b << 16 | a)
        let chunk = HostileFiles.chunk("iCCP", Array("P3".utf8) + [0, 0] + zlib)
        return Array(png.prefix(33)) + chunk + png.dropFirst(33)
    }

    @Test func displayP3PNGLandsWhereTransiccPutsIt() throws {
        let folder = try Fixtures.scratchFolder("p3-png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try Self.displayP3()
        let profilePath = folder.appendingPathComponent("p3.icc").path
        try Data(profile).write(to: URL(fileURLWithPath: profilePath))
        let png = Self.taggedPNG(try #require(PNGEncoder.encode(Self.picture())), profile: profile)
        let pngPath = folder.appendingPathComponent("p3.png").path
        try Data(png).write(to: URL(fileURLWithPath: pngPath))
        // From memory and streamed from the file.
        let fromBytes = try MediaDecoder().decode(bytes: png, request: Fixtures.fullSize(pngPath)).pixels
        let fromFile = try MediaDecoder().decode(Fixtures.fullSize(pngPath)).pixels
        for (band, color) in Self.colors.enumerated() {
            let expected = try Self.transicc(color, profile: profilePath)
            for converted in [fromBytes, fromFile] {
                let got = Self.channels(converted[band * 64 + 32, 32])
                let worst = zip(got, expected).map { abs($0 - $1) }.max() ?? 99
                #expect(worst <= 2, "P3 \(color): got \(got), transicc \(expected)")
            }
        }
    }
}
