import Foundation
import Testing
import VitrineTestSupport

/// `vitrine play` for real, on SDL's offscreen video driver (no display needed).
@Suite struct PlayTests {
    @Test func playsThroughSeveralTransitionsAndQuits() throws {
        let folder = try TemporaryFolder()
        for (i, color) in [(255, 0, 0), (0, 255, 0), (0, 0, 255)].enumerated() {
            try TestImage.writeBMP(
                folder.at("\(i).bmp"), width: 64, height: 36,
                color: (UInt8(color.0), UInt8(color.1), UInt8(color.2)))
        }
        try "broken".write(toFile: folder.at("9.jpg"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "play", folder.path, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
            "--windowed", "320x180",
            "--interval", "0.5",
            "--transition-duration", "0.2", "--quit-after", "2.2",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("INFO play: renderer"))
        #expect(result.stderr.contains("quitting after 2.2 s"))
        #expect(result.stderr.contains("WARNING play: skipping") && result.stderr.contains("9.jpg"))
    }

    @Test func noDisplayIsOneLineAndExitOne() throws {
        let result = try CLIRunner.run(
            ["play", "--config", "none", "--video-driver", "no-such-driver"],
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot open a display"))
    }
}
