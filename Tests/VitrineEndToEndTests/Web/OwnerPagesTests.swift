import Foundation
import Testing

/// The owner's pages of a real running `vitrine play --web` in headless Chromium (Selenium): the
/// live Now page against the player's own state, the Photos page on 10,000 photos, and an
/// axe-core audit of every page at phone and laptop sizes. Screenshots go to docs/screenshots/.
@Suite(.serialized) struct OwnerPagesTests {
    static let shots = PlayerProcess.checkout.appendingPathComponent("docs/screenshots").path

    /// Photos of one colour each (`photo-1.jpg` …), made by ImageMagick's `convert`.
    static func colourPhotos(_ folder: String, count: Int) throws -> [String] {
        var colours: [String] = []
        for index in 0..<count {
            // Hues around the circle at full saturation: each far from the next in some channel.
            let hue = Double(index) / Double(count) * 6
            let x = 1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1)
            let (r, g, b): (Double, Double, Double) =
                switch Int(hue) {
                case 0: (1, x, 0)
                case 1: (x, 1, 0)
                case 2: (0, 1, x)
                case 3: (0, x, 1)
                case 4: (x, 0, 1)
                default: (1, 0, x)
                }
            let hex = [r, g, b].map { String(format: "%02x", Int(($0 * 200 + 30).rounded())) }.joined()
            colours.append(hex)
            try run(["convert", "-size", "64x36", "xc:#\(hex)", "-quality", "95", "\(folder)/photo-\(index + 1).jpg"])
        }
        return colours
    }

    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments.joined(separator: " "))")
    }

    /// Runs owner_pages.py's `scenario` against `player`; its printed lines, and whether it passed.
    static func browse(_ player: PlayerProcess, statePath: String, scenario: String, extra: [String: String] = [:])
        throws -> (log: String, passed: Bool)
    {
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let walk = Process()
        walk.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        walk.arguments = [
            PlayerProcess.checkout.appendingPathComponent("Tests/VitrineEndToEndTests/Web/Browser/owner_pages.py").path
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_URL"] = player.url
        environment["VITRINE_SETUP_CODE"] = try PlayerWebTests.setupCode(statePath)
        environment["VITRINE_SCENARIO"] = scenario
        environment["VITRINE_SHOTS"] = shots
        environment["PYTHONPATH"] = nil
        environment.merge(extra) { $1 }
        walk.environment = environment
        let output = Pipe()
        walk.standardOutput = output
        walk.standardError = FileHandle.nullDevice
        try walk.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        walk.waitUntilExit()
        print(log)
        return (log, walk.terminationStatus == 0 && log.contains("done"))
    }

    static func showFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "vitrine-owner-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try "{\n  \"version\": 1,\n  \"items\": [ { \"folder\": \"photos\" } ]\n}\n".write(
            toFile: folder + "/playlist.json", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func theNowPageFollowsThePlayerWithinHalfASecondTwentyTimesInARow() throws {
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let colours = try Self.colourPhotos(folder + "/photos", count: 21)
        let player = try PlayerProcess(
            source: folder + "/playlist.json", statePath: folder + "/state/web.json",
            extra: ["--interval", "3600", "--transition", "none"], size: "640x360")
        defer { player.stop() }
        let (log, passed) = try Self.browse(
            player, statePath: folder + "/state/web.json", scenario: "now",
            extra: ["VITRINE_COLOURS": colours.joined(separator: ",")])
        #expect(passed, "\(log)\n\(player.log)")
        #expect(log.contains("figure: now_changes 20"))
    }

    @Test func tenThousandPhotosOpenSmallAndFastAndComeFromTheCacheAgain() throws {
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let one = try Self.colourPhotos(folder, count: 1)
        #expect(one.count == 1)
        // One real photo under 10,000 names (hard links: the folder costs no disk).
        for index in 1...10_000 {
            #expect(link(folder + "/photo-1.jpg", folder + "/photos/photo-\(index).jpg") == 0)
        }
        let player = try PlayerProcess(
            source: folder + "/playlist.json", statePath: folder + "/state/web.json", extra: ["--interval", "3600"])
        defer { player.stop() }
        let (log, passed) = try Self.browse(player, statePath: folder + "/state/web.json", scenario: "photos")
        #expect(passed, "\(log)\n\(player.log)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/photos").count
        #expect(left == 9998)
        // Thumbnails were kept on disk beside the page's state.
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/state/thumbnails")
        #expect(kept.count >= 12, "\(kept.count) thumbnails kept")
    }

    @Test func theFormsReorderAddSetMotionAndAPreviewedCaptionChangeARuleAndSaveWhatTheShowFollows() throws {
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.colourPhotos(folder + "/photos", count: 3)
        // photo-1.jpg carries when (a Friday), with what and where (Paris) it was taken, for the caption preview.
        try Self.run([
            "exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:17 14:03:00", "-Model=Test Camera",
            "-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-GPSLongitude=2.3522", "-GPSLongitudeRef=E",
            folder + "/photos/photo-1.jpg",
        ])
        try FileManager.default.createDirectory(atPath: folder + "/photos/extra", withIntermediateDirectories: true)
        // Every day but today, so that adding today makes the rule cover the whole week.
        let days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        let today = days[Calendar.current.component(.weekday, from: Date()) - 1]
        let others = days.filter { $0 != today }.map { "\"\($0)\"" }.joined(separator: ", ")
        let playlist = """
            {
              "version": 1,
              "playlists": {
                "morning": { "items": [ { "folder": "photos" }, { "image": "photos/photo-1.jpg" } ] },
                "evening": { "items": [ { "image": "photos/photo-2.jpg" } ] },
                "night": { "items": [ { "image": "photos/photo-3.jpg" } ] }
              },
              "schedule": {
                "default": "evening",
                "rules": [ { "playlist": "morning", "days": [\(others)], "from": "00:00", "to": "23:59" } ]
              }
            }

            """
        try playlist.write(toFile: folder + "/playlist.json", atomically: true, encoding: .utf8)
        let player = try PlayerProcess(
            source: folder + "/playlist.json", statePath: folder + "/state/web.json", extra: ["--interval", "3600"],
            size: "640x360")
        defer { player.stop() }
        let (log, passed) = try Self.browse(
            player, statePath: folder + "/state/web.json", scenario: "editor", extra: ["VITRINE_TODAY": today])
        #expect(passed, "\(log)\n\(player.log)")
        // The file saved by the forms (before the bad edit, which was not saved).
        let saved = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder + "/playlist.json")))
        let expected = try JSONSerialization.jsonObject(
            with: Data(
                """
                {
                  "version": 1,
                  "playlists": {
                    "morning": { "items": [
                      { "image": "photos/photo-1.jpg", "motion": "kenburns", "caption": "{date:long} · {place}" },
                      { "folder": "photos" }
                    ] },
                    "evening": { "items": [ { "image": "photos/photo-2.jpg" }, { "folder": "photos/extra" } ] },
                    "night": { "items": [ { "image": "photos/photo-3.jpg" } ] }
                  },
                  "schedule": {
                    "default": "evening",
                    "rules": [ { "playlist": "morning", "from": "00:00", "to": "23:59" } ]
                  }
                }
                """.utf8))
        #expect((saved as? NSDictionary) == (expected as? NSDictionary), "\(saved)")
    }

    @Test func everyPagePassesAnAccessibilityAuditAtPhoneAndLaptopSizes() throws {
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.colourPhotos(folder + "/photos", count: 6)
        for name in ["rocket.jpg", "camera.png"] {
            try FileManager.default.copyItem(
                atPath: "\(PlayerWebTests.demo)/\(name)", toPath: "\(folder)/photos/\(name)")
        }
        let player = try PlayerProcess(
            source: folder + "/playlist.json", statePath: folder + "/state/web.json", extra: ["--interval", "30"],
            size: "640x360")
        defer { player.stop() }
        let (log, passed) = try Self.browse(player, statePath: folder + "/state/web.json", scenario: "audit")
        #expect(passed, "\(log)\n\(player.log)")
        for page in ["now", "photos", "playlist", "schedule", "settings", "login"] {
            for size in ["phone", "laptop"] {
                #expect(FileManager.default.fileExists(atPath: "\(Self.shots)/\(page)-\(size).png"), "\(page)-\(size)")
            }
        }
    }
}
