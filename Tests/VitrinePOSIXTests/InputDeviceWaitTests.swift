import Foundation
import Testing
import VitrineTestSupport

@testable import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// `InputDeviceWait`, the rest on KMS/DRM, on a folder of named pipes standing in for
/// `/dev/input`'s `event*` nodes (a pipe is readable when written to, as a device is when it
/// has events, and hangs up when its writer goes, as a device unplugged does). The waits are
/// on the pipes and the clock; none sleeps.
@Suite(.serialized) struct InputDeviceWaitTests {
    /// A folder with `event0`, `event1` and a `mouse0` that is not watched; the writers' ends,
    /// held open as the kernel holds a device's.
    final class Devices {
        let folder: TemporaryFolder
        var writers: [String: Int32] = [:]

        init() throws {
            folder = try TemporaryFolder()
            for name in ["event0", "event1", "mouse0"] { try make(name) }
        }

        deinit { for fd in writers.values { close(fd) } }

        /// A device node, with the kernel's end held open (read and write: a pipe with a writer).
        func make(_ name: String) throws {
            try #require(mkfifo(folder.path + "/" + name, 0o600) == 0)
            let fd = open(folder.path + "/" + name, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            try #require(fd >= 0, "cannot open \(name): \(Errno.current)")
            writers[name] = fd
        }

        /// An input event's worth of bytes on `name`.
        func event(_ name: String) throws {
            let fd = try #require(writers[name])
            let bytes = [UInt8](repeating: 7, count: 24)
            try #require(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == 24)
        }

        func unplug(_ name: String) {
            if let fd = writers.removeValue(forKey: name) { close(fd) }
        }
    }

    /// Waits as the loop does (drain, then wait: what came before the drain is the toolkit's to
    /// take); returns what ended it and how long it took.
    static func rest(_ wait: InputDeviceWait, milliseconds: Int32) -> (InputDeviceWait.Wake, Double) {
        let start = ProcessInfo.processInfo.systemUptime
        wait.drain()
        let wake = wait.wait(milliseconds: milliseconds)
        return (wake, ProcessInfo.processInfo.systemUptime - start)
    }

    @Test("it watches the event devices, sleeps through a quiet stretch and wakes for an event")
    func sleepsAndWakesForInput() throws {
        let devices = try Devices()
        let wait = try InputDeviceWait(folder: devices.folder.path)
        #expect(wait.watched == ["event0", "event1"])

        let (quiet, slept) = Self.rest(wait, milliseconds: 300)
        #expect(quiet == .timeout)
        #expect(slept >= 0.29, "a quiet rest ended after \(slept) s")

        wait.drain()
        let start = ProcessInfo.processInfo.systemUptime
        try devices.event("event1")
        #expect(wait.wait(milliseconds: 10_000) == .event)
        let took = ProcessInfo.processInfo.systemUptime - start
        #expect(took < 5, "an event woke the rest after \(took) s")

        // The event is read and thrown away by the next rest's drain: it sleeps again.
        let (again, _) = Self.rest(wait, milliseconds: 100)
        #expect(again == .timeout)
    }

    @Test("an event that comes between the drain and the wait still wakes it")
    func anEventAfterTheDrainWakes() throws {
        let devices = try Devices()
        let wait = try InputDeviceWait(folder: devices.folder.path)
        wait.drain()
        try devices.event("event0")
        #expect(wait.wait(milliseconds: 10_000) == .event)
    }

    @Test("the loop's bell, rung from another thread, wakes it")
    func theBellWakes() throws {
        let devices = try Devices()
        let wait = try InputDeviceWait(folder: devices.folder.path)
        wait.drain()
        let ringer = Thread { LoopBell.shared.ring() }
        ringer.start()
        #expect(wait.wait(milliseconds: 10_000) == .event)
        // Rung many times, it still wakes and is emptied by one drain.
        for _ in 0..<100_000 { LoopBell.shared.ring() }
        #expect(wait.wait(milliseconds: 10_000) == .event)
        wait.drain()
        #expect(wait.wait(milliseconds: 50) == .timeout)
    }

    @Test("a device plugged in wakes it and is watched; one unplugged wakes it and is let go")
    func devicesComeAndGo() throws {
        let devices = try Devices()
        let wait = try InputDeviceWait(folder: devices.folder.path)
        wait.drain()

        try devices.make("event7")
        #expect(wait.wait(milliseconds: 10_000) == .event)
        wait.drain()
        #expect(wait.watched == ["event0", "event1", "event7"])
        try devices.event("event7")
        #expect(wait.wait(milliseconds: 10_000) == .event)
        wait.drain()

        // Unplugged: the device hangs up (a wake, once), then it is no longer watched.
        devices.unplug("event1")
        #expect(wait.wait(milliseconds: 10_000) == .event)
        #expect(!wait.watched.contains("event1"))
        wait.drain()
        #expect(wait.wait(milliseconds: 100) == .timeout)

        // Its node removed: a wake for the folder's change, and it stays let go.
        #expect(unlink(devices.folder.path + "/event1") == 0)
        #expect(wait.wait(milliseconds: 10_000) == .event)
        wait.drain()
        #expect(wait.watched == ["event0", "event7"])
        #expect(wait.wait(milliseconds: 100) == .timeout)
    }

    @Test("a folder that is not there is an error, not a loop that never rests")
    func noFolder() throws {
        let folder = try TemporaryFolder()
        #expect(throws: Errno.self) { try InputDeviceWait(folder: folder.path + "/missing") }
    }
}
