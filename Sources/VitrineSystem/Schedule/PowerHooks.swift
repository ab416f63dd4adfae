import Dispatch
import Foundation
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// How a hook command ended.
public enum HookOutcome: Equatable, Sendable {
    case succeeded
    /// It ran and exited with a non-zero status (or died by a signal).
    case failed(status: Int32)
    /// It could not be started.
    case notStarted(String)
    /// It ran past its time limit and was killed.
    case timedOut

    public var isSuccess: Bool { self == .succeeded }
}

/// Runs the display's on and off commands (`vcgencmd display_power 0`,
/// `wlr-randr --output HDMI-A-1 --off`, a sysfs backlight write, `cec-ctl`)
/// one after another on a background queue, each with a time limit after which
/// it is killed; failures are logged and the show goes on.
public final class PowerHooks: Sendable {
    public let onCommand: HookCommand?
    public let offCommand: HookCommand?
    public let timeout: Seconds
    private let queue = DispatchQueue(label: "vitrine.power-hooks")
    private let log: Log

    public init(onCommand: HookCommand?, offCommand: HookCommand?, timeout: Seconds, log: Log = Log("power")) {
        self.onCommand = onCommand
        self.offCommand = offCommand
        self.timeout = timeout
        self.log = log
    }

    /// Runs the command for the display turning on or off, in the background.
    public func displayTurned(on: Bool) {
        guard let command = on ? onCommand : offCommand else { return }
        let name = on ? "display-on command" : "display-off command"
        let timeout = self.timeout
        let log = self.log
        queue.async {
            let outcome = Self.run(command, timeout: timeout)
            switch outcome {
            case .succeeded: log.info("\(name) '\(command)' done")
            case .failed(let status): log.warning("\(name) '\(command)' failed with exit status \(status)")
            case .notStarted(let why): log.warning("\(name) '\(command)' could not start: \(why)")
            case .timedOut:
                log.warning(
                    "\(name) '\(command)' took longer than \(StateReport.number(timeout.value)) s and was killed")
            }
        }
    }

    /// Waits until every queued command has finished (for tests and orderly exit).
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// Runs `command`, waiting at most `timeout` seconds; then it is terminated,
    /// and killed a second later if it is still there.
    public static func run(_ command: HookCommand, timeout: Seconds) -> HookOutcome {
        let argv = command.argv
        guard let program = argv.first else { return .notStarted("empty command") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : "/usr/bin/env")
        process.arguments = program.contains("/") ? Array(argv.dropFirst()) : argv
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            return .notStarted(error.localizedDescription)
        }
        if done.wait(timeout: .now() + timeout.value) == .timedOut {
            process.terminate()
            if done.wait(timeout: .now() + 1) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                done.wait()
            }
            return .timedOut
        }
        if process.terminationReason == .uncaughtSignal { return .failed(status: 128 + process.terminationStatus) }
        return process.terminationStatus == 0 ? .succeeded : .failed(status: process.terminationStatus)
    }
}

extension PowerHooks: DisplayPowerHooks {
    /// The hooks of a document's display section, nil when it names no command.
    public static func make(_ spec: DisplaySpec) -> PowerHooks? {
        guard spec.onCommand != nil || spec.offCommand != nil else { return nil }
        return PowerHooks(onCommand: spec.onCommand, offCommand: spec.offCommand, timeout: spec.commandTimeout)
    }
}
