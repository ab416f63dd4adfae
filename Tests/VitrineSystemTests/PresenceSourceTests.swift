import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrinePOSIX
import VitrineSystem
import VitrineTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The evdev and GPIO presence sources. There is no /dev/uinput here to make a real input
/// device, and Debian 12's kernel has no gpio-sim, so each is read through a named test double:
/// the evdev reader from a socket pair (or a FIFO at the section's device path) fed
/// `struct input_event`s as the kernel writes them (24 bytes on 64-bit Linux), the GPIO reader from `ScriptedGPIOLine`, written from libgpiod's
/// documented behaviour.
@Suite struct PresenceSourceTests {
    /// The kernel's `struct input_event` on 64-bit Linux: timeval (two 64-bit words), type, code, value.
    static func inputEvent(type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: Int64(1_780_000_000)) { bytes += $0 }
        withUnsafeBytes(of: Int64(250_000)) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        withUnsafeBytes(of: code) { bytes += $0 }
        withUnsafeBytes(of: value) { bytes += $0 }
        return bytes
    }

    static let keyF13: UInt16 = 183
    static let sync = inputEvent(type: 0, code: 0, value: 0)

    @Test func evdevKeyDownIsPresentAndUpIsAbsent() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        // The test double of the device: the socket's other end, written as the kernel writes events.
        let kernelSide = FileDescriptor(owning: ends[1])
        let inbox = PresenceInbox()
        let reader = try EvdevPresence(
            reading: FileDescriptor(owning: ends[0]), name: "input-event double", code: Int(Self.keyF13),
            inbox: inbox)
        try reader.start()
        let reports = Mutex<[PresenceReport]>([])
        func collected() -> [Bool] {
            reports.withLock { $0 += inbox.take() }
            return reports.withLock { $0.map(\.present) }
        }

        // Another key, a repeat and a sync event are not presence.
        try kernelSide.writeAll(
            Self.inputEvent(type: 1, code: 30, value: 1) + Self.sync
                + Self.inputEvent(type: 1, code: Self.keyF13, value: 2))
        // Key down, cut in the middle of its 24 bytes across two writes.
        let down = Self.inputEvent(type: 1, code: Self.keyF13, value: 1) + Self.sync
        try kernelSide.writeAll(down.prefix(10))
        try kernelSide.writeAll(down.dropFirst(10))
        #expect(eventually(timeout: 5) { collected() == [true] }, "\(collected())")
        try kernelSide.writeAll(Self.inputEvent(type: 1, code: Self.keyF13, value: 0) + Self.sync)
        #expect(eventually(timeout: 5) { collected() == [true, false] }, "\(collected())")
        #expect(reports.withLock { $0.allSatisfy { $0.source == "evdev" } })
        reader.stop()
        #expect(reader.hasEnded)
    }

    @Test func evdevReaderEndsWhenTheDeviceGoes() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        // Closed explicitly below: only then does the device go.
        let kernelSide = FileDescriptor(owning: ends[1])
        let reader = try EvdevPresence(
            reading: FileDescriptor(owning: ends[0]), name: "input-event double", code: nil, inbox: PresenceInbox())
        try reader.start()
        #expect(!reader.hasEnded)
        try kernelSide.close()
        #expect(eventually(timeout: 5) { reader.hasEnded })
    }

    /// The section's `evdev.device` opened by its path: a FIFO stands in for the device node (the
    /// kernel's events written into it), read through `PresenceSources` as the player does.
    @Test func theEvdevDeviceIsOpenedByItsPathFromTheSection() throws {
        let tree = try TemporaryFolder()
        let path = tree.at("pir-event")
        #expect(mkfifo(path, 0o600) == 0)
        // Held open for writing (and reading, so that opening does not wait for a reader).
        let kernelSide = try FileDescriptor.open(path, O_RDWR | O_CLOEXEC)
        let sources = PresenceSources()
        defer { sources.stop() }
        var spec = PresenceSpec(offAfter: 60)
        spec.evdev = EvdevPresenceSpec(device: path, code: Int(Self.keyF13))
        sources.follow(spec)
        try kernelSide.writeAll(Self.inputEvent(type: 1, code: Self.keyF13, value: 1) + Self.sync)
        var reports: [PresenceReport] = []
        #expect(
            eventually(timeout: 5) {
                reports += sources.take()
                return reports.contains { $0.source == "evdev" && $0.present }
            }, "\(reports)")
        // The section without it: the reader is stopped (follow waits for it) and the device let
        // go, so what is written later stays in the FIFO, unread.
        sources.follow(nil)
        let up = Self.inputEvent(type: 1, code: Self.keyF13, value: 0) + Self.sync
        try kernelSide.writeAll(up)
        var waiting = [pollfd(fd: kernelSide.rawValue, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&waiting, 1, 0) == 1, "the events written after the source closed were read")
        var left = [UInt8](repeating: 0, count: up.count)
        #expect(read(kernelSide.rawValue, &left, left.count) == up.count)
        #expect(left == up)
        #expect(sources.take().isEmpty)
    }

    @Test func aMissingEvdevDeviceIsAClearError() {
        #expect(throws: PresenceError.self) {
            try EvdevPresence(EvdevPresenceSpec(device: "/dev/input/vitrine-no-such-event"), inbox: PresenceInbox())
        }
    }

    @Test func gpioLevelChangesAreReported() throws {
        let line = ScriptedGPIOLine(active: false)
        let inbox = PresenceInbox()
        let source = GPIOPresence(line: line, debounce: 0.1, name: "GPIO double", inbox: inbox)
        try source.start()
        let reports = Mutex<[Bool]>([])
        func collected() -> [Bool] {
            reports.withLock { $0 += inbox.take().map(\.present) }
            return reports.withLock { $0 }
        }
        #expect(eventually(timeout: 5) { collected() == [false] }, "the first level, once settled")
        // Two edges read back to back that end where they began are not a change.
        line.set(active: true)
        line.set(active: false)
        #expect(eventually(timeout: 5) { line.waits >= 4 })
        #expect(collected() == [false], "a bounce is not presence")
        line.set(active: true)
        #expect(eventually(timeout: 5) { collected() == [false, true] })
        line.set(active: false)
        #expect(eventually(timeout: 5) { collected() == [false, true, false] })
        source.stop()
        #expect(source.hasEnded)
    }

    @Test func aGPIOLineThatFailsEndsItsReader() throws {
        let line = ScriptedGPIOLine(active: true)
        let source = GPIOPresence(line: line, debounce: 0, name: "GPIO double", inbox: PresenceInbox())
        try source.start()
        line.fail()
        #expect(eventually(timeout: 5) { source.hasEnded })
    }

    /// libgpiod itself: a chip that is not there is said, with the system's reason.
    @Test func aMissingGPIOChipIsAClearError() {
        do {
            _ = try GPIODLine(GPIOPresenceSpec(chip: "vitrine-no-such-chip", line: 4))
            Issue.record("a chip that does not exist was opened")
        } catch {
            #expect(error.description.hasPrefix("GPIO vitrine-no-such-chip line 4: cannot open the chip: "))
        }
    }

    @Test func theSourcesFollowTheSection() throws {
        let sources = PresenceSources()
        let lines = Mutex<[GPIOPresenceSpec]>([])
        let line = ScriptedGPIOLine(active: true)
        sources.openLine = { spec in
            lines.withLock { $0.append(spec) }
            return line
        }
        var topics: [MQTTPresenceSpec?] = []
        sources.mqtt = { topics.append($0) }
        var spec = PresenceSpec(offAfter: 60)
        spec.gpio = GPIOPresenceSpec(chip: "gpiochip0", line: 17)
        spec.mqtt = MQTTPresenceSpec(topic: "hall/occupancy")
        sources.follow(spec)
        sources.follow(spec)
        #expect(lines.withLock { $0.count } == 1, "opened once")
        #expect(topics == [spec.mqtt])
        #expect(eventually(timeout: 5) { sources.inbox.take().contains { $0.source == "gpio" && $0.present } })
        sources.follow(nil)
        #expect(topics == [spec.mqtt, nil])
        sources.stop()
    }
}

/// A test double of a GPIO line as libgpiod v1.6 documents it: `gpiod_line_event_wait` returns 1
/// when an edge event is queued and 0 when the time limit passes; `gpiod_line_event_read` takes
/// one event from the queue; `gpiod_line_get_value` gives the level with active-low applied. Here
/// `set(active:)` changes the level and queues one edge event, as the kernel does for each change.
final class ScriptedGPIOLine: GPIOLineReading, @unchecked Sendable {
    // @unchecked: all state is under `lock`.
    private let lock = NSCondition()
    private var level: Bool
    private var queued = 0
    private var failing = false
    private var waitCount = 0

    init(active: Bool) { level = active }

    func set(active: Bool) {
        lock.lock()
        level = active
        queued += 1
        lock.broadcast()
        lock.unlock()
    }

    /// The next wait or read fails, as an unplugged chip's would.
    func fail() {
        lock.lock()
        failing = true
        lock.broadcast()
        lock.unlock()
    }

    /// Waits made so far.
    var waits: Int {
        lock.lock()
        defer { lock.unlock() }
        return waitCount
    }

    func waitForEdge(timeout: Seconds) throws(PresenceError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        waitCount += 1
        let deadline = Date() + timeout
        while queued == 0, !failing, lock.wait(until: deadline) {}
        if failing { throw PresenceError("GPIO double: the chip went away") }
        guard queued > 0 else { return false }
        queued -= 1
        return true
    }

    func readActive() throws(PresenceError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if failing { throw PresenceError("GPIO double: the chip went away") }
        return level
    }
}
