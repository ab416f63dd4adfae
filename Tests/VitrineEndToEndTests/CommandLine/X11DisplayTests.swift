import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `play` on a real X server (Xvfb, 1920×1080), looked at through pictures of the whole
/// screen: fullscreen with and without a window manager, and READY only once the first
/// photo is on the screen.
@Suite("Play on X11", .serialized, .enabled(if: VirtualXServer.isAvailable))
struct X11DisplayTests {
    /// A folder with one 160×90 test picture: top half `colors(0).top`, bottom half `.bottom`.
    private func photoFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-x11-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try TestPictures.write(count: 1, into: url.path)
        return url.path
    }

    @Test(
        "Fullscreen covers the whole screen and lays the photo out for it, with or without a window manager",
        arguments: [false, true])
    func fullscreenCoversTheScreen(windowManager: Bool) throws {
        let x = try VirtualXServer(width: 1920, height: 1080)
        if windowManager { try x.startWindowManager() }
        let folder = try photoFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            ["play", folder, "--config", "none", "--video-driver", "x11", "--renderer", "software"],
            environment: ["DISPLAY": x.display, "NOTIFY_SOCKET": socket.path])
        let ready = socket.wait(for: "READY=1", from: child.pid, timeout: 60)
        #expect(ready.found, "\(child.standardError)")
        #expect(child.standardError.contains("INFO play: output 1920x1080"), "\(child.standardError)")
        let screen = try x.screenshot()
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
        // A 16:9 photo on a 16:9 screen fills it: its colours reach every corner.
        let (top, bottom) = TestPictures.colors(0)
        for (px, py) in [(8, 8), (1911, 8), (960, 270)] {
            #expect(screen.pixel(px, py, is: top), "(\(px), \(py)) is \(screen[px, py]), not the photo's top")
        }
        for (px, py) in [(8, 1071), (1911, 1071), (960, 810)] {
            #expect(screen.pixel(px, py, is: bottom), "(\(px), \(py)) is \(screen[px, py]), not the photo's bottom")
        }
    }

    @Test("READY only once the first photo is on the screen in full, and the renderer was seen to draw it")
    func readyWhenThePhotoShows() throws {
        let x = try VirtualXServer(width: 1920, height: 1080)
        let folder = try photoFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            ["play", folder, "--config", "none", "--video-driver", "x11", "--renderer", "software"],
            environment: ["DISPLAY": x.display, "NOTIFY_SOCKET": socket.path])
        let ready = socket.wait(for: "READY=1", from: child.pid, timeout: 60)
        #expect(ready.found, "\(child.standardError)")
        // At READY the photo is there already, in its own colours (not black, not half faded in).
        let screen = try x.screenshot()
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
        let (top, bottom) = TestPictures.colors(0)
        #expect(screen.pixel(960, 270, is: top), "the top half is \(screen[960, 270]) at READY")
        #expect(screen.pixel(960, 810, is: bottom), "the bottom half is \(screen[960, 810]) at READY")
        #expect(ready.lines.contains("STATUS=showing 1/1 00.bmp"), "\(ready.lines)")
        #expect(child.standardError.contains("INFO play: renderer software draws the photos"))
    }

    @Test("A renderer that presents only black (Mesa's no-op driver) is seen to, and the next one shows the photo")
    func aBlackRendererIsReplaced() throws {
        let x = try VirtualXServer(width: 640, height: 360)
        let folder = try photoFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = try FakeNotifySocket()
        // GALLIUM_NOOP: Mesa runs every GL call and draws nothing, as a GL stack without its
        // libraries did on a console (every frame black, the service healthy).
        let child = try ChildProcess(
            ["play", folder, "--config", "none", "--video-driver", "x11"],
            environment: ["DISPLAY": x.display, "NOTIFY_SOCKET": socket.path, "GALLIUM_NOOP": "1"])
        let ready = socket.wait(for: "READY=1", from: child.pid, timeout: 60)
        #expect(ready.found, "\(child.standardError)")
        let screen = try x.screenshot()
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
        let log = child.standardError
        // Only meaningful where SDL made a GL renderer to begin with (Mesa is installed with SDL).
        try #require(log.contains("INFO play: renderer opengl"), "\(log)")
        #expect(log.contains("renderer opengl presents only black where a photo should be; using software instead"))
        let (top, bottom) = TestPictures.colors(0)
        let upper = screen.pixel(320, 90, is: top)
        let lower = screen.pixel(320, 270, is: bottom)
        #expect(upper, "the top half is \(screen[320, 90]) at READY")
        #expect(lower, "the bottom half is \(screen[320, 270]) at READY")
    }
}
