import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

@testable import VitrineNet

/// "On this day" from an Immich server: `immich_double.py` (written from Immich's OpenAPI
/// specification, `GET /api/memories` with `for`) serves photos taken on 10 March over five years, one
/// of 11 March, one of this year and a video; the frame's clock is injected.
@Suite(.serialized) struct ImmichMemoriesTests: MirrorFixture {
    let folder = ServedFolder()
    let keyFile: String
    /// 10 March 2026, 00:30 in Paris (23:30 UTC on the 9th).
    static let tenthOfMarch = 1_773_099_000.0
    /// 12 March 2026: no photo of this day.
    static let twelfthOfMarch = 1_773_300_000.0
    /// 11 March 2026: the one photo of 11 March 2025.
    static let eleventhOfMarch = 1_773_220_000.0
    static let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt

    static func id(_ n: Int) -> String { "00000000-0000-4000-8000-0000000000\(10 + n)" }

    init() throws {
        keyFile = folder.write("key", Data("key-123\n".utf8))
        for n in 1...8 {
            folder.write("immich/\(n)-preview.jpg", TestPictures.fakeJPEG(n, size: 6_000))
            folder.write("immich/\(n)-thumb.webp", fakeWebP(200 + n))
        }
        folder.write("rest/a.jpg", TestPictures.fakeJPEG(31, size: 5_000))
        folder.write("rest/b.jpg", TestPictures.fakeJPEG(32, size: 5_000))
        try writeConfig()
    }

    /// Assets 1…5 taken on 10 March 2021…2025 (listed newest first), 6 on 11 March 2025, 7 this year
    /// on 10 March, 8 a video of 10 March 2022.
    func writeConfig(lie: String? = nil) throws {
        let dates = [
            "2025-03-10T09:00:00.000Z", "2024-03-10T09:00:00.000Z", "2023-03-10T09:00:00.000Z",
            "2022-03-10T09:00:00.000Z", "2021-03-10T09:00:00.000Z", "2025-03-11T18:00:00.000Z",
            "2026-03-10T00:10:00.000Z", "2022-03-10T10:00:00.000Z",
        ]
        let assets = dates.enumerated().map { i, date in
            """
            {"id": "\(Self.id(i + 1))", "preview": "\(i + 1)-preview.jpg", "thumbnail": "\(i + 1)-thumb.webp",
             "localDateTime": "\(date)", "type": "\(i == 7 ? "VIDEO" : "IMAGE")"}
            """
        }
        let answer = lie.map { ", \"memoriesAnswer\": \"\($0)\"" } ?? ""
        folder.write(
            "immich.json",
            Data(#"{"apiKey": "key-123", "assets": [\#(assets.joined(separator: ","))]\#(answer)}"#.utf8))
    }

    func start() throws -> ServerProcess {
        try ServerProcess([
            python3, serversFolder + "/immich_double.py", "--config", folder.path + "/immich.json", "--root",
            folder.sub("immich"),
        ])
    }

    func listed(_ server: ServerProcess, at now: Double, limits: ListingLimits = ListingLimits()) -> Result<
        [RemoteEntry], TransferFailure
    > {
        let source = ImmichSource(server: server.base, apiKeyFile: keyFile, memories: true)
        guard let access = try? SourceAccess.read(for: .immich(source)) else { return .failure(.other("no key")) }
        return ImmichLister(
            client: HTTPClient(), limits: limits, timeouts: NetworkTimeouts(connect: 5), access: access, observer: nil
        ).list(source, now: Date(timeIntervalSince1970: now), zone: Self.paris)
    }

    @Test func theDaysMemoriesAreListedOldestFirstWithTheirDates() throws {
        let server = try start()
        let tenth = try listed(server, at: Self.tenthOfMarch).get()
        #expect(tenth.map(\.id) == [5, 4, 3, 2, 1].map(Self.id))
        #expect(tenth.map { TakenDate($0.taken)?.year } == [2021, 2022, 2023, 2024, 2025])
        #expect(tenth.allSatisfy { $0.url.hasSuffix("/thumbnail?size=preview") })
        // The day asked for is the frame's (10 March in Paris, still the 9th in UTC), with the key.
        let seen = fetchText(server.base + "/control/requests")
        #expect(seen.contains("/api/memories?for=2026-03-10T00:30:00%2B01:00&type=on_this_day"))
        #expect(seen.contains("\"x-api-key\": \"key-123\""))
        #expect(try listed(server, at: Self.twelfthOfMarch).get().isEmpty)
        #expect(try listed(server, at: Self.eleventhOfMarch).get().map(\.id) == [Self.id(6)])
    }

    @Test func aLyingServerIsRefusedWithoutCrashing() throws {
        let server = try start()
        try writeConfig(lie: "bad-json")
        guard case .failure(let bad) = listed(server, at: Self.tenthOfMarch) else {
            Issue.record("bad JSON was taken")
            return
        }
        #expect(bad.description.contains("JSON"))
        try writeConfig(lie: "huge")
        let limits = ListingLimits(maximumEntries: 1_000, maximumBodyBytes: 1 << 20)
        guard case .failure(let huge) = listed(server, at: Self.tenthOfMarch, limits: limits) else {
            Issue.record("a 9 MB answer was taken with a 1 MB limit")
            return
        }
        #expect(!huge.description.isEmpty)
        try writeConfig()
        #expect(try listed(server, at: Self.tenthOfMarch).get().count == 5)
    }

    @Test func aPlaylistPlaysTheDaysMemoriesCaptionedAndFallsBackOnAnEmptyDay() throws {
        let server = try start()
        let playlist = folder.write(
            "frame.json",
            Data(
                """
                { "version": 1, "timeZone": "Europe/Paris", "items": [
                  { "immich": { "server": "\(server.base)", "apiKeyFile": "\(keyFile)", "memories": true } },
                  { "folder": "\(folder.path)/rest" } ] }
                """.utf8))
        let document = try #require(PlaylistDecoder.load(playlist).document)
        let session = PlaylistSession(
            document: document, background: true, watch: false, mirror: configuration(refresh: 3600)
        ) { PlaylistContent(document: $0) }
        let clock = WallTime(Self.tenthOfMarch)
        session.clock = { Date(timeIntervalSince1970: clock.seconds.withLock { $0 }) }
        session.start()
        let name = document.playlists[0].name
        var tick = 0.0
        func names() -> [String] {
            tick += 0.05
            _ = session.poll(now: MonotonicInstant(seconds: tick))
            return session.slides(for: name).map { ($0.path as NSString).lastPathComponent }
        }
        /// Each slide's day as Immich dates it (the mirror names its files by itself).
        func days() -> [String] {
            session.slides(for: name).map { slide in
                slide.taken.map { String(format: "%04d-%02d-%02d", $0.year, $0.month, $0.day) } ?? "?"
            }
        }
        #expect(eventually(timeout: 20) { names().count == 5 && days() == (2021...2025).map { "\($0)-03-10" } })
        let overlay = {
            var overlay = CaptionOverlay(kind: .playlist)
            overlay.zone = Self.paris
            return overlay
        }()
        let captions = session.slides(for: name).map {
            overlay.text(for: $0, metadata: nil, wallTime: Date(unixSeconds: clock.seconds.withLock { $0 }))
        }
        #expect(captions == ["5 years ago", "4 years ago", "3 years ago", "2 years ago", "1 year ago"])
        // 12 March: Immich has no memory; the rest of the playlist plays.
        clock.seconds.withLock { $0 = Self.twelfthOfMarch }
        #expect(eventually(timeout: 20) { names() == ["a.jpg", "b.jpg"] })
        // 11 March: the new day's listing brings the one photo of 11 March 2025.
        clock.seconds.withLock { $0 = Self.eleventhOfMarch }
        #expect(eventually(timeout: 20) { names().count == 1 && days() == ["2025-03-11"] })
        let last = try #require(session.slides(for: name).first)
        #expect(
            overlay.text(for: last, metadata: nil, wallTime: Date(unixSeconds: Self.eleventhOfMarch)) == "1 year ago")
        let seen = fetchText(server.base + "/control/requests")
        #expect(seen.contains("for=2026-03-11T"))
    }

    @Test func anImmichSourceTakesMemoriesAsItsOneChoice() throws {
        let good = NetworkSourceDecoder.decode(
            try JSONParser.parse(
                #"{ "immich": { "server": "https://photos", "apiKeyFile": "/k", "memories": true } }"#),
            path: "items[0]")
        guard case .immich(let source)? = good.source else {
            Issue.record("no Immich source: \(good.diagnostics)")
            return
        }
        #expect(source.memories)
        #expect(NetworkSource.immich(source).description == "immich https://photos memories")
        let both = NetworkSourceDecoder.decode(
            try JSONParser.parse(
                #"{ "immich": { "server": "https://photos", "apiKeyFile": "/k", "memories": true, "album": "A" } }"#),
            path: "items[0]")
        #expect(both.source == nil)
        #expect(both.diagnostics.contains { "\($0)".contains("\"memories\": true") })
    }
}

/// The frame's wall time (UTC seconds) as the test sets it and the session reads it.
private final class WallTime: Sendable {
    let seconds: Mutex<Double>

    init(_ seconds: Double) { self.seconds = Mutex(seconds) }
}
