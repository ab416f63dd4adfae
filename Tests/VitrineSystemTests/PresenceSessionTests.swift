import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// Presence with a real session over a folder, driven frame by frame: the display goes off with
/// nobody present for `off-after` and the show holds its photo; a report of someone turns it back
/// on in the same frame; slides shown while nobody was there are not counted as seen; hidden
/// photos do not hold a shuffle cycle open.
@Suite struct PresenceSessionTests {
    /// A folder of `count` photos shuffled, 2 s a slide, with `display` as the display section.
    static func tree(_ count: Int, display: String, name: String = #function) throws -> TemporaryFolder {
        let tree = try TemporaryFolder(name)
        for i in 0..<count { try tree.write(String(format: "photos/%03d.jpg", i)) }
        try tree.write(
            "frame.json",
            #"{ "version": 1, "defaults": { "interval": 2, "transitionDuration": 0.5, "order": "shuffle", "seed": 4 }, "items": [ { "folder": "photos" } ], "display": "#
                + display + " }")
        return tree
    }

    /// A screen as a frame loop drives it.
    struct Screen {
        var director: ShowDirector
        let session: PlaylistSession
        var monotonic = 0.0
        var wall = 1_780_000_000.0

        init(_ tree: TemporaryFolder) throws {
            let loaded = PlaylistDecoder.load(tree.at("frame.json"))
            let document = try #require(loaded.document, "\(loaded.diagnostics)")
            session = PlaylistSession(document: document, background: false, watch: false) {
                PlaylistContent(document: $0)
            }
            director = ShowDirector(
                setup: DirectorSettings(origin: document.file), environment: ShowEnvironment(feed: session),
                output: Size(width: 100, height: 100), wallOrigin: Date(unixSeconds: wall))
        }

        /// Frames of a tenth of a second for `seconds`; `presence` goes with the first.
        mutating func run(
            _ seconds: Double, presence: [PresenceReport] = [], events: [InputEvent] = [],
            commands: [RemoteCommand] = [], failed: [(path: String, reason: String)] = []
        ) {
            var reports = presence
            var pending = events
            var asked = commands
            var failures = failed
            let end = monotonic + seconds
            repeat {
                let dt = min(0.1, max(0, end - monotonic))
                monotonic += dt
                wall += dt
                var input = FrameInput(
                    frameTime: Seconds(dt), monotonic: MonotonicInstant(seconds: monotonic),
                    wall: Date(unixSeconds: wall), output: Size(width: 100, height: 100), events: pending,
                    images: LoadedImages(allReady: true), failed: failures, commands: asked)
                input.presence = reports
                reports = []
                pending = []
                asked = []
                failures = []
                _ = director.frame(input)
            } while monotonic < end - 1e-9
        }

        var current: String { (director.engine.currentPath.map { ($0 as NSString).lastPathComponent }) ?? "" }
        var unseen: Int? { director.report(at: director.renderTime).unseen }
    }

    static let mqtt = #"{ "presence": { "off-after": "5s", "mqtt": { "topic": "hall/occupancy" } } }"#

    @Test func nobodyPresentTurnsTheDisplayOffAndHoldsThePhoto() throws {
        let tree = try Self.tree(20, display: Self.mqtt)
        var screen = try Screen(tree)
        screen.run(1, presence: [PresenceReport(source: "mqtt", present: true)])
        #expect(screen.director.displayOn)
        screen.run(1, presence: [PresenceReport(source: "mqtt", present: false)])
        screen.run(3.5)
        #expect(screen.director.displayOn, "on until 5 s with nobody")
        screen.run(1)
        #expect(!screen.director.displayOn, "off 5 s after the room emptied")
        #expect(screen.director.engine.show.isPaused, "the show holds while nobody is there")
        let held = screen.current
        screen.run(30)
        #expect(screen.current == held, "no slide moves while the display is off")
        // Someone comes: the very next frame has the display on and the show running on the same photo.
        screen.run(0.1, presence: [PresenceReport(source: "mqtt", present: true)])
        #expect(screen.director.displayOn)
        #expect(!screen.director.engine.show.isPaused)
        #expect(screen.current == held)
        screen.run(2.5)
        #expect(screen.current != held, "the show goes on")
    }

    @Test func aTouchIsPresence() throws {
        let tree = try Self.tree(5, display: #"{ "presence": { "off-after": 3 } }"#)
        var screen = try Screen(tree)
        screen.run(3.2)
        #expect(!screen.director.displayOn, "nobody touched it for 3 s")
        let touch = InputEvent(time: screen.director.renderTime, kind: .down(id: 0, x: 0.5, y: 0.5))
        screen.run(0.1, events: [touch])
        #expect(screen.director.displayOn, "a touch is someone present")
    }

    @Test func slidesShownWithNobodyPresentAreNotCountedAsSeen() throws {
        let tree = try Self.tree(20, display: #"{ "presence": { "off-after": "1h", "mqtt": "hall/occupancy" } }"#)
        var screen = try Screen(tree)
        screen.run(0.1, presence: [PresenceReport(source: "mqtt", present: false)])
        var shownAlone: Set<String> = []
        for _ in 0..<8 {
            shownAlone.insert(screen.current)
            screen.run(2)
        }
        #expect(shownAlone.count >= 7, "the slides moved on: \(shownAlone)")
        #expect(screen.unseen == 20, "none of the slides shown to an empty room counts")
        // Someone arrives during a slide: that slide counts, and each one after it.
        screen.run(0.5, presence: [PresenceReport(source: "mqtt", present: true)])
        #expect(screen.unseen == 19)
        screen.run(8)
        #expect(screen.unseen == 15)
    }

    @Test func withoutPresenceSourcesEverySlideCounts() throws {
        let tree = try Self.tree(20, display: #"{ "dpms": false }"#)
        var screen = try Screen(tree)
        screen.run(0.1)
        #expect(screen.unseen == 19)
        screen.run(7)
        #expect(screen.unseen == 16)
    }

    @Test func hiddenAndFailedPhotosDoNotHoldACycleOpen() throws {
        let tree = try Self.tree(10, display: #"{ "dpms": false }"#)
        var screen = try Screen(tree)
        // Three photos hidden from the screen (as the info panel or a remote does), and one that
        // fails to decode: they leave the show, and the cycle does not wait for them.
        let hidden = ["000.jpg", "001.jpg", "002.jpg"]
        screen.run(
            0.1, commands: hidden.map { RemoteCommand.hide(name: $0) },
            failed: [(tree.at("photos/003.jpg"), "not a picture")])
        #expect(screen.director.engine.show.count == 6)
        #expect(screen.unseen == 5 || screen.unseen == 6, "\(String(describing: screen.unseen))")
        var seen: Set<String> = []
        var cycled = false
        for _ in 0..<6 {
            seen.insert(screen.current)
            screen.run(2)
            if screen.session.content.shown.decks.values.contains(where: { $0.cycle >= 1 }) { cycled = true }
        }
        #expect(cycled, "the cycle completed once the 6 visible photos were shown: \(seen.sorted())")
        #expect(seen.isDisjoint(with: hidden + ["003.jpg"]))
    }
}
