import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// "On this day": photos dated across five years by exiftool, a session whose clock is injected,
/// the right photos on the right day and the rest of the playlist on a day without any.
@Suite struct MemoriesTests {
    static func dated(_ date: String?, _ name: String, in tree: TemporaryFolder) throws {
        let path = tree.at(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.path("assets/demo/rocket.jpg"), toPath: path)
        guard let date else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = [
            "-q", "-overwrite_original", "-DateTimeOriginal=\(date)", "-OffsetTimeOriginal=+01:00", path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func photosOfThisDayInEarlierYearsPlayAndAnEmptyDayFallsBack() throws {
        let tree = try TemporaryFolder()
        for year in 2021...2025 { try Self.dated("\(year):03:10 09:00:00", "photos/y\(year).jpg", in: tree) }
        try Self.dated("2025:03:11 09:00:00", "photos/next-day.jpg", in: tree)
        try Self.dated("2026:03:10 08:00:00", "photos/this-year.jpg", in: tree)
        try Self.dated(nil, "photos/undated.jpg", in: tree)
        try Self.dated(nil, "rest/a.jpg", in: tree)
        try Self.dated(nil, "rest/b.jpg", in: tree)
        #expect(
            ExifDateScan.taken(Array(try Data(contentsOf: URL(fileURLWithPath: tree.at("photos/y2021.jpg")))))
                == TakenDate("2021:03:10 09:00:00", offset: "+01:00"))
        try tree.write(
            "frame.json",
            #"{ "version": 1, "timeZone": "Europe/Paris", "items": [ { "memories": { "folder": "photos" } }, { "folder": "rest" } ] }"#
        )
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, background: false, watch: false) {
            PlaylistContent(document: $0)
        }
        // 10 March 2026, 00:30 in Paris (23:30 UTC on the 9th).
        let clock = Mutable(Date(timeIntervalSince1970: 1_773_099_000))
        session.clock = { clock.value }
        session.start()
        let name = document.playlists[0].name
        let names = { session.slides(for: name).map { ($0.path as NSString).lastPathComponent } }
        #expect(names() == ["y2021.jpg", "y2022.jpg", "y2023.jpg", "y2024.jpg", "y2025.jpg"])
        #expect(session.slides(for: name).allSatisfy { $0.caption == "{years-ago}" })
        // 12 March: no photo of this day, the rest of the playlist plays.
        clock.value = Date(timeIntervalSince1970: 1_773_300_000)
        let update = session.poll(now: MonotonicInstant(seconds: 1))
        #expect(update.playlists.contains(name))
        #expect(names() == ["a.jpg", "b.jpg"])
        // 11 March: the one photo of 11 March 2025.
        clock.value = Date(timeIntervalSince1970: 1_773_220_000)
        _ = session.poll(now: MonotonicInstant(seconds: 2))
        #expect(names() == ["next-day.jpg"])
    }

    @Test func aMemoriesItemIsCheckedLikeAFolder() {
        let outcome = PlaylistDecoder.decode(
            #"{ "version": 1, "items": [ { "memories": { "folder": "/p", "recursive": false, "colour": 1 } } ] }"#,
            file: "/f.json", probe: { _ in .directory })
        let item = outcome.document?.playlists.first?.items.first
        guard case .folder(let folder)? = item?.source else {
            Issue.record("no memories item: \(outcome.diagnostics)")
            return
        }
        #expect(folder.memories && !folder.recursive)
        #expect(outcome.diagnostics.contains { "\($0)".contains("colour") }, "an unknown key is named")
        let missing = PlaylistDecoder.decode(
            #"{ "version": 1, "items": [ { "memories": { } } ] }"#, file: "/f.json", probe: { _ in .directory })
        #expect(missing.document == nil || missing.diagnostics.errors.isEmpty == false)
    }
}

/// A value a closure reads while the test changes it.
final class Mutable<Value: Sendable>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
