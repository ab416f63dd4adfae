import Foundation
import Glibc
import Testing
import VitrineTestSupport

@testable import VitrineSDL

/// "In use" told apart from "no display" on the console.
@Suite("Console display devices")
struct ConsoleDisplayDevicesTests {
    @Test func whatTheKernelAnswersMeans() {
        typealias Devices = ConsoleDisplayDevices
        #expect(Devices.state(openError: nil, masterError: nil) == .free)
        // Another process holds the display: EBUSY for root, EACCES for anyone else.
        #expect(Devices.state(openError: nil, masterError: EBUSY) == .inUse)
        #expect(Devices.state(openError: nil, masterError: EACCES) == .inUse)
        #expect(Devices.state(openError: EACCES, masterError: nil) == .noPermission)
        #expect(Devices.state(openError: ENOENT, masterError: nil) == .unusable(String(cString: strerror(ENOENT))))
    }

    @Test func theExplanationSaysInUseOnlyWhenADisplayIsHeld() {
        let held = ConsoleDisplayDevices.explanation([
            ("/dev/dri/card0", .noPermission), ("/dev/dri/card1", .inUse),
        ])
        #expect(held.contains("/dev/dri/card1 is in use"))
        #expect(held.contains("another vitrine"))
        let none = ConsoleDisplayDevices.explanation([])
        #expect(none.contains("no KMS/DRM display device"))
        #expect(!none.contains("in use"))
        let denied = ConsoleDisplayDevices.explanation([("/dev/dri/card0", .noPermission)])
        #expect(denied.contains("permission denied") && denied.contains("video"))
    }

    @Test func aFolderOfDevicesIsLookedAtCardByCard() throws {
        let folder = try TemporaryFolder()
        // Not devices: they open, and asking one for its display is an ioctl it does not know.
        try folder.write("card0", "")
        try folder.write("renderD128", "")
        let devices = ConsoleDisplayDevices.probe(folder: folder.path)
        #expect(devices.map(\.path) == [folder.at("card0")])
        #expect(devices.first?.state == .unusable(String(cString: strerror(ENOTTY))))
        #expect(ConsoleDisplayDevices.probe(folder: folder.at("missing")).isEmpty)
    }
}
