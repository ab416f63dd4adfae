import Foundation
import Glibc
import Synchronization
import Testing
import VitrineTestSupport

/// Limits of the system are errors, not hangs: under an address-space limit the player either
/// plays or says in one line why it cannot, within 10 s; the decode worker is the one the
/// kernel's OOM killer takes first, and the show survives its death.
@Suite("Limits are errors, not hangs", .serialized)
struct LimitsTests {
    /// How a run under a limit went: its status (nil when it had to be killed), what it said,
    /// and whether it was playing (its first photo drawn) or had ended by the deadline.
    private struct Ended {
        var status: Int32?
        var stderr: String
        var answeredInTime: Bool
    }

    /// Runs `executable`; by `deadline` seconds it must have ended or drawn its first photo, and
    /// a run that plays is then given a minute to end by itself (`--quit-after`).
    private func run(_ executable: String, _ arguments: [String], deadline: Double) throws -> Ended {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.path + "/vitrine-limits-\(getpid())"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let news = DispatchSemaphore(value: 0)
        let ended = Mutex(false)
        process.terminationHandler = { _ in
            ended.withLock { $0 = true }
            news.signal()
        }
        let collected = Mutex("")
        let closed = Mutex(false)
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                closed.withLock { $0 = true }
            }
            collected.withLock { $0 += String(decoding: data, as: UTF8.self) }
            news.signal()
        }
        try process.run()
        func answered() -> Bool {
            ended.withLock { $0 } || collected.withLock { $0.contains("draws the photos") }
        }
        let start = DispatchTime.now()
        while !answered(), news.wait(timeout: start + deadline) == .success {}
        let inTime = answered()
        let end = DispatchTime.now() + 60
        while !ended.withLock({ $0 }), news.wait(timeout: end) == .success {}
        // All it wrote: until its end of standard error.
        let drained = DispatchTime.now() + 10
        while !closed.withLock({ $0 }), news.wait(timeout: drained) == .success {}
        var status: Int32?
        if ended.withLock({ $0 }) {
            process.waitUntilExit()
            status = process.terminationStatus
        } else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return Ended(status: status, stderr: collected.withLock { $0 }, answeredInTime: inTime)
    }

    @Test(
        "Under an address-space limit: a running show or one clear line within 10 s, never a hang",
        // Below about 210 MB the dynamic loader cannot map the program's libraries (dlib with
        // LAPACK and BLAS among them): it ends with 127 before the program runs, and says why itself.
        arguments: [230, 260, 400])
    func addressSpaceLimit(megabytes: Int) throws {
        let tree = try TemporaryFolder()
        try tree.mkdir("photos")
        try TestPictures.write(count: 4, into: tree.at("photos"))
        let ended = try run(
            "/usr/bin/prlimit",
            [
                "--as=\(megabytes * 1_000_000)", ChildProcess.binary, "play", tree.at("photos"), "--config", "none",
                "--video-driver", "dummy", "--windowed", "160x90", "--renderer", "software", "--interval", "0.5",
                "--transition-duration", "0.1", "--quit-after", "2", "--no-resume",
            ], deadline: 10)
        #expect(ended.answeredInTime, "neither playing nor ended within 10 s under \(megabytes) MB: \(ended.stderr)")
        let status = try #require(ended.status, "hung under \(megabytes) MB: \(ended.stderr)")
        if status == 0 {
            #expect(ended.stderr.contains("quitting after 2.0 s"), "\(ended.stderr)")
        } else {
            #expect(status == 1, "\(ended.stderr)")
            let lines = ended.stderr.split(separator: "\n").filter { $0.hasPrefix("vitrine:") }
            #expect(lines.count == 1 && lines[0].contains("address-space limit"), "\(ended.stderr)")
        }
    }

    /// The processes whose parent is `pid`.
    private func children(of pid: Int32) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { Int32($0) }.filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    private func oomScoreAdjustment(_ pid: Int32) -> Int? {
        (try? String(contentsOfFile: "/proc/\(pid)/oom_score_adj", encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("The decode worker goes first under memory pressure, and the show survives its death")
    func theWorkerIsTheOOMKillersFirstChoice() throws {
        let tree = try TemporaryFolder()
        try tree.mkdir("photos")
        try TestPictures.write(count: 6, into: tree.at("photos"))
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            [
                "play", tree.at("photos"), "--config", "none", "--video-driver", "offscreen", "--windowed", "160x90",
                "--renderer", "software", "--interval", "0.4", "--transition-duration", "0.1",
            ], environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.wait(for: "READY=1", from: child.pid, timeout: 60).found, "\(child.standardError)")
        var workers: [Int32] = []
        let deadline = Date().addingTimeInterval(30)
        while workers.isEmpty, Date() < deadline {
            workers = children(of: child.pid)
            if workers.isEmpty { _ = socket.receive(timeout: 0.1) }
        }
        let worker = try #require(workers.first, "no decode worker")
        #expect(oomScoreAdjustment(worker) == 500)
        #expect(oomScoreAdjustment(child.pid) == oomScoreAdjustment(getpid()))
        // The OOM killer's way: SIGKILL, nothing to catch.
        kill(worker, SIGKILL)
        // A STATUS line is sent only when the slide changed (at most once a second): three say it moves on.
        var seen: [String] = []
        let after = Date().addingTimeInterval(30)
        while seen.count < 3, Date() < after {
            guard let datagram = socket.receive(timeout: max(0, after.timeIntervalSinceNow)),
                datagram.sender == child.pid
            else { continue }
            seen += datagram.lines.filter { $0.hasPrefix("STATUS=showing ") }
        }
        #expect(seen.count >= 3, "the show did not go on: \(seen) \(child.standardError)")
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0, "\(child.standardError)")
    }
}
