import CLinuxConsole
import Foundation
import Glibc
import Synchronization
import VitrineCore
import VitrinePOSIX

/// Requests from the kernel not yet taken: bit 1 release, bit 2 acquire. A C signal handler
/// cannot capture context, so this atomic is the one shared state (as for `ServiceSignals`).
private let pendingSwitches = Atomic<UInt32>(0)

/// The virtual terminal this process runs on (its controlling terminal, `TTYPath=` of the
/// unit), put in process-switching mode: the kernel sends SIGUSR1 before switching to another
/// terminal and waits until it is allowed, and SIGUSR2 when this one is back. Closing puts the
/// terminal back in automatic mode.
public final class VirtualTerminal: ConsoleSwitching {
    private let terminal: FileDescriptor
    private var fd: Int32 { terminal.rawValue }
    /// The terminal's number (1 for /dev/tty1).
    public let number: Int
    /// Whether the screen was last let go (a release allowed, no return acknowledged since).
    private var away = false
    private let log: Log

    private static let releaseBit: UInt32 = 1
    private static let acquireBit: UInt32 = 2

    private init(terminal: consuming FileDescriptor, number: Int, log: Log) {
        self.terminal = terminal
        self.number = number
        self.log = log
    }

    deinit {
        // Going away: the terminal is closed next, and the kernel puts a closed terminal of a gone
        // process back in automatic mode itself; a failure here changes nothing.
        _ = vitrine_vt_auto_mode(fd)
    }

    /// The controlling terminal in process-switching mode; nil (said once in the log) when the
    /// process has no virtual terminal of its own, or the kernel refuses.
    public static func open(log: Log = Log("console")) -> VirtualTerminal? {
        guard let number = controllingTerminal() else {
            log.info(
                "not started on a virtual terminal: a switch to another one (Ctrl+Alt+F2) will not get the "
                    + "screen back from the show; the service needs TTYPath=/dev/tty1 and StandardInput=tty")
            return nil
        }
        let terminal: FileDescriptor
        do {
            terminal = try FileDescriptor.open("/dev/tty\(number)", O_RDWR | O_NOCTTY)
        } catch {
            log.warning("cannot open /dev/tty\(number): \(error); VT switches not handled")
            return nil
        }
        installHandlers()
        let status = vitrine_vt_process_mode(terminal.rawValue, SIGUSR1, SIGUSR2)
        guard status == 0 else {
            log.warning(
                "/dev/tty\(number) refuses process switching: \(Errno(rawValue: status)); VT switches not handled")
            return nil
        }
        log.info("on /dev/tty\(number): the screen is given back on a switch to another terminal")
        return VirtualTerminal(terminal: terminal, number: number, log: log)
    }

    public func requests() -> [ConsoleHandover.Request] {
        let bits = pendingSwitches.exchange(0, ordering: .sequentiallyConsistent)
        let release = bits & Self.releaseBit != 0
        let acquire = bits & Self.acquireBit != 0
        // Both at once: the one that follows from where the screen is comes first.
        let ordered: [(Bool, ConsoleHandover.Request)] =
            away ? [(acquire, .acquire), (release, .release)] : [(release, .release), (acquire, .acquire)]
        return ordered.filter(\.0).map(\.1)
    }

    public func allowSwitch() {
        away = true
        let status = vitrine_vt_release_done(fd)
        if status != 0 { log.warning("allowing the switch failed: \(Errno(rawValue: status))") }
    }

    public func acknowledgeReturn() {
        away = false
        let status = vitrine_vt_acquire_done(fd)
        if status != 0 { log.warning("taking the terminal back failed: \(Errno(rawValue: status))") }
    }

    public func activate(_ target: Int) {
        let status = vitrine_vt_activate(fd, Int32(target))
        if status != 0 { log.warning("cannot switch to tty\(target): \(Errno(rawValue: status))") }
    }

    /// The number N of /dev/ttyN when it is this process's controlling terminal (from
    /// /proc/self/stat's tty_nr: major 4, minors 1…63 are the virtual terminals).
    static func controllingTerminal(stat: String? = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8))
        -> Int?
    {
        // The command name (field 2) is in parentheses and may hold spaces: count after it.
        guard let stat, let close = stat.range(of: ")", options: .backwards) else { return nil }
        let fields = stat[close.upperBound...].split(separator: " ")
        // state, ppid, pgrp, session, tty_nr.
        guard fields.count > 4, let tty = Int(fields[4]) else { return nil }
        let major = (tty >> 8) & 0xFFF
        let minor = (tty & 0xFF) | ((tty >> 12) & 0xFFF00)
        return major == 4 && (1...63).contains(minor) ? minor : nil
    }

    private static func installHandlers() {
        let release: @convention(c) (Int32) -> Void = { _ in
            pendingSwitches.bitwiseOr(1, ordering: .sequentiallyConsistent)
        }
        let acquire: @convention(c) (Int32) -> Void = { _ in
            pendingSwitches.bitwiseOr(2, ordering: .sequentiallyConsistent)
        }
        ServiceSignals.catching([(SIGUSR1, release), (SIGUSR2, acquire)])
    }
}
