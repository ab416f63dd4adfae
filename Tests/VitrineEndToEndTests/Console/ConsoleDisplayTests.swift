import Foundation
import Testing
import VitrineTestSupport

/// `vitrine displays` and `play` on the console of a machine without a display device.
@Suite("Console display, end to end")
struct ConsoleDisplayTests {
    @Test func displaysAndPlayTellThatThereIsNoConsoleDisplayHere() throws {
        // This machine has no /dev/dri: the message says there is none, not that it is in use.
        guard !FileManager.default.fileExists(atPath: "/dev/dri") else { return }
        let displays = try ChildProcess.run(["displays", "--video-driver", "kmsdrm"])
        #expect(displays.status == 1)
        #expect(displays.stdout.contains("no KMS/DRM display device here"), "\(displays.stdout)")
        #expect(!displays.stdout.contains("in use"))
        let play = try ChildProcess.run(["play", "--config", "none", "--video-driver", "kmsdrm", "--quit-after", "1"])
        #expect(play.status != 0)
        #expect(play.stderr.contains("no KMS/DRM display device here"), "\(play.stderr)")
    }
}
