import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// A PNG decoded from its file as it is read (libspng's stream reading) gives what
/// the same bytes in memory give: pixels, orientation, caption and refusals.
@Suite("PNG read as it decodes")
struct PNGStreamTests {
    /// Interlaced, 16-bit, palette, grey and transparent files, at full size and reduced.
    @Test(arguments: PngSuiteTests.valid.filter { $0.hasPrefix("bas") || $0.hasPrefix("tb") || $0.contains("16") })
    func streamedEqualsInMemory(_ name: String) throws {
        let path = Fixtures.pngSuite.appendingPathComponent("png/\(name)").path
        let bytes = try ImageFile.read(path, maxBytes: 1 << 24)
        for output in [Size(width: 4096, height: 4096), Size(width: 21, height: 13)] {
            let request = DecodePathTests.request(path, output, background: RGBColor(r: 255, g: 128, b: 32))
            let streamed = try MediaDecoder().decode(request)
            let inMemory = try MediaDecoder().decode(bytes: bytes, request: request)
            #expect(streamed.pixels == inMemory.pixels, "\(name) at \(output)")
        }
    }

    /// A photo larger than the read buffer, with a caption in its `eXIf` chunk.
    @Test func largeFileWithExifStreams() throws {
        let folder = try Fixtures.scratchFolder("png-stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Noise over the test picture, so the file is far bigger than the stream's buffer.
        var picture = DecodePathTests.picture(width: 733, height: 451)
        var seed: UInt32 = 12345
        for i in picture.pixels.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            picture.pixels[i] ^= (seed >> 8) & 0x0F_0F0F
        }
        let png = try #require(PNGEncoder.encode(picture))
        let exif = ExifTextTests.exifBlock(description: "Harbour at dawn", taken: "2024:05:01 06:12:00")
        let ihdrEnd = 8 + 12 + 13
        let bytes = Array(png.prefix(ihdrEnd)) + HostileFiles.chunk("eXIf", exif) + Array(png.dropFirst(ihdrEnd))
        #expect(bytes.count > 64 << 10, "bigger than the stream's buffer")
        let url = folder.appendingPathComponent("caption.png")
        try Data(bytes).write(to: url)
        for output in [Size(width: 4096, height: 4096), Size(width: 300, height: 200)] {
            let request = DecodePathTests.request(url.path, output)
            let streamed = try MediaDecoder().decode(request)
            let inMemory = try MediaDecoder().decode(bytes: bytes, request: request)
            #expect(streamed.pixels == inMemory.pixels, "at \(output)")
            #expect(streamed.metadata?.description == "Harbour at dawn")
            #expect(streamed.metadata == inMemory.metadata)
        }
        // Cut short in the image data: refused, naming the file.
        let cut = folder.appendingPathComponent("cut.png")
        try Data(bytes.prefix(bytes.count / 2)).write(to: cut)
        let error = #expect(throws: DecodeError.self) {
            _ = try MediaDecoder().decode(DecodePathTests.request(cut.path, Size(width: 300, height: 200)))
        }
        #expect(error?.path == cut.path)
        #expect(error?.reason.contains("PNG") == true, "\(error?.reason ?? "no error")")
    }

    /// The buffered reader hands out the file's bytes in order whatever the piece sizes.
    @Test func streamReadsTheFileInOrder() throws {
        let folder = try Fixtures.scratchFolder("source-stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let url = folder.appendingPathComponent("data.bin")
        try Data(bytes).write(to: url)
        let stream = try ImageFileStream(url.path, maxBytes: 1 << 20)
        #expect(try stream.peek(10) == Array(bytes.prefix(10)))
        var read: [UInt8] = []
        var piece = 1
        while read.count < bytes.count {
            let n = min(piece, bytes.count - read.count)
            var chunk = [UInt8](repeating: 0, count: n)
            let complete = try chunk.withUnsafeMutableBytes { try stream.read(into: $0.baseAddress!, count: n) }
            #expect(complete)
            read += chunk
            piece = piece * 3 + 1  // 1, 4, 13, … up to pieces larger than the buffer
        }
        #expect(read == bytes)
        var extra: UInt8 = 0
        #expect(try stream.read(into: &extra, count: 1) == false)
        // peek then readAll gives the whole file.
        let again = try ImageFileStream(url.path, maxBytes: 1 << 20)
        _ = try again.peek(512)
        #expect(try again.readAll() == bytes)
        // The size limit and an empty file are refused before reading.
        #expect(throws: DecodeError.self) { _ = try ImageFileStream(url.path, maxBytes: 1000) }
        let empty = folder.appendingPathComponent("empty.png")
        try Data().write(to: empty)
        let error = #expect(throws: DecodeError.self) { _ = try ImageFileStream(empty.path, maxBytes: 1000) }
        #expect(error?.reason.contains("empty") == true)
    }
}
