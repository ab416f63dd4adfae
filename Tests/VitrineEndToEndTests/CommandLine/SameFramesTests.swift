import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// `play` (headless, on SDL's offscreen driver) and `snapshot` run one director:
/// the same sources, options, input trace and clock give the same frame, pixel for pixel.
@Suite(.serialized) struct SameFramesTests {
    private func frames(_ args: [String], at time: String, size: String) throws -> (PixelBuffer, PixelBuffer) {
        let tree = try TemporaryFolder()
        let played = tree.at("played.png")
        let play = try CLIRunner.run(
            ["play"] + args + [
                "--config", "none", "--video-driver", "offscreen", "--renderer", "software", "--windowed", size,
                "--quit-after", time, "--last-frame", played, "--no-resume",
            ])
        #expect(play.status == 0, "\(play.stderr)")
        let drawn = tree.at("snapshot.png")
        let snapshot = try CLIRunner.run(["snapshot"] + args + ["--at", time, "--size", size, "--out", drawn])
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        return (try TestImage.read(played), try TestImage.read(drawn))
    }

    private var demo: String {
        Repository.demo
    }

    @Test func theShowMidSlide() throws {
        let (played, drawn) = try frames([demo, "--caption", "filename"], at: "4", size: "320x180")
        let same = played == drawn
        #expect(same)
        #expect(played.rgb(160, 90) != (0, 0, 0), "a photo, not a black frame")
    }

    @Test func theGrid() throws {
        let (played, drawn) = try frames([demo, "--grid"], at: "2", size: "320x180")
        let same = played == drawn
        #expect(same)
    }

    @Test func aTurnedScreen() throws {
        let (played, drawn) = try frames([demo, "--rotate", "90"], at: "3", size: "180x320")
        let same = played == drawn
        #expect(same)
    }

    @Test func aTraceThatSwipesToTheNextPhotoAndZooms() throws {
        let tree = try TemporaryFolder()
        let trace = tree.at("swipe.jsonl")
        var events: [InputEvent] = [InputEvent(time: ShowTime(seconds: 1), kind: .down(id: 1, x: 0.8, y: 0.5))]
        for step in 1...10 {
            events.append(
                InputEvent(
                    time: ShowTime(seconds: 1 + Double(step) * 0.02),
                    kind: .move(id: 1, x: 0.8 - Double(step) * 0.06, y: 0.5)))
        }
        events.append(InputEvent(time: ShowTime(seconds: 1.25), kind: .up(id: 1, x: 0.2, y: 0.5)))
        events.append(InputEvent(time: ShowTime(seconds: 2), kind: .down(id: 1, x: 0.3, y: 0.4)))
        events.append(InputEvent(time: ShowTime(seconds: 2.05), kind: .up(id: 1, x: 0.3, y: 0.4)))
        events.append(InputEvent(time: ShowTime(seconds: 2.15), kind: .down(id: 1, x: 0.3, y: 0.4)))
        events.append(InputEvent(time: ShowTime(seconds: 2.2), kind: .up(id: 1, x: 0.3, y: 0.4)))
        try Data(events.map(InputTrace.line(for:)).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: trace))
        let (played, drawn) = try frames([demo, "--input", trace], at: "4", size: "320x180")
        let same = played == drawn
        #expect(same)
    }

    @Test func anOffWindowIsBlackInBoth() throws {
        let tree = try TemporaryFolder()
        let playlist = tree.at("night.json")
        try Data(
            """
            { "version": 1, "timeZone": "UTC", "items": [ { "folder": "\(demo)" } ],
              "display": { "off": [ { "from": "23:00", "to": "07:00" } ] } }
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        let (played, drawn) = try frames(
            [playlist, "--clock", "2026-06-01T23:30:00Z"], at: "3", size: "160x90")
        let same = played == drawn
        #expect(same)
        #expect(played.rgb(80, 45) == (0, 0, 0))
    }
}
