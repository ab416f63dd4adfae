import Foundation
import Testing

@testable import VitrineCore

/// `PlaylistContent.setMemoriesDay`, asked at each frame: it says when the day changes in the
/// document's zone, once, and within a day it answers from the day's bounds it keeps.
@Suite struct MemoriesDayTests {

    /// 2026-12-06 at `hour`:`minute` UTC.
    static func at(_ hour: Int, _ minute: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_796_515_200 + Double(hour * 3600 + minute * 60))
    }

    /// Whether the day changed (a mutating call kept out of the expectation macro).
    static func day(_ content: inout PlaylistContent, _ now: Date, _ zone: TimeZone) -> Bool {
        content.setMemoriesDay(now: now, zone: zone)
    }

    @Test("the day changes at midnight in the document's zone, once")
    func changesAtMidnightInItsZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        var content = PlaylistContent(
            document: PlaylistDocument(file: "", playlists: [PlaylistSpec(name: "sources", items: [])]))
        #expect(Self.day(&content, Self.at(12), berlin))
        // Same day in Berlin, frame after frame.
        for minute in stride(from: 0, to: 600, by: 7) {
            #expect(!Self.day(&content, Self.at(12, minute), berlin))
        }
        // 22:59 UTC is 23:59 in Berlin; 23:00 UTC is midnight there: a new day, said once.
        #expect(!Self.day(&content, Self.at(22, 59), berlin))
        #expect(Self.day(&content, Self.at(23), berlin))
        #expect(!Self.day(&content, Self.at(23, 30), berlin))
        // In UTC 23:30 is still the 6th, the day before Berlin's 7th: the zone changed the day.
        #expect(Self.day(&content, Self.at(23, 30), utc))
        #expect(!Self.day(&content, Self.at(23, 45), utc))
        // The clock set back a day.
        #expect(Self.day(&content, Self.at(-12), utc))
        #expect(content.memoriesDay?.now == Self.at(-12))
    }
}
