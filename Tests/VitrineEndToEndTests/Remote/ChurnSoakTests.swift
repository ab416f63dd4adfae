import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// The player unattended in a busy place: photos added and removed every 0.5 s, a command over
/// MQTT (a real mosquitto) every 50 ms. Its memory, descriptors and threads stay flat, every
/// command is answered, and the log stays under a stated bound. Two minutes in the suite;
/// `VITRINE_CHURN_SOAK_SECONDS=600` (or `make soak-churn`) runs it for ten.
@Suite("Churn soak", .serialized)
struct ChurnSoakTests {
    /// Seconds of churn: `VITRINE_CHURN_SOAK_SECONDS`, else 120.
    static var seconds: Double {
        ProcessInfo.processInfo.environment["VITRINE_CHURN_SOAK_SECONDS"].flatMap(Double.init) ?? 120
    }

    /// Log lines allowed for a run of `seconds`: the start's few, then the image count at most
    /// once a minute (after a burst of three), and room for a few more: 30 + 2 a minute.
    static func logBound(_ seconds: Double) -> Int { 30 + Int((seconds / 60 * 2).rounded(.up)) }

    /// What the kernel says the process holds: resident kilobytes, threads, open descriptors.
    struct Sample: CustomStringConvertible {
        var residentKB: Int
        var threads: Int
        var descriptors: Int
        var description: String { "\(residentKB) kB, \(threads) threads, \(descriptors) fds" }
    }

    static func sample(_ pid: Int32) -> Sample? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap {
                $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
            }
        }
        guard let rss = field("VmRSS"), let threads = field("Threads"),
            let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        else { return nil }
        return Sample(residentKB: rss, threads: threads, descriptors: fds)
    }

    @Test("Photos churning every 0.5 s and MQTT commands every 50 ms: memory, descriptors, threads flat; a quiet log")
    func churn() throws {
        let seconds = Self.seconds
        let broker = try Broker()
        let tree = try TemporaryFolder()
        try tree.mkdir("photos")
        try TestPictures.write(count: 8, into: tree.at("photos"))
        let id = "soak"
        let answers = try Subscriber(broker, filters: ["vitrine/\(id)/cmd/result"])
        let player = try ChildProcess([
            "play", tree.at("photos"), "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
            "--windowed", "160x90", "--interval", "1", "--transition-duration", "0.2", "--no-resume", "--mqtt",
            "127.0.0.1", "--mqtt-port", String(broker.port), "--mqtt-client-id", id,
        ])
        #expect(player.waitForError(containing: "INFO play: sources: 8 images", timeout: 60), "\(player.standardError)")
        // One mosquitto_pub for every command: each line on its standard input is a message.
        let publisher = Process()
        publisher.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
        publisher.arguments = ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "vitrine/\(id)/cmd", "-l"]
        let commands = Pipe()
        publisher.standardInput = commands
        publisher.standardOutput = FileHandle.nullDevice
        publisher.standardError = FileHandle.nullDevice
        try publisher.run()
        defer {
            try? commands.fileHandleForWriting.close()
            publisher.waitUntilExit()
        }

        // The load is paced by timers: a command every 50 ms, a photo added or removed every 0.5 s.
        let queue = DispatchQueue(label: "soak")
        var sent = 0
        var churned = 0
        let photos = tree.at("photos")
        let commandTimer = DispatchSource.makeTimerSource(queue: queue)
        commandTimer.schedule(deadline: .now(), repeating: 0.05)
        commandTimer.setEventHandler {
            let command = sent % 2 == 0 ? "next" : "previous"
            commands.fileHandleForWriting.write(Data(#"{"command":"\#(command)","id":"c\#(sent)"}"#.utf8 + [10]))
            sent += 1
        }
        let churnTimer = DispatchSource.makeTimerSource(queue: queue)
        churnTimer.schedule(deadline: .now(), repeating: 0.5)
        churnTimer.setEventHandler {
            let name = photos + "/churn\(churned % 20).bmp"
            if FileManager.default.fileExists(atPath: name) {
                try? FileManager.default.removeItem(atPath: name)
            } else {
                let (top, bottom) = TestPictures.colors(churned)
                try? TestPictures.writeBMP(photos + "/.churn.part", width: 160, height: 90) { _, y in
                    y < 45 ? top : bottom
                }
                rename(photos + "/.churn.part", name)
            }
            churned += 1
        }
        commandTimer.resume()
        churnTimer.resume()

        // A sample every 10 s; the first after a fifth of the run (caches filled) is the baseline.
        var samples: [Sample] = []
        let start = Date()
        let done = DispatchSemaphore(value: 0)
        while Date().timeIntervalSince(start) < seconds {
            _ = done.wait(timeout: .now() + min(10, max(0, seconds - Date().timeIntervalSince(start))))
            if let sample = Self.sample(player.pid) { samples.append(sample) }
        }
        commandTimer.cancel()
        churnTimer.cancel()
        let total = queue.sync { sent }
        let churnedTotal = queue.sync { churned }
        // Every command answered (the queue may refuse some as too many; refused is an answer too).
        let answered = eventually(timeout: 30) { answers.count(on: "vitrine/\(id)/cmd/result") >= total }
        let lines = player.standardError.split(separator: "\n").count
        let first = max(0, samples.count / 5 - 1)
        let baseline = samples[first]
        let last = samples.last ?? baseline
        // The peak after the baseline: before it, the player still holds what it touched once at
        // start-up (it gives those pages back at its first rest, which may come after the first sample).
        let steady = samples[first...]
        let peak = Sample(
            residentKB: steady.map(\.residentKB).max() ?? 0, threads: steady.map(\.threads).max() ?? 0,
            descriptors: steady.map(\.descriptors).max() ?? 0)
        let report =
            "soak \(Int(seconds)) s: \(total) commands, \(answers.count(on: "vitrine/\(id)/cmd/result")) answered, "
            + "\(churnedTotal) files added or removed; baseline \(baseline), last \(last), peak \(peak); "
            + "\(lines) log lines (bound \(Self.logBound(seconds)))"
        print(report)
        #expect(answered, "\(report)")
        #expect(peak.residentKB - baseline.residentKB < 16 * 1024, "\(report)")
        #expect(peak.descriptors - baseline.descriptors <= 4, "\(report)")
        #expect(peak.threads - baseline.threads <= 4, "\(report)")
        #expect(lines <= Self.logBound(seconds), "\(report)\n\(player.standardError.suffix(3000))")
        player.send(SIGTERM)
        #expect(player.waitForExit(timeout: 30) == 0)
    }
}
