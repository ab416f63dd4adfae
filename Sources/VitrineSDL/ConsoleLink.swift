import CLinuxConsole
import Foundation
import Glibc
import VitrineCore
import VitrinePOSIX

/// The play loop's side of a virtual-terminal switch on KMS/DRM: follows the kernel's
/// requests through `ConsoleHandover`, letting go of the display (DRM master of the device
/// SDL's KMS/DRM driver has open) while another terminal shows, taking it back on return.
/// SDL 2.26 does neither itself: it never drops DRM master and reads the input devices
/// whichever terminal shows.
final class ConsoleLink {
    private let terminal: any ConsoleSwitching
    private(set) var handover = ConsoleHandover()
    private let log = Log("console")

    init(terminal: any ConsoleSwitching) {
        self.terminal = terminal
    }

    /// Whether frames are presented and input is taken.
    var onScreen: Bool { handover.onScreen }

    /// Takes what the kernel asked and does it; returns whether the frame must be drawn again.
    /// Drops or takes DRM master on SDL's display descriptor (when it has one); a refusal is logged.
    private func displayMaster(_ call: (Int32) -> Int32, failure: String) {
        guard let fd = Self.displayDescriptor() else { return }
        let status = call(fd)
        if status != 0 { log.warning("\(failure): \(Errno(rawValue: status))") }
    }

    func follow() -> Bool {
        var redraw = false
        for request in terminal.requests() {
            for step in handover.handle(request) {
                switch step {
                case .letGoOfDisplay:
                    log.info("another terminal is wanted: the show lets go of the screen")
                    displayMaster(vitrine_drm_drop_master, failure: "cannot let go of the display")
                case .allowSwitch: terminal.allowSwitch()
                case .acknowledgeReturn: terminal.acknowledgeReturn()
                case .takeDisplay:
                    log.info("back on this terminal: the show takes the screen again")
                    displayMaster(vitrine_drm_set_master, failure: "cannot take the display back")
                case .redraw: redraw = true
                }
            }
        }
        return redraw
    }

    /// Ctrl+Alt+F`n` while the show has the keyboard: the kernel's own switching is off then.
    func activate(_ number: Int) {
        terminal.activate(number)
    }

    /// The descriptor of the DRM device (/dev/dri/card*) open in this process: SDL's KMS/DRM driver's.
    static func displayDescriptor() -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for entry in entries.compactMap({ Int32($0) }).sorted() {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")
            else { continue }
            if target.hasPrefix("/dev/dri/card") { return entry }
        }
        return nil
    }
}
