import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineDecode
@testable import VitrineMedia

/// The date a photo was taken, its offset and its GPS position, as exiftool writes them into a
/// real JPEG and libexif reads them back, to a caption.
@Suite struct ExifTakenDateTests {
    /// A copy of a demo JPEG with `tags` written by exiftool (Debian's libimage-exiftool-perl).
    static func photo(_ tags: [String], in tree: TemporaryFolder, named name: String) throws -> [UInt8] {
        let path = tree.at(name)
        try FileManager.default.copyItem(atPath: Repository.path("assets/demo/rocket.jpg"), toPath: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-q", "-overwrite_original"] + tags + [path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "exiftool \(tags)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func datesWithAndWithoutOffsetsAndAPlaceAreRead() throws {
        let tree = try TemporaryFolder()
        let withOffset = try Self.photo(
            [
                "-DateTimeOriginal=2019:08:01 10:00:00", "-OffsetTimeOriginal=+09:00", "-GPSLatitude=35.6586",
                "-GPSLatitudeRef=N", "-GPSLongitude=139.7454", "-GPSLongitudeRef=E",
            ], in: tree, named: "tokyo.jpg")
        let m = try #require(ExifText.of(withOffset, format: .jpeg))
        #expect(m.dateTaken == "2019:08:01 10:00:00")
        #expect(m.dateOffset == "+09:00")
        #expect(abs((m.latitude ?? 0) - 35.6586) < 0.0001)
        #expect(abs((m.longitude ?? 0) - 139.7454) < 0.0001)
        let text = try String(contentsOfFile: Repository.path("assets/places/places.tsv"), encoding: .utf8)
        let facts = CaptionFacts(path: tree.at("tokyo.jpg"), metadata: m, places: PlaceNames(PlaceTable(text: text)))
        #expect(CaptionTemplate("{date:long} · {place}").render(facts.value) == "Thursday 1 August 2019 · Tokyo, Japan")
        #expect(TakenDate(m.dateTaken, offset: m.dateOffset)?.instant == 1_564_621_200)

        let plain = try Self.photo(["-DateTimeOriginal=2016:12:24 18:30:00"], in: tree, named: "plain.jpg")
        let p = try #require(ExifText.of(plain, format: .jpeg))
        #expect(p.dateTaken == "2016:12:24 18:30:00")
        #expect(p.dateOffset == nil && p.latitude == nil)
        let plainFacts = CaptionFacts(path: tree.at("plain.jpg"), metadata: p)
        #expect(CaptionTemplate("{date} · {place}").render(plainFacts.value) == "24 December 2016", "no GPS, no dot")
    }
}
