import Foundation
import Testing
import VitrineTestSupport

/// A test server of the network tests (Tests/VitrineNetTests/Servers), started on a loopback port.
/// The test runner blocks SIGTERM and children inherit that, so the mask is cleared before exec.
final class NetTestServer {
    private let process = Process()
    private(set) var port = 0
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Network/Servers").path
    static let python =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    init(_ script: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let unblock =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])"
        process.arguments = [Self.python, "-c", unblock, Self.python, Self.folder + "/" + script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        port = text.hasPrefix("PORT ") ? Int(text.dropFirst(5).prefix { $0.isNumber }) ?? 0 : 0
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// `vitrine play` and `check` with photos from real HTTP servers on loopback (the fault server of
/// the network tests, and the Immich test double).
@Suite(.serialized) struct NetworkPlayTests {
    let folder: TemporaryFolder
    let www: String

    init() throws {
        folder = try TemporaryFolder()
        www = folder.at("www")
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        try TestImage.writeBMP(www + "/red.bmp", width: 64, height: 36, color: (255, 0, 0))
        try TestImage.writeBMP(www + "/blue.bmp", width: 640, height: 360, color: (0, 0, 255))
        try Data(#"["red.bmp"]"#.utf8).write(to: URL(fileURLWithPath: www + "/photos.json"))
        try Data(#"["/gate/blue.bmp"]"#.utf8).write(to: URL(fileURLWithPath: www + "/gated.json"))
    }

    func play(_ source: String, frame: String, quitAfter: String = "2", cache: String? = nil) throws -> CLIRunner.Output
    {
        try CLIRunner.run([
            "play", source, "--config", "none", "--video-driver", "offscreen", "--renderer", "software", "--windowed",
            "320x180",
            "--quit-after", quitAfter, "--last-frame", frame, "--cache-dir", cache ?? folder.at("cache"),
            "--no-resume",
        ])
    }

    func isColor(_ path: String, _ x: Int, _ y: Int, _ color: (Int, Int, Int)) throws -> Bool {
        let p = try TestImage.read(path).rgb(x, y)
        return abs(p.r - color.0) < 40 && abs(p.g - color.1) < 40 && abs(p.b - color.2) < 40
    }

    @Test func aFeedOnTheCommandLinePlaysAndThenPlaysFromTheMirrorWithTheServerDown() throws {
        let server = try NetTestServer("fault_server.py", ["--root", www])
        let out = try play(server.base + "/files/photos.json", frame: folder.at("a.png"))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try isColor(folder.at("a.png"), 160, 90, (255, 0, 0)))
        #expect(out.stderr.contains("1 photos listed"))
        server.stop()
        let offline = try play(server.base + "/files/photos.json", frame: folder.at("b.png"))
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try isColor(folder.at("b.png"), 160, 90, (255, 0, 0)))
        #expect(offline.stderr.contains("could not connect"))
        // The mirror is in the snapshot's state.
        let state = try CLIRunner.run([
            "snapshot", server.base + "/files/photos.json", "--at", "1", "--out", folder.at("s.png"),
            "--print-state", "--cache-dir", folder.at("cache"),
        ])
        #expect(state.stdout.contains(#""mirror":{"bytesOnDisk":"#))
        #expect(state.stdout.contains(#""listed":1,"mirrored":1"#))
        #expect(try isColor(folder.at("s.png"), 160, 90, (255, 0, 0)))
    }

    @Test func theRingShowsTheDownloadHeldAtFortyPercentThenThePhoto() throws {
        let server = try NetTestServer("fault_server.py", ["--root", www])
        let held = try play(server.base + "/files/gated.json", frame: folder.at("ring.png"))
        #expect(held.status == 0, "\(held.stderr)")
        // 320×180: the ring's centre at (160, 144); 40 % filled clockwise from the top, so the
        // right side of its middle row is bright and the left side shows only the dim track.
        let ring = try TestImage.read(folder.at("ring.png"))
        let right = (160..<180).map { ring.rgb($0, 144).r }.max() ?? 0
        let left = (140..<160).map { ring.rgb($0, 144).r }.max() ?? 0
        #expect(right > 200, "\(right)")
        #expect(left > 40 && left < 160, "\(left)")
        _ = fetchBody(server.base + "/control/release")
        let shown = try play(server.base + "/files/gated.json", frame: folder.at("blue.png"), quitAfter: "3")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try isColor(folder.at("blue.png"), 160, 90, (0, 0, 255)))
    }

    @Test func theShowGoesOnWhenTheServerGoesAway() throws {
        let server = try NetTestServer("fault_server.py", ["--root", www])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = [
            "play", server.base + "/files/photos.json", "--config", "none", "--video-driver", "offscreen", "--renderer",
            "software",
            "--windowed", "320x180", "--quit-after", "4", "--last-frame", folder.at("c.png"), "--cache-dir",
            folder.at("cache"),
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        func mirrored() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.at("cache"))) ?? []).contains {
                $0.hasSuffix(".bmp")
            }
        }
        while Date() < deadline, !mirrored() { usleep(20_000) }
        #expect(mirrored())
        server.stop()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try isColor(folder.at("c.png"), 160, 90, (255, 0, 0)))
    }

    @Test func aPlaylistWithAnImmichAlbumAndAFeedPlays() throws {
        let key = folder.at("immich-key")
        try Data("test-key\n".utf8).write(to: URL(fileURLWithPath: key))
        try FileManager.default.copyItem(atPath: www + "/blue.bmp", toPath: www + "/preview.bmp")
        let config = folder.at("immich.json")
        try Data(
            #"""
            {"apiKey": "test-key", "albums": [{"id": "a1000000-0000-4000-8000-000000000001", "albumName": "Summer",
                         "assets": ["00000000-0000-4000-8000-000000000001"]}], "people": [],
             "assets": [{"id": "00000000-0000-4000-8000-000000000001", "preview": "preview.bmp", "thumbnail": "preview.bmp", "isFavorite": false,
                         "people": [], "description": "Blue", "type": "IMAGE"}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: config))
        let immich = try NetTestServer("immich_double.py", ["--config", config, "--root", www])
        let feed = try NetTestServer("fault_server.py", ["--root", www])
        let playlist = folder.at("list.json")
        try Data(
            """
            {"version": 1, "defaults": {"interval": 2, "transitionDuration": 0.5}, "items": [
              {"immich": {"server": "\(immich.base)", "apiKeyFile": "\(key)", "album": "Summer"}},
              {"feed": "\(feed.base)/files/photos.json"}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        // The first run mirrors both (the feed's photo may come first); the second plays the mirror in order.
        let first = try play(playlist, frame: folder.at("p0.png"), quitAfter: "3")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("playlist 'list': 2 images"))
        let again = try play(playlist, frame: folder.at("p1.png"), quitAfter: "1")
        #expect(try isColor(folder.at("p1.png"), 160, 90, (0, 0, 255)), "\(again.stderr)")
        let second = try play(playlist, frame: folder.at("p2.png"), quitAfter: "3")
        #expect(try isColor(folder.at("p2.png"), 160, 90, (255, 0, 0)), "\(second.stderr)")

        // check: the reachable sources, and one that is not.
        immich.stop()
        let out = try CLIRunner.run(["check", playlist])
        #expect(out.status == 0)
        #expect(out.stdout.contains("feed \(feed.base)/files/photos.json: reachable, 1 photo listed"), "\(out.stdout)")
        #expect(out.stdout.contains("immich \(immich.base) album Summer: could not connect"), "\(out.stdout)")
    }

    @Test func badNetworkSourcesAreRefusedWithTheirMessages() throws {
        let playlist = folder.at("bad.json")
        try Data(
            """
            {"version": 1, "items": [
              {"url": "file:///etc/passwd"},
              {"webdav": "https://h/dav", "user": "ann"}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        let out = try CLIRunner.run(["check", playlist])
        #expect(out.status == 1)
        #expect(out.stdout.contains("bad.json:2:"))
        #expect(out.stdout.contains("items[0].url: must be an http:// or https:// address of an image"))
        #expect(out.stdout.contains("items[1].passwordFile: is missing"))
        let size = try CLIRunner.run(["play", "--config", "none", "--cache-size", "lots", "x"])
        #expect(size.status == 2)
        #expect(size.stderr.contains("--cache-size lots: expected a size"))
    }
}

/// A control call to a test server (curl, which Debian has; the tests speak only to 127.0.0.1).
func fetchBody(_ url: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl", "-s", "-o", "/dev/null", url]
    try? process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
