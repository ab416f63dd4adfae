import Foundation
import Testing
import VitrineTestSupport

/// `vitrine play`, `snapshot --print-state` and `check` when a listing goes wrong, against the
/// listing server of the network tests (Tests/VitrineNetTests/Servers/listing_server.py).
@Suite(.serialized) struct NetworkListingCLITests {
    let folder: TemporaryFolder
    let www: String

    init() throws {
        folder = try TemporaryFolder()
        www = folder.at("www")
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: www + "/" + name))
    }

    func play(_ source: String, quitAfter: String = "3") throws -> CLIRunner.Output {
        try CLIRunner.run([
            "play", source, "--video-driver", "offscreen", "--renderer", "software", "--windowed", "320x180",
            "--quit-after", quitAfter, "--cache-dir", folder.at("cache"), "--no-resume",
        ])
    }

    @Test func aListingThatDropsHalfThePhotosIsHeldAndSaidInTheLogAndState() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
        for (i, color) in colors.enumerated() {
            try TestImage.writeBMP(www + "/p\(i).bmp", width: 64, height: 36, color: color)
        }
        try write("photos.json", #"["p0.bmp", "p1.bmp", "p2.bmp", "p3.bmp"]"#)
        let server = try NetTestServer("listing_server.py", ["--root", www])
        defer { server.stop() }
        let feed = server.base + "/files/photos.json"
        let first = try play(feed)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("sources: 4 images"), "\(first.stderr)")

        try write("photos.json", #"["p0.bmp", "p1.bmp"]"#)
        let second = try play(feed, quitAfter: "2")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("would remove 2 of 4 photos is held"), "\(second.stderr)")
        let cached = try FileManager.default.contentsOfDirectory(atPath: folder.at("cache"))
        #expect(cached.count { $0.hasSuffix(".bmp") } == 4, "\(cached)")

        let state = try CLIRunner.run([
            "snapshot", feed, "--at", "0", "--out", folder.at("s.png"), "--print-state", "--cache-dir",
            folder.at("cache"),
        ])
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout.contains("\"mirrored\":4"), "\(state.stdout)")
        #expect(state.stdout.contains("would remove 2 of 4 photos is held"), "\(state.stdout)")
    }

    @Test func checkNamesEachFault() throws {
        try TestImage.writeBMP(www + "/red.bmp", width: 64, height: 36, color: (255, 0, 0))
        try write("portal.html", "<html><body>Log in to the Wi-Fi</body></html>")
        try write("empty.json", "[]")
        try write("cut.xml", "<rss version=\"2.0\"><channel>\n<item><title>a")
        try write("ok.json", #"["red.bmp"]"#)
        let server = try NetTestServer("listing_server.py", ["--root", www])
        defer { server.stop() }
        let h2c = try NetTestServer("listing_server.py", ["--root", www, "--mode", "h2c"])
        defer { h2c.stop() }
        let playlist = folder.at("list.json")
        try Data(
            """
            {"version": 1, "items": [
              {"url": "\(server.base)/files/portal.html"},
              {"url": "\(server.base)/files/red.bmp"},
              {"feed": "\(server.base)/files/empty.json"},
              {"feed": "\(server.base)/files/cut.xml"},
              {"feed": "\(server.base)/busy/ok.json?times=1&after=30"},
              {"feed": "\(h2c.base)/ok.json"}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        let out = try CLIRunner.run(["check", playlist])
        #expect(out.status == 0, "\(out.stdout) \(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init).filter { $0.contains("127.0.0.1") }
        try #require(lines.count == 6, "\(out.stdout)")
        #expect(lines[0].contains("HTML page (Content-Type text/html"), "\(lines[0])")
        #expect(lines[1].hasSuffix("reachable, 1 photo listed (BMP)"), "\(lines[1])")
        #expect(lines[2].contains("warning: feed") && lines[2].contains("0 photos"), "\(lines[2])")
        #expect(lines[3].contains("not well-formed XML: line 2, column"), "\(lines[3])")
        #expect(lines[4].contains("HTTP 429") && lines[4].contains("asks to wait 30 s"), "\(lines[4])")
        #expect(lines[5].contains("h2c"), "\(lines[5])")
    }

    @Test func aFrameStartedBeforeItsServerShowsPhotosWithin15SecondsOfTheStart() throws {
        try TestImage.writeBMP(www + "/red.bmp", width: 64, height: 36, color: (255, 0, 0))
        try write("photos.json", #"["red.bmp"]"#)
        // A port of our own: the server is started on it, stopped, and started again later.
        let probe = try NetTestServer("listing_server.py", ["--root", www])
        let port = probe.port
        probe.stop()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = [
            "play", "http://127.0.0.1:\(port)/files/photos.json", "--video-driver", "offscreen", "--renderer",
            "software", "--windowed", "320x180", "--quit-after", "14", "--last-frame", folder.at("f.png"),
            "--cache-dir", folder.at("cache"), "--no-resume",
        ]
        let errors = Pipe()
        process.standardError = errors
        let started = Date()
        try process.run()
        var log = ""
        func read(until text: String, deadline: Double) {
            while Date().timeIntervalSince(started) < deadline, !log.contains(text) {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                log += String(decoding: chunk, as: UTF8.self)
            }
        }
        read(until: "could not connect", deadline: 5)
        #expect(log.contains("could not connect"), "\(log)")
        // The network comes 5 s after the frame started.
        while Date().timeIntervalSince(started) < 5 { usleep(20_000) }
        let server = try NetTestServer("listing_server.py", ["--root", www, "--port", "\(port)"])
        defer { server.stop() }
        read(until: "sources: 1 images", deadline: 30)
        let shown = Date().timeIntervalSince(started)
        log += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(log)")
        #expect(log.contains("sources: 1 images"), "\(log)")
        #expect(shown < 15, "the photo came \(shown) s after the start: \(log)")
        let pixel = try TestImage.read(folder.at("f.png")).rgb(160, 90)
        #expect(pixel.r > 200 && pixel.g < 60, "\(pixel)")
    }
}
