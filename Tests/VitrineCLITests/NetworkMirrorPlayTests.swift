import Foundation
import Testing

/// `vitrine play` with a real WebDAV server (Apache mod_dav with a user and password) and the fault
/// server: what plays comes from the mirror, survives the server going away, and has passed a decode.
@Suite(.serialized) struct NetworkMirrorPlayTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func play(_ source: String, frame: String, quitAfter: String = "3") throws -> CLIRunner.Output {
        try CLIRunner.run([
            "play", source, "--video-driver", "offscreen", "--renderer", "software", "--windowed", "320x180",
            "--quit-after", quitAfter, "--last-frame", frame, "--cache-dir", folder.file("cache"), "--no-resume",
        ])
    }

    func color(_ path: String, _ x: Int = 160, _ y: Int = 90) throws -> (r: Int, g: Int, b: Int) {
        let p = try TestImage.read(path).rgb(x, y)
        return (p.r, p.g, p.b)
    }

    @Test(.enabled(if: WebDAVServer.isAvailable)) func aWebDAVFolderPlaysAndThenPlaysFromTheMirrorWithTheServerDown()
        throws
    {
        let server = try WebDAVServer(in: folder.file("apache"), user: "ann", password: "s3cret pass")
        try TestImage.writeBMP(folder.file("green.bmp"), width: 64, height: 36, color: (0, 255, 0))
        try server.put("green.bmp", from: folder.file("green.bmp"))
        try Data("s3cret pass\n".utf8).write(to: URL(fileURLWithPath: folder.file("password")))
        let playlist = folder.file("dav.json")
        try Data(
            """
            {"version": 1, "items": [
              {"webdav": "\(server.base)/", "user": "ann", "passwordFile": "\(folder.file("password"))"}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: playlist))
        let online = try play(playlist, frame: folder.file("online.png"))
        #expect(online.status == 0, "\(online.stderr)")
        let shown = try color(folder.file("online.png"))
        #expect(shown.g > 200 && shown.r < 60 && shown.b < 60, "\(shown) \(online.stderr)")
        #expect(!online.stderr.contains("s3cret"))

        server.stop()
        let offline = try play(playlist, frame: folder.file("offline.png"), quitAfter: "2")
        #expect(offline.status == 0, "\(offline.stderr)")
        let mirrored = try color(folder.file("offline.png"))
        #expect(mirrored.g > 200 && mirrored.r < 60 && mirrored.b < 60, "\(mirrored) \(offline.stderr)")
        #expect(offline.stderr.contains("could not connect"), "\(offline.stderr)")
    }

    @Test func aFileThatLooksLikeAnImageButDoesNotDecodeIsNeverMirrored() throws {
        let www = folder.file("www")
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        // JPEG magic bytes, then nothing a decoder can read.
        var broken: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]
        broken += (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        try Data(broken).write(to: URL(fileURLWithPath: www + "/broken.jpg"))
        try TestImage.writeBMP(www + "/red.bmp", width: 64, height: 36, color: (255, 0, 0))
        try Data(#"["broken.jpg", "red.bmp"]"#.utf8).write(to: URL(fileURLWithPath: www + "/photos.json"))
        let server = try NetTestServer("fault_server.py", ["--root", www])
        defer { server.stop() }
        let out = try play(server.base + "/files/photos.json", frame: folder.file("f.png"))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("does not decode"), "\(out.stderr)")
        #expect(out.stderr.contains("broken.jpg: refused: the file is not an image"), "\(out.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("cache"))
        #expect(!files.contains { $0.hasSuffix(".jpg") }, "\(files)")
        #expect(files.contains { $0.hasSuffix(".bmp") }, "\(files)")
        let shown = try color(folder.file("f.png"))
        #expect(shown.r > 200 && shown.g < 60, "\(shown)")
    }
}
