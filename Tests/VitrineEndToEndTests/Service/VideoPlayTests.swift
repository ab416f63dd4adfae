import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `play` on an X server with photos and clips: several rounds of the show, every slide (the
/// clips too) comes round again, frames are presented all along, and a bad clip is skipped once.
@Suite("Play: video clips", .serialized)
struct VideoPlayTests {
    /// On the software renderer clips take the software path; on the OpenGL one libmpv renders
    /// them into the renderer's textures.
    @Test(arguments: ["software", "opengl"])
    func photosAndClipsLoopWithFramesPresentedThroughout(renderer: String) throws {
        let folder = try TemporaryFolder()
        try TestPictures.write(count: 2, into: folder.path)
        try TestClips.write(folder.at("00b.mp4"), seconds: 1.5, codec: .h264, variant: 1)
        try TestClips.write(folder.at("01b.webm"), seconds: 1.5, codec: .vp9, variant: 2)
        let bad = try HostileClips.write(.headerAndRandom, into: folder.path)
        try FileManager.default.moveItem(atPath: bad, toPath: folder.at("01c.mp4"))
        let screen = try VirtualXServer(width: 640, height: 480)
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            [
                "play", folder.path, "--config", "none", "--windowed", "320x240", "--renderer", renderer,
                "--interval", "1.5", "--transition-duration", "0.3",
            ],
            environment: [
                "DISPLAY": screen.display, "SDL_VIDEODRIVER": "x11", "NOTIFY_SOCKET": socket.path,
                "WATCHDOG_USEC": "400000",
            ])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 30)
        }
        // Three rounds of four slides (the bad clip is left out), about 1.5 s a slide.
        var shown: [String] = []
        var pings: [Double] = []
        let start = Date()
        while Date().timeIntervalSince(start) < 90 {
            guard let datagram = socket.receive(timeout: 5), datagram.sender == child.pid else {
                if child.standardError.contains("ERROR") { break }
                continue
            }
            for line in datagram.lines {
                if line == "WATCHDOG=1" { pings.append(Date().timeIntervalSince(start)) }
                if line.hasPrefix("STATUS=showing "), let name = line.split(separator: " ").last {
                    shown.append(String(name))
                }
            }
            if ["00b.mp4", "01b.webm", "00.bmp", "01.bmp"].allSatisfy({ name in shown.filter { $0 == name }.count >= 3 }
            ) {
                break
            }
        }
        // The clips opened libmpv in the player (a show without clips does not: AutoRendererTests).
        let maps = readProcFile("/proc/\(child.pid)/maps") ?? ""
        #expect(maps.contains("libmpv.so"), "libmpv is not mapped by a player that played clips")
        for name in ["00.bmp", "00b.mp4", "01.bmp", "01b.webm"] {
            #expect(shown.filter { $0 == name }.count >= 3, "\(name) did not come round three times: \(shown)")
        }
        #expect(!shown.contains("01c.mp4"))
        // Frames all along: the watchdog is pinged (every 0.2 s while frames are presented), never a long gap.
        let gaps = zip(pings.dropFirst(), pings).map { $0 - $1 }
        #expect(pings.count > 20)
        #expect((gaps.max() ?? 99) < 1.5, "a gap of \(gaps.max() ?? 0) s without a presented frame")
        let warnings = child.standardError.split(separator: "\n").filter { $0.contains("01c.mp4") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(!child.standardError.contains("00b.mp4:") && !child.standardError.contains("01b.webm:"))
        let onGPU = child.standardError.contains("clips render through OpenGL on the opengl renderer")
        #expect(onGPU == (renderer == "opengl"), "\(child.standardError)")
        #expect(!child.standardError.contains("clips take the software path"), "\(child.standardError)")
    }
}
