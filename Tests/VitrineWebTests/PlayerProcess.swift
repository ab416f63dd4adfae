import Foundation
import Glibc
import Synchronization
import VitrineTestSupport

/// A real `vitrine play` with the web page on a free loopback port, headless (offscreen video,
/// software renderer), its standard error collected as it comes. Stopped with SIGKILL (children
/// of the test runner inherit a mask that blocks SIGTERM).
final class PlayerProcess: Sendable {
    static var checkout: URL { Repository.root }

    static var binary: String { Repository.vitrine }

    private let process = Process()
    private let errors = CollectedText()
    private let arrived = DispatchSemaphore(value: 0)
    /// The page's address, from the player's log.
    let url: String

    /// Starts `vitrine play source --web-port 0 … extra` and waits for the page to listen.
    init(source: String, statePath: String, extra: [String] = [], size: String = "320x180") throws {
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments =
            [
                "play", source, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
                "--windowed", size, "--no-resume", "--web", "--web-port", "0", "--web-state", statePath,
            ] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = nil
        environment["VITRINE_WWW"] = Self.checkout.appendingPathComponent("assets/www").path
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
        try process.run()
        let deadline = DispatchTime.now() + 20
        var found: String?
        while found == nil {
            let log = errors.text.withLock { $0 }
            if let line = log.split(separator: "\n").first(where: { $0.contains("web: page at ") }),
                let start = line.range(of: "http")
            {
                found = String(line[start.lowerBound...].prefix { $0 != ";" && $0 != " " })
            } else if arrived.wait(timeout: deadline) == .timedOut || !process.isRunning {
                break
            }
        }
        guard let found else {
            kill(process.processIdentifier, SIGKILL)
            throw PlayerFailure(log: errors.text.withLock { $0 })
        }
        url = found
    }

    var log: String { errors.text.withLock { $0 } }

    /// Waits up to `timeout` seconds for the process to end by itself; its status, or nil.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

struct PlayerFailure: Error, CustomStringConvertible {
    var log: String
    var description: String { "the player did not open its web page:\n\(log)" }
}

/// Text that grows on one thread and is read on another.
final class CollectedText: Sendable {
    let text = Mutex("")
}
