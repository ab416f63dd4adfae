import Foundation
import Testing
import VitrineCore
import VitrineWeb

/// The page in a real browser: Debian's chromium, driven by Selenium from /usr/bin/python3, against
/// the site served on a free loopback port. Screenshots go to `VITRINE_SCREENSHOTS` when set
/// (the README's come from `docs/screenshots`), else to a temporary folder.
@Suite struct BrowserTests {
    static var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test func aNewOwnerSetsThePasswordUploadsTwoPhotosAndFixesAPlaylistEdit() throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"] {
            #expect(FileManager.default.isExecutableFile(atPath: tool), "\(tool) missing: make test-deps installs it")
        }
        let fixture = SiteFixture(maximumFileBytes: 8 << 20)
        let server = try LoopbackServer(site: fixture.site)
        defer { server.stop() }
        let shots =
            ProcessInfo.processInfo.environment["VITRINE_SCREENSHOTS"]
            ?? NSTemporaryDirectory() + "vitrine-shots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let demo = Self.checkout.appendingPathComponent("assets/demo").path
        let script = Self.checkout.appendingPathComponent("Tests/VitrineWebTests/Browser/page_walk.py").path

        let walk = Process()
        walk.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        walk.arguments = [script]
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_URL"] = "http://127.0.0.1:\(server.port)/"
        environment["VITRINE_SETUP_CODE"] = fixture.site.credentials.setupCode ?? ""
        environment["VITRINE_PHOTOS"] = "\(demo)/rocket.jpg:\(demo)/camera.png"
        environment["VITRINE_SHOTS"] = shots
        environment["PYTHONPATH"] = nil
        walk.environment = environment
        let output = Pipe()
        walk.standardOutput = output
        walk.standardError = FileHandle.nullDevice
        try walk.run()
        let deadline = Date().addingTimeInterval(120)
        while walk.isRunning, Date() < deadline { usleep(20_000) }
        if walk.isRunning { walk.terminate() }
        walk.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(walk.terminationStatus == 0, "\(log)")
        #expect(log.contains("done"))
        #expect(fixture.show.folderNames == ["camera.png", "rocket.jpg"])
        let rocket = try Data(contentsOf: URL(fileURLWithPath: "\(demo)/rocket.jpg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.show.uploadFolder + "/rocket.jpg")) == rocket)
        let playlist = try String(contentsOfFile: try #require(fixture.show.playlistPath), encoding: .utf8)
        #expect(playlist.contains("\"caption\": \"Kitchen\""))
        #expect(fixture.show.commands == [.displayOff, .displayOn])
        for name in ["setup", "now", "photos", "playlist-error", "playlist", "schedule", "settings", "login"] {
            #expect(FileManager.default.fileExists(atPath: "\(shots)/\(name).png"), "\(name).png")
        }
    }
}
