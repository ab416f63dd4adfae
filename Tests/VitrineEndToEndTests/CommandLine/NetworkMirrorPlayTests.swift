import Foundation
import Testing
import VitrineTestSupport

/// `vitrine play` with a real WebDAV server (Apache mod_dav with a user and password) and the fault
/// server: what plays comes from the mirror, survives the server going away, and has passed a decode.
@Suite(.serialized) struct NetworkMirrorPlayTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func play(_ source: String, frame: String, quitAfter: String = "3") throws -> CLIRunner.Output {
        try CLIRunner.run([
            "play", source, "--video-driver", "offscreen", "--renderer", "software", "--windowed", "320x180",
            "--quit-after", quitAfter, "--last-frame", frame, "--cache-dir", folder.at("cache"), "--no-resume",
        ])
    }

    func color(_ path: String, _ x: Int = 160, _ y: Int = 90) throws -> (r: Int, g: Int, b: Int) {
        let p = try TestImage.read(path).rgb(x, y)
        return (p.r, p.g, p.b)
    }

    @Test(.enabled(if: WebDAVServer.isAvailable)) func aWebDAVFolderPlaysAndThenPlaysFromTheMirrorWithTheServerDown()
        throws
    {
        let server = try WebDAVServer(in: folder.at("apache"), user: "ann", password: "s3cret pass")
        try TestImage.writeBMP(folder.at("green.bmp"), width: 64, height: 36, color: (0, 255, 0))
        try server.put("green.bmp", from: folder.at("green.bmp"))
        try Data("s3cret pass\n".utf8).write(to: URL(fileURLWithPath: folder.at("password")))
        let playlist = folder.at("dav.json")
        try Data(
            """
            {"version": 1, "items": [
              {"webdav": "\(server.base)/", "user": "ann", "passwordFile": "\(folder.at("password"))"}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        let online = try play(playlist, frame: folder.at("online.png"))
        #expect(online.status == 0, "\(online.stderr)")
        let shown = try color(folder.at("online.png"))
        #expect(shown.g > 200 && shown.r < 60 && shown.b < 60, "\(shown) \(online.stderr)")
        #expect(!online.stderr.contains("s3cret"))

        server.stop()
        let offline = try play(playlist, frame: folder.at("offline.png"), quitAfter: "2")
        #expect(offline.status == 0, "\(offline.stderr)")
        let mirrored = try color(folder.at("offline.png"))
        #expect(mirrored.g > 200 && mirrored.r < 60 && mirrored.b < 60, "\(mirrored) \(offline.stderr)")
        #expect(offline.stderr.contains("could not connect"), "\(offline.stderr)")
    }

    @Test func aFileThatLooksLikeAnImageButDoesNotDecodeIsNeverMirrored() throws {
        let www = folder.at("www")
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        // JPEG magic bytes, then nothing a decoder can read.
        var broken: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]
        broken += (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        try Data(broken).write(to: URL(fileURLWithPath: www + "/broken.jpg"))
        try TestImage.writeBMP(www + "/red.bmp", width: 64, height: 36, color: (255, 0, 0))
        try Data(#"["broken.jpg", "red.bmp"]"#.utf8).write(to: URL(fileURLWithPath: www + "/photos.json"))
        let server = try NetTestServer("fault_server.py", ["--root", www])
        defer { server.stop() }
        let out = try play(server.base + "/files/photos.json", frame: folder.at("f.png"))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("does not decode"), "\(out.stderr)")
        #expect(out.stderr.contains("broken.jpg: refused: the file is not an image"), "\(out.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.at("cache"))
        #expect(!files.contains { $0.hasSuffix(".jpg") }, "\(files)")
        #expect(files.contains { $0.hasSuffix(".bmp") }, "\(files)")
        let shown = try color(folder.at("f.png"))
        #expect(shown.r > 200 && shown.g < 60, "\(shown)")
    }

    @Test func anImmichPhotoPlaysItsThumbnailUntilTheFullOneArrivesOnTheSameSlide() throws {
        let www = folder.at("www")
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        // The thumbnail and the full render have the same aspect ratio, so they land in the same rectangle.
        try TestImage.writeBMP(www + "/thumb.bmp", width: 64, height: 36, color: (0, 255, 0))
        try TestImage.writeBMP(www + "/full.bmp", width: 640, height: 360, color: (0, 0, 255))
        let key = folder.at("immich-key")
        try Data("test-key\n".utf8).write(to: URL(fileURLWithPath: key))
        let config = folder.at("immich.json")
        try Data(
            #"""
            {"apiKey": "test-key", "albums": [{"id": "a1000000-0000-4000-8000-000000000001", "albumName": "Summer", "assets": ["00000000-0000-4000-8000-000000000001"]}], "people": [],
             "assets": [{"id": "00000000-0000-4000-8000-000000000001", "preview": "full.bmp", "thumbnail": "thumb.bmp", "gate": true,
                         "isFavorite": false, "people": [], "description": "", "type": "IMAGE"}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: config))
        // A test double of Immich (its published API for albums and thumbnails), full renders held by a gate.
        let immich = try NetTestServer("immich_double.py", ["--config", config, "--root", www])
        defer { immich.stop() }
        let playlist = folder.at("immich-list.json")
        try Data(
            """
            {"version": 1, "defaults": {"interval": 60, "transitionDuration": 0.5}, "items": [
              {"immich": {"server": "\(immich.base)", "apiKeyFile": "\(key)", "album": "Summer"}}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        // Before the gate opens: the thumbnail is the slide.
        let before = try play(playlist, frame: folder.at("before.png"), quitAfter: "2")
        #expect(before.status == 0, "\(before.stderr)")
        let thumb = try color(folder.at("before.png"))
        #expect(thumb.g > 200 && thumb.b < 60, "\(thumb) \(before.stderr)")

        // A second photo joins the album; the running show is on the thumbnail (slide 1 of 2) when the
        // gate opens, and the full photo replaces it on the same slide (a lost place would land on the red one).
        try TestImage.writeBMP(www + "/red.bmp", width: 64, height: 36, color: (255, 0, 0))
        let text = try String(contentsOfFile: config, encoding: .utf8)
            .replacingOccurrences(
                of: #""assets": ["00000000-0000-4000-8000-000000000001"]"#,
                with: #""assets": ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"]"#
            )
            .replacingOccurrences(
                of: #""type": "IMAGE"}]}"#,
                with:
                    #""type": "IMAGE"}, {"id": "00000000-0000-4000-8000-000000000002", "preview": "red.bmp", "thumbnail": "red.bmp"}]}"#
            )
        try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = [
            "play", playlist, "--video-driver", "offscreen", "--renderer", "software", "--windowed", "320x180",
            "--quit-after", "6", "--last-frame", folder.at("after.png"), "--cache-dir", folder.at("cache"),
            "--no-resume",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var log = ""
        let listed = Date().addingTimeInterval(10)
        while Date() < listed, !log.contains("'immich-list': 2 images") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        #expect(log.contains("'immich-list': 2 images"), "\(log)")
        func fullMirrored() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.at("cache"))) ?? []).count {
                $0.hasSuffix(".bmp") && !$0.contains(".preview.")
            } == 2
        }
        #expect(fetchBody(immich.base + "/control/release") == 0)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !fullMirrored() { usleep(20_000) }
        #expect(fullMirrored())
        log += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(log)")
        let full = try color(folder.at("after.png"))
        #expect(full.b > 200 && full.g < 60, "\(full) \(log)")
        #expect(log.contains("stopped at slide 1 of 2"), "\(log)")
        #expect(!log.contains(".preview."), "the show ends on the full file: \(log)")
    }
}
