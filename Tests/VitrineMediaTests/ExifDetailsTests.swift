import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// The info panel's EXIF fields: camera, lens, exposure and GPS, read with libexif.
@Suite struct ExifDetailsTests {
    struct Entry {
        var tag: Int
        var type: Int  // 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL
        var count: Int
        var data: [UInt8]

        static func ascii(_ tag: Int, _ text: String) -> Entry {
            let bytes = Array(text.utf8) + [0]
            return Entry(tag: tag, type: 2, count: bytes.count, data: bytes)
        }
        static func short(_ tag: Int, _ v: Int) -> Entry { Entry(tag: tag, type: 3, count: 1, data: le16(v) + [0, 0]) }
        static func rational(_ tag: Int, _ parts: [(Int, Int)]) -> Entry {
            Entry(tag: tag, type: 5, count: parts.count, data: parts.flatMap { le32($0.0) + le32($0.1) })
        }
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    static func ifdSize(_ entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.data.count > 4 ? $1.data.count : 0) }
    }

    /// One IFD at `offset`: entries, next-IFD 0, then the values that do not fit in four bytes.
    static func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
        var head = le16(entries.count)
        var tail: [UInt8] = []
        var dataOffset = offset + 2 + 12 * entries.count + 4
        for e in entries.sorted(by: { $0.tag < $1.tag }) {
            head += le16(e.tag) + le16(e.type) + le32(e.count)
            if e.data.count > 4 {
                head += le32(dataOffset)
                tail += e.data
                dataOffset += e.data.count
            } else {
                head += e.data + [UInt8](repeating: 0, count: 4 - e.data.count)
            }
        }
        return head + le32(0) + tail
    }

    /// A little-endian TIFF block with IFD0, an Exif IFD and a GPS IFD.
    static func block(ifd0: [Entry], exif: [Entry], gps: [Entry]) -> [UInt8] {
        let pointers = 2
        let ifd0Size = ifdSize(ifd0) + 12 * pointers
        let exifOffset = 8 + ifd0Size
        let gpsOffset = exifOffset + ifdSize(exif)
        let first =
            ifd0 + [
                Entry(tag: 0x8769, type: 4, count: 1, data: le32(exifOffset)),
                Entry(tag: 0x8825, type: 4, count: 1, data: le32(gpsOffset)),
            ]
        return Array("II".utf8) + [42, 0] + le32(8) + ifd(first, at: 8) + ifd(exif, at: exifOffset)
            + ifd(gps, at: gpsOffset)
    }

    @Test func readsCameraLensExposureAndPosition() throws {
        let bytes = Self.block(
            ifd0: [.ascii(0x010F, "Canon"), .ascii(0x0110, "Canon EOS 5D Mark II")],
            exif: [
                .rational(0x829A, [(1, 250)]), .rational(0x829D, [(28, 10)]), .short(0x8827, 200),
                .rational(0x920A, [(35, 1)]), .ascii(0xA434, "EF 35mm f/2"), .ascii(0x9003, "2021:07:04 18:30:00"),
            ],
            gps: [
                .ascii(0x0001, "N"), .rational(0x0002, [(48, 1), (51, 1), (3030, 100)]),
                .ascii(0x0003, "W"), .rational(0x0004, [(2, 1), (17, 1), (4020, 100)]),
            ])
        let meta = try #require(ExifText.read(bytes[...]))
        #expect(meta.camera == "Canon EOS 5D Mark II")
        #expect(meta.lens == "EF 35mm f/2")
        #expect(meta.exposureTime == 1.0 / 250)
        #expect(meta.fNumber == 2.8)
        #expect(meta.iso == 200)
        #expect(meta.focalLength == 35)
        #expect(meta.dateTaken == "2021:07:04 18:30:00")
        #expect(abs((meta.latitude ?? 0) - (48 + 51 / 60.0 + 30.3 / 3600)) < 1e-9)
        #expect(abs((meta.longitude ?? 0) + (2 + 17 / 60.0 + 40.2 / 3600)) < 1e-9, "west is negative")
        #expect(meta.description == nil, "missing fields stay nil")
    }

    @Test func malformedFieldsAreLeftOut() throws {
        let bytes = Self.block(
            ifd0: [.ascii(0x010F, "Nikon")],
            exif: [.rational(0x829D, [(28, 0)]), .ascii(0x829A, "fast")],
            gps: [.rational(0x0002, [(48, 1), (51, 1), (30, 1)])])
        let meta = try #require(ExifText.read(bytes[...]))
        #expect(meta.camera == "Nikon")
        #expect(meta.fNumber == nil, "a zero denominator")
        #expect(meta.exposureTime == nil, "the wrong type")
        #expect(meta.latitude == nil, "no N/S reference")
    }

    @Test func theWorkerReplyCarriesTheDetails() throws {
        var meta = ImageMetadata(description: "Pier", dateTaken: nil)
        meta.iso = 400
        meta.latitude = -33.5
        let reply = WorkerReply(width: 2, height: 2, metadata: meta)
        let line = try #require(WorkerCoding.encode(reply))
        #expect(WorkerCoding.decode(WorkerReply.self, from: line)?.metadata == meta)
    }
}
