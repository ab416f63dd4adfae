import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineCore

/// Captions filled from the photo: its EXIF date (with and without an offset), its place from
/// GPS through the shipped table, the frame's time zone, and no separator left dangling.
@Suite struct CaptionTemplateTests {
    static let places: PlaceNames = {
        let text = (try? String(contentsOfFile: Repository.path("assets/places/places.tsv"), encoding: .utf8)) ?? ""
        return PlaceNames(PlaceTable(text: text))
    }()

    func facts(
        _ metadata: ImageMetadata?, path: String = "/photos/2024 Spain/IMG_0042.jpg", now: Date? = nil,
        zone: TimeZone = .gmt
    ) -> CaptionFacts {
        CaptionFacts(path: path, metadata: metadata, now: now, zone: zone, places: Self.places)
    }

    func metadata(_ date: String?, offset: String? = nil, at position: (Double, Double)? = nil) -> ImageMetadata {
        var m = ImageMetadata(dateTaken: date)
        m.dateOffset = offset
        m.latitude = position?.0
        m.longitude = position?.1
        m.camera = "Canon EOS 5D"
        return m
    }

    @Test func exifDatesAreReadWithAndWithoutTheirOffset() throws {
        let plain = try #require(TakenDate("2024:05:17 14:03:09"))
        #expect(plain.offset == nil && plain.instant == nil)
        #expect(plain.text(.medium) == "17 May 2024")
        #expect(plain.text(.long) == "Friday 17 May 2024")
        #expect(plain.text(.short) == "2024-05-17")
        #expect(plain.text(.time) == "14:03")
        let tokyo = try #require(TakenDate("2024:05:17 14:03:09", offset: "+09:00"))
        #expect(tokyo.offset == 9 * 3600)
        #expect(tokyo.instant == 1_715_922_189)
        let inline = try #require(TakenDate("2012-09-17T15:53:45-04:00"))
        #expect(inline.offset == -4 * 3600)
        #expect(inline.text(.medium) == "17 September 2012")
        #expect(TakenDate("0000:00:00 00:00:00") == nil)
        #expect(TakenDate("2023:02:30 10:00:00") == nil, "no 30 February")
        #expect(TakenDate("2024:05:17 14:03:09", offset: "+25:00")?.offset == nil)
    }

    @Test func fiveKnownCitiesAreNamedFromTheirGPSPositions() {
        let cities: [(Double, Double, String)] = [
            (48.8584, 2.2945, "Paris, France"),  // the Eiffel Tower, in a district of Paris
            (35.6586, 139.7454, "Tokyo, Japan"),  // Tokyo Tower
            (-33.8568, 151.2153, "Sydney, Australia"),  // the Opera House
            (-1.2864, 36.8172, "Nairobi, Kenya"),
            (64.1417, -21.9266, "Reykjavík, Iceland"),
        ]
        for (lat, lon, name) in cities {
            #expect(Self.places.table.place(latitude: lat, longitude: lon) == name)
        }
        #expect(Self.places.table.place(latitude: 0, longitude: -30) == nil, "the middle of the Atlantic has no town")
        #expect(Self.places.table.towns.count > 30_000)
        #expect(Self.places.table.skipped == 0)
    }

    @Test func aMissingFieldLeavesNoDanglingSeparator() {
        let template = CaptionTemplate("{date:long} · {place}")
        #expect(
            template.render(facts(metadata("2024:05:17 14:03:09", at: (48.8584, 2.2945))).value)
                == "Friday 17 May 2024 · Paris, France")
        #expect(template.render(facts(metadata("2024:05:17 14:03:09")).value) == "Friday 17 May 2024", "no GPS")
        #expect(template.render(facts(metadata(nil, at: (48.8584, 2.2945))).value) == "Paris, France", "no date")
        #expect(template.render(facts(metadata(nil)).value) == nil, "nothing to say: no caption")
        #expect(
            CaptionTemplate("Taken {date} in {place}!").render(facts(metadata("2024:05:17 14:03:09")).value)
                == "Taken 17 May 2024")
        #expect(
            CaptionTemplate("{camera} — {folder} — {file}").render(facts(metadata(nil)).value)
                == "Canon EOS 5D — 2024 Spain — IMG_0042")
        #expect(CaptionTemplate("{{literal}} {file}").render(facts(nil).value) == "{literal} IMG_0042")
        #expect(CaptionTemplate("Plain words").render(facts(nil).value) == "Plain words")
    }

    /// The date shown is the day the photo was taken where it was taken; "years ago" counts to the
    /// frame's own day, in the frame's time zone.
    @Test func aTimeZoneChangeMovesTheFramesDayNotThePhotos() throws {
        let taken = metadata("2021:03:10 23:30:00", offset: "-05:00")
        // 2024-03-10 02:00 UTC: 11:00 on the 10th in Tokyo, 16:00 on the 9th in Honolulu.
        let now = Date(unixSeconds: 1_710_036_000)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let honolulu = try #require(TimeZone(identifier: "Pacific/Honolulu"))
        let template = CaptionTemplate("{date} · {years-ago}")
        #expect(template.render(facts(taken, now: now, zone: tokyo).value) == "10 March 2021 · 3 years ago")
        #expect(template.render(facts(taken, now: now, zone: honolulu).value) == "10 March 2021 · 2 years ago")
        let date = try #require(TakenDate(taken.dateTaken, offset: taken.dateOffset))
        #expect(date.isThisDay(inEarlierYearAt: now, zone: tokyo))
        #expect(!date.isThisDay(inEarlierYearAt: now, zone: honolulu))
        #expect(
            CaptionTemplate("{years-ago}").render(
                facts(taken, now: Date(unixSeconds: 1_620_000_000), zone: tokyo).value) == nil)
    }

    @Test func theOverlayFillsTheItemsTemplate() {
        var overlay = CaptionOverlay(kind: .playlist)
        overlay.places = Self.places
        let slide = Slide(path: "/p/a.jpg", caption: "{date} · {place}")
        #expect(
            overlay.text(for: slide, metadata: metadata("2019:08:01 10:00:00", at: (35.6586, 139.7454)))
                == "1 August 2019 · Tokyo, Japan")
        overlay.template = "{file}"
        #expect(overlay.text(for: Slide(path: "/p/b.jpg"), metadata: nil) == "b", "the template of items without one")
        #expect(overlay.text(for: Slide(path: "/p/c.jpg", caption: "Fixed"), metadata: nil) == "Fixed")
    }
}
