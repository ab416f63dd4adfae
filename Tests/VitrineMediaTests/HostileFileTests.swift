import Foundation
import Testing
import VitrineCore
import VitrineMedia

/// Each hostile file is refused with a reason, in process and through the
/// worker, and the good image after it still decodes.
@Suite struct HostileFileTests {
    static let expectedReasons: [String: String] = [
        "chunk-past-end.png": "PNG",
        "truncated.jpg": "truncated",
        "huge-header.png": "--max-pixels",
        "huge-header.gif": "--max-pixels",
        "empty.jpg": "empty",
        "notes.jpg": "text",
        "folder.png": "folder",
        "truncated-progressive.jpg": "truncated",
        "truncated.webp": "truncated",
        "huge-header.webp": "--max-pixels",
        "garbage.webp": "WebP",
        "truncated.bmp": "BMP",
    ]

    @Test func inProcessDecoderRefusesEachWithAReason() throws {
        let folder = try Fixtures.scratchFolder("hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        try HostileFiles.write(into: folder)
        let decoder = MediaDecoder()
        // At full size and downscaled, which take different paths (the streamed and scaled decoders,
        // and at 10x6 the 1/8 scale, where a progressive JPEG's DC scans are decoded alone).
        for output in [Size(width: 4096, height: 4096), Size(width: 40, height: 30), Size(width: 10, height: 6)] {
            for name in HostileFiles.names {
                let path = folder.appendingPathComponent(name).path
                let request = DecodeRequest(path: path, output: output, fit: .contain, background: .black)
                let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(request) }
                let expected = try #require(Self.expectedReasons[name])
                #expect(
                    error?.reason.contains(expected) == true, "\(name) at \(output): \(error?.reason ?? "no error")")
                #expect(error?.path == path)
            }
        }
        let good = try decoder.decode(Fixtures.fullSize(folder.appendingPathComponent(HostileFiles.good).path))
        #expect(good.pixels.width == 96 && good.pixels.height == 64)
    }

    @Test func isolatedDecoderRefusesEachAndTheNextGoodImageDecodes() throws {
        let folder = try Fixtures.scratchFolder("hostile-isolated")
        defer { try? FileManager.default.removeItem(at: folder) }
        try HostileFiles.write(into: folder)
        let decoder = WorkerBinary.decoder(deadline: 10)
        defer { decoder.shutdown() }
        let goodPath = folder.appendingPathComponent(HostileFiles.good).path
        for name in HostileFiles.names {
            let path = folder.appendingPathComponent(name).path
            let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(path)) }
            let expected = try #require(Self.expectedReasons[name])
            #expect(error?.reason.contains(expected) == true, "\(name): \(error?.reason ?? "no error")")
            let good = try decoder.decode(Fixtures.fullSize(goodPath))
            #expect(good.pixels.width == 96 && good.pixels.height == 64)
        }
        // Every refusal was an answer from a healthy worker: none needed replacing.
        #expect(decoder.statistics.replaced == 0)
        #expect(decoder.statistics.spawned == 1)
    }

    @Test func pixelLimitIsConfigurable() throws {
        let folder = try Fixtures.scratchFolder("pixel-limit")
        defer { try? FileManager.default.removeItem(at: folder) }
        try HostileFiles.write(into: folder)
        let path = folder.appendingPathComponent(HostileFiles.good).path
        let strict = MediaDecoder(limits: DecodeLimits(maxPixels: 96 * 64 - 1))
        #expect(throws: DecodeError.self) { _ = try strict.decode(Fixtures.fullSize(path)) }
        let exact = MediaDecoder(limits: DecodeLimits(maxPixels: 96 * 64))
        #expect(try exact.decode(Fixtures.fullSize(path)).pixels.width == 96)
    }
}
