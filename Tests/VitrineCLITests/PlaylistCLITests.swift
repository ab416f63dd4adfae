import Foundation
import Testing
import VitrineTestSupport

extension Repository {
    fileprivate static var playlists: String { path("assets/playlists") }
}

/// `vitrine` with SDL's dummy video driver, its output as `out` and `err`.
private enum Vitrine {
    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    static func run(_ args: [String]) throws -> Result {
        let output = try CLIRunner.run(args, environment: ["SDL_VIDEODRIVER": "dummy"])
        return Result(status: output.status, out: output.stdout, err: output.stderr)
    }
}

/// A temporary folder with a playlist file (and the demo images as `demo/`).
private final class Workspace {
    let path: String

    init(_ playlist: String, name: String = #function) throws {
        path = FileManager.default.temporaryDirectory.path + "/vitrine-cli-\(name.filter(\.isLetter))-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path + "/demo", withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: Repository.demo) where !file.hasSuffix(".md") {
            try FileManager.default.copyItem(atPath: Repository.demo + "/" + file, toPath: path + "/demo/" + file)
        }
        try Data(playlist.utf8).write(to: URL(fileURLWithPath: path + "/show.json"))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var playlist: String { path + "/show.json" }
}

private let scheduled = """
    {
      "version": 1,
      "timeZone": "Europe/Berlin",
      "defaults": { "interval": 5, "transitionDuration": 0.5 },
      "playlists": {
        "morning": { "items": [ { "image": "demo/rocket.jpg" }, { "image": "demo/coffee.png" } ] },
        "evening": { "items": [ { "folder": "demo", "include": "*.png" } ] }
      },
      "schedule": {
        "default": "evening",
        "rules": [ { "playlist": "morning", "days": ["weekdays"], "from": "07:00", "to": "12:00" } ]
      },
      "display": { "off": [ { "from": "23:00", "to": "06:00" } ] }
    }
    """

@Suite struct PlaylistCLITests {
    @Test func checkAcceptsAPlayableFileAndExitsZero() throws {
        let result = try Vitrine.run(["check", Repository.playlists + "/shop.json"])
        #expect(result.status == 0)
        #expect(result.out.hasSuffix("shop.json: playable (3 playlists, 2 rules, 1 off window); 0 warnings\n"))
        let gallery = try Vitrine.run(["check", Repository.playlists + "/gallery.json"])
        #expect(gallery.status == 0)
    }

    @Test func checkPrintsEveryProblemWithItsPlaceAndExitsOne() throws {
        let workspace = try Workspace(
            """
            {
              "version": 1,
              "defaults": { "intervall": 3 },
              "items": [
                { "image": "demo/rocket.jpg" },
                { "image": "demo/missing.jpg" },
                { "folder": "demo", "order": "sideways" },
                { "image": "demo/coffee.png", "duration": 0 }
              ]
            }
            """)
        let result = try Vitrine.run(["check", workspace.playlist])
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map { String($0.dropFirst(workspace.playlist.count)) }
        #expect(
            lines == [
                ":3:17: warning: defaults.intervall: unknown field; it is ignored; did you mean 'interval'?",
                ":6:16: warning: items[1].image: demo/missing.jpg: no such file (it is skipped until it appears)",
                ":7:34: error: items[2].order: must be one of name, mtime, shuffle",
                ":8:47: error: items[3].duration: must be a positive number of seconds",
                ": cannot be played: 2 errors, 2 warnings",
            ])
        try Data("{\n  \"version\": 1,\n  \"items\": [\n".utf8).write(to: URL(fileURLWithPath: workspace.playlist))
        let syntax = try Vitrine.run(["check", workspace.playlist])
        #expect(syntax.status == 1)
        #expect(syntax.out.hasPrefix(workspace.playlist + ":4:1: error: expected a value, found end of file\n"))
        #expect(try Vitrine.run(["check"]).status == 2)
    }

    @Test func playAndSnapshotRefuseAnUnplayableFile() throws {
        let workspace = try Workspace(
            "{ \"version\": 1, \"items\": [ { \"image\": \"demo/rocket.jpg\", \"fit\": \"tile\" } ] }")
        let result = try Vitrine.run(["snapshot", workspace.playlist, "--at", "0", "--out", workspace.path + "/x.png"])
        #expect(result.status == 2)
        #expect(
            result.err.contains(
                "ERROR playlist: \(workspace.playlist):1:65: error: items[0].fit: must be one of contain, cover"))
        #expect(result.err.contains("cannot be played (1 error above); fix it and run 'vitrine check"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path + "/x.png"))
    }

    @Test func snapshotsFollowTheScheduleAtTheClock() throws {
        let workspace = try Workspace(scheduled)
        func state(_ clock: String, at: String = "1") throws -> String {
            let out = workspace.path + "/frame.png"
            let result = try Vitrine.run([
                "snapshot", workspace.playlist, "--clock", clock, "--at", at, "--out", out, "--size", "64x36",
                "--print-state",
            ])
            #expect(result.status == 0, "\(result.err)")
            #expect(FileManager.default.fileExists(atPath: out))
            return result.out
        }
        // Thursday morning: the morning playlist, its first slide.
        let morning = try state("2026-12-24T09:00:00")
        #expect(morning.contains("\"playlist\":\"morning\",\"display\":\"on\""))
        #expect(morning.contains("\"source\":\"\(workspace.path)/demo/rocket.jpg\""))
        #expect(morning.contains("\"count\":2"))
        // The same instant written in UTC, and a Saturday morning (no rule: the default).
        #expect(try state("2026-12-24T08:00:00Z").contains("\"playlist\":\"morning\""))
        let saturday = try state("2026-12-26T09:00:00[Europe/Berlin]")
        #expect(saturday.contains("\"playlist\":\"evening\",\"display\":\"on\""))
        #expect(saturday.contains("\"count\":4"))
        // Late at night the display is off.
        #expect(try state("2026-12-24T23:30:00").contains("\"display\":\"off\""))
        // The schedule changes during the show: 11:59:58 + 5 s is past noon.
        let switched = try state("2026-12-24T11:59:58", at: "5")
        #expect(switched.contains("\"playlist\":\"evening\""))
        #expect(switched.contains("\"index\":0"))
        let bad = try Vitrine.run([
            "snapshot", workspace.playlist, "--clock", "christmas", "--at", "0", "--out", "x.png",
        ])
        #expect(bad.status == 2)
        #expect(bad.err.contains("--clock christmas: expected a time as YYYY-MM-DDTHH:MM[:SS]"))
    }

    @Test func scheduleTellsWhatPlaysWhenAndDrawsIt() throws {
        let workspace = try Workspace(scheduled)
        let png = workspace.path + "/week.png"
        let result = try Vitrine.run([
            "schedule", workspace.playlist, "--from", "2026-03-27", "--days", "3", "--png", png,
        ])
        #expect(result.status == 0, "\(result.err)")
        let expected = """
            \(workspace.playlist): 3 days from 2026-03-27, time zone Europe/Berlin
            Fri 2026-03-27
              00:00–06:00  display off
              06:00–07:00  evening
              07:00–12:00  morning
              12:00–23:00  evening
              23:00–24:00  display off
            Sat 2026-03-28
              00:00–06:00  display off
              06:00–23:00  evening
              23:00–24:00  display off
            Sun 2026-03-29
              00:00–06:00  display off
              06:00–23:00  evening
              23:00–24:00  display off
            wrote \(png): morning #4e79a7, evening #f28e2b, display off #808080

            """
        #expect(result.out == expected)
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try Vitrine.run(["schedule", workspace.playlist, "--days", "0"]).status == 2)
    }

    @Test func playResumesWhereItWasAfterARestart() throws {
        let workspace = try Workspace(
            """
            { "version": 1, "defaults": { "interval": 0.5, "transitionDuration": 0.1 },
              "items": [ { "folder": "demo", "include": "*.png" } ] }
            """)
        let state = workspace.path + "/state/position.json"
        func play(_ seconds: String) throws -> String {
            let result = try Vitrine.run([
                "play", workspace.playlist, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
                "--windowed",
                "160x90", "--quit-after", seconds, "--state-file", state,
            ])
            #expect(result.status == 0, "\(result.err)")
            let saved = try String(contentsOfFile: state, encoding: .utf8)
            let source = saved.components(separatedBy: "\"source\":\"").dropFirst().first?.split(separator: "\"").first
            return source.map { ($0.replacingOccurrences(of: "\\/", with: "/") as NSString).lastPathComponent } ?? ""
        }
        // Four PNGs in name order: astronaut, camera, chelsea, coffee. 1.2 s in, the third shows.
        let first = try play("1.2")
        #expect(first == "chelsea.png")
        // Started again for a moment: it is still there, not back at the first.
        #expect(try play("0.2") == "chelsea.png")
        // A corrupt position file: a warning, and the first image.
        try Data("{ oops".utf8).write(to: URL(fileURLWithPath: state))
        let result = try Vitrine.run([
            "play", workspace.playlist, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
            "--windowed", "160x90",
            "--quit-after", "0.2", "--state-file", state,
        ])
        #expect(result.err.contains("WARNING playlist: \(state): not a resume position"))
        #expect(try String(contentsOfFile: state, encoding: .utf8).contains("astronaut.png"))
    }
}
