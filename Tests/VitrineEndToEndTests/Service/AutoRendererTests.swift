import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `play` under an X server whose OpenGL is Mesa's llvmpipe (a software rasteriser, as on a
/// machine without a GPU): left to choose, the player draws photos with the software renderer
/// and says why once; asked for OpenGL by name, it keeps OpenGL.
@Suite("Play: the renderer on a software rasteriser", .serialized)
struct AutoRendererTests {
    /// The log of `play` on a folder of photos with `--renderer renderer`, once the renderer was
    /// seen to draw the first photo (or 60 s went by).
    static func log(renderer: String) throws -> String {
        try run(renderer: renderer).log
    }

    /// The log, as above, and the libraries the player had mapped once it drew.
    static func run(renderer: String) throws -> (log: String, maps: String) {
        let folder = try TemporaryFolder()
        try TestPictures.write(count: 2, into: folder.path)
        let screen = try VirtualXServer(width: 640, height: 480)
        let child = try ChildProcess(
            ["play", folder.path, "--config", "none", "--renderer", renderer],
            environment: ["DISPLAY": screen.display, "SDL_VIDEODRIVER": "x11"])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 30)
        }
        let drew = child.waitForError(containing: "draws the photos", timeout: 60)
        #expect(drew, "\(child.standardError)")
        return (child.standardError, readProcFile("/proc/\(child.pid)/maps") ?? "")
    }

    @Test func leftToChooseThePlayerTakesTheSoftwareRenderer() throws {
        let (log, maps) = try Self.run(renderer: "auto")
        // The driver was looked at by a process of its own: the rasteriser never loaded here.
        #expect(maps.contains("libSDL2"), "the player's maps were not read")
        #expect(!maps.contains("swrast_dri") && !maps.contains("libLLVM"), "\(maps)")
        // A show without clips never opens libmpv (and the codecs it brings): the libraries are
        // paid for only by a show that plays a clip (`VideoPlayTests` sees them mapped there).
        #expect(!maps.contains("libmpv") && !maps.contains("libavcodec"), "\(maps)")
        let lines = log.split(separator: "\n").filter { $0.contains("INFO play: renderer ") }
        let said = lines.filter { $0.contains("runs on a software rasteriser, llvmpipe") }
        #expect(said.count == 1, "\(log)")
        #expect(said.first?.hasPrefix("INFO play: renderer software (") == true, "\(log)")
        #expect(said.first?.contains("as the gl-probe process found") == true, "\(log)")
        #expect(log.contains("INFO play: renderer software draws the photos"), "\(log)")
    }

    /// At its first rest after a photo the player gives back the file pages it touched: the code
    /// of the network libraries it links (libcurl, libmicrohttpd, libmosquitto), touched only when
    /// the program was loaded, is no longer resident in a show of photos.
    @Test func atRestThePlayerGivesBackTheFilePagesItTouched() throws {
        let folder = try TemporaryFolder()
        try TestPictures.write(count: 2, into: folder.path)
        let screen = try VirtualXServer(width: 640, height: 480)
        let child = try ChildProcess(
            ["play", folder.path, "--config", "none", "--renderer", "software", "--interval", "3600"],
            environment: ["DISPLAY": screen.display, "SDL_VIDEODRIVER": "x11"])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 30)
        }
        let gave = child.waitForError(containing: "MiB of file pages touched since the start", timeout: 60)
        #expect(gave, "\(child.standardError)")
        let line = child.standardError.split(separator: "\n").first { $0.contains("of file pages touched") }
        #expect(line?.contains("INFO play: gave back ") == true, "\(child.standardError)")
        for library in ["libcurl", "libmicrohttpd", "libmosquitto"] {
            let resident = residentFilePagesKiB(pid: child.pid, library: library)
            #expect(resident == 0, "\(library): \(resident ?? -1) KiB of its code resident at rest")
        }
    }

    @Test func openGLAskedForByNameStays() throws {
        let log = try Self.log(renderer: "opengl")
        #expect(log.contains("INFO play: renderer opengl (as asked)"), "\(log)")
        #expect(log.contains("INFO play: renderer opengl draws the photos"), "\(log)")
        #expect(!log.contains("software rasteriser"), "\(log)")
    }
}
