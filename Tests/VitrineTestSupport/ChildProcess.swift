import Foundation
import Glibc
import Synchronization

/// The built `vitrine` run as a child process, its standard error collected
/// as it comes so a test can wait for a log line.
public final class ChildProcess: Sendable {
    /// The built `vitrine` (`Repository.vitrine`).
    public static var binary: String { Repository.vitrine }

    /// The package's bundled demo pictures.
    public static var demo: String { Repository.demo }

    private let process = Process()
    private let errors = Collected()
    private let arrived = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    /// The child's own state folder (resume position), removed with it; nil when the caller gave one.
    private let stateFolder: String?

    /// Starts `vitrine arguments…` with this environment plus `extra`. Unless `extra` names an
    /// `XDG_STATE_HOME`, the child keeps its state in a folder of its own, so one run's resume
    /// position never reaches another test.
    public init(_ arguments: [String], environment extra: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = nil
        environment["WATCHDOG_USEC"] = nil
        environment["WATCHDOG_PID"] = nil
        stateFolder = extra["XDG_STATE_HOME"] == nil ? try Self.makeStateFolder() : nil
        environment["XDG_STATE_HOME"] = stateFolder
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [errors, arrived] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            errors.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            arrived.signal()
        }
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    deinit {
        if let stateFolder { try? FileManager.default.removeItem(atPath: stateFolder) }
    }

    /// A fresh folder for a child's `XDG_STATE_HOME`.
    static func makeStateFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    public var pid: Int32 { process.processIdentifier }
    public var standardError: String { errors.text.withLock { $0 } }

    /// Waits up to `timeout` seconds for standard error to contain `text`.
    public func waitForError(containing text: String, timeout: Double) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !standardError.contains(text) {
            guard arrived.wait(timeout: deadline) == .success else { return standardError.contains(text) }
        }
        return true
    }

    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits up to `timeout` seconds for the process to end; its exit status, or nil
    /// (and the process killed) when it did not end or was ended by a signal.
    public func waitForExit(timeout: Double) -> Int32? {
        guard exited.wait(timeout: .now() + timeout) == .success else {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }
}

extension ChildProcess {
    /// What a run to completion printed, and how it ended.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `vitrine arguments…` (or `executable`) to its end and collects both streams.
    public static func run(
        _ arguments: [String], executable: String = binary, environment extra: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        let stateFolder = extra["XDG_STATE_HOME"] == nil ? try makeStateFolder() : nil
        defer { if let stateFolder { try? FileManager.default.removeItem(atPath: stateFolder) } }
        environment["XDG_STATE_HOME"] = stateFolder
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child cannot block.
        let errors = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errors.text.withLock { $0 = String(decoding: data, as: UTF8.self) }
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: errors.text.withLock { $0 })
    }
}

/// Text that grows on one thread and is read on another.
private final class Collected: Sendable {
    let text = Mutex("")
}
