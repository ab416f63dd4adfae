import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// Captions from EXIF: ImageDescription and the date taken, read with libexif.
@Suite struct ExifTextTests {
    /// A little-endian TIFF block with IFD0 { ImageDescription, ExifIFD } and Exif IFD { DateTimeOriginal }.
    static func exifBlock(description: String, taken: String) -> [UInt8] {
        var out: [UInt8] = Array("II".utf8) + [42, 0] + le32(8)
        let desc = Array(description.utf8) + [0]
        let date = Array(taken.utf8) + [0]
        // IFD0 at 8: 2 entries (2 + 2·12 + 4 = 30 bytes) → data from 38.
        let descOffset = 38
        let exifIFD = descOffset + desc.count
        let dateOffset = exifIFD + 18  // 2 + 12 + 4
        out += le16(2)
        out += le16(0x010E) + le16(2) + le32(desc.count) + le32(descOffset)
        out += le16(0x8769) + le16(4) + le32(1) + le32(exifIFD)
        out += le32(0)
        out += desc
        out += le16(1)
        out += le16(0x9003) + le16(2) + le32(date.count) + le32(dateOffset)
        out += le32(0)
        out += date
        return out
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    @Test func readsDescriptionAndDateTaken() {
        let block = Self.exifBlock(description: "Harbour at dawn", taken: "2024:05:17 14:03:00")
        let meta = ExifText.read(block[...])
        #expect(meta == ImageMetadata(description: "Harbour at dawn", dateTaken: "2024:05:17 14:03:00"))
        #expect(ExifText.read(Array("Exif".utf8)[...]) == nil)
        #expect(ExifText.read([UInt8](repeating: 0xFF, count: 64)[...]) == nil)
    }

    @Test func jpegAndPNGContainersAndTheDecoder() throws {
        let block = Self.exifBlock(description: "Pier", taken: "2020:01:02 03:04:05")
        let app1 = Array("Exif".utf8) + [0, 0] + block
        let segment: [UInt8] = [0xFF, 0xE1] + [UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
        let jpeg = try #require(JPEGEncoder.encode(PixelBuffer(width: 16, height: 8, color: 0xFF80_8080), quality: 90))
        let tagged = Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
        #expect(ExifText.of(tagged, format: .jpeg)?.description == "Pier")
        let image = try MediaDecoder().decode(
            bytes: tagged,
            request: DecodeRequest(
                path: "tagged.jpg", output: Size(width: 16, height: 8), fit: .contain, background: .black))
        #expect(image.metadata?.dateTaken == "2020:01:02 03:04:05")
        #expect(ExifText.of(jpeg, format: .jpeg) == nil, "no EXIF, no metadata")
    }
}
