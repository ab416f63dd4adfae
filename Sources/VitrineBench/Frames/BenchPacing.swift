import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// Frame pacing of a fade while a 24 MP photo decodes in a worker process, as
/// the player decodes the next photo during a transition: frames are composed
/// on a 60 Hz schedule and the intervals between finished frames measured.
enum BenchPacing {
    /// The worker's priorities measured, the player's own last; the first is the "before".
    /// nil is a pass without decodes: what the machine's other load alone does to the frames.
    static let priorities: [WorkerPriority?] = [nil, .normal, .background(nice: 19), .idle, .default]

    /// One pass: the frame intervals at one worker priority, and what the decodes did meanwhile.
    struct Pass {
        var priority: WorkerPriority?
        var p50: Double
        var p99: Double
        var worst: Double
        /// 99th percentiles of the two parts of a frame's lateness: waking after the tick, composing.
        var wakeP99: Double
        var composeP99: Double
        var decodes: Int
        var seconds: Double
        /// CPU seconds of this process (the frames) and of the worker (the decodes) during the pass.
        var frameCPU: Double
        var workerCPU: Double
        /// The 1-minute load average when the pass started.
        var load: Double
        /// The worker's threads' scheduling as seen in /proc mid-pass.
        var seen: String
    }

    static func measure(_ show: BenchMotion.Show, frames: Int, rounds: Int = 3) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-pacing-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try BenchInputs.writeJPEG(width: 6000, height: 4000, into: folder)
        let canvas = try OffscreenCanvas(width: Int(show.output.width), height: Int(show.output.height), composed: true)
        for (name, pixels) in show.byName { canvas.drawer.setImage(pixels, sourceSize: pixels.size, for: name) }
        // The fade from the first photo to the second, 0.8 s from 8 s, again and again.
        let scenes = show.scenes(.fade, motion: .still, at: (0..<48).map { 8 + Double($0) / 60 })
        print(
            "Pacing: a fade at 60 Hz while a 6000x4000 JPEG decodes in a worker, again and again "
                + "(\(frames) frames a pass; the worker at each priority in turn, \(rounds) rounds)")
        var passes: [Pass] = []
        // Several rounds, so a burst of other load shows as a difference between the rounds.
        for _ in 0..<rounds {
            for priority in priorities {
                passes.append(
                    try pass(priority, photo: photo.path, show: show, canvas: canvas, scenes: scenes, frames: frames))
            }
        }
        print(
            "    " + BenchCommand.pad("worker", 21) + BenchCommand.pad("p50", 9) + BenchCommand.pad("p99", 9)
                + BenchCommand.pad("max", 9) + BenchCommand.pad("p99/p50", 9)
                + BenchCommand.pad("wake/compose p99", 18) + BenchCommand.pad("decodes", 13)
                + BenchCommand.pad("CPU frames/worker", 19) + BenchCommand.pad("load", 6) + "threads seen")
        for pass in passes {
            let decode = pass.decodes > 0 ? BenchCommand.ms(pass.seconds / Double(pass.decodes)) : "-"
            print(
                "    " + BenchCommand.pad(pass.priority?.description ?? "no decodes", 21)
                    + BenchCommand.pad(BenchCommand.ms(pass.p50), 9)
                    + BenchCommand.pad(BenchCommand.ms(pass.p99), 9) + BenchCommand.pad(BenchCommand.ms(pass.worst), 9)
                    + BenchCommand.pad(BenchCommand.ratio(pass.p99 / pass.p50) + "x", 9)
                    + BenchCommand.pad(String(format: "%.1f/%.1f ms", pass.wakeP99 * 1000, pass.composeP99 * 1000), 18)
                    + BenchCommand.pad("\(pass.decodes) \(decode)", 13)
                    + BenchCommand.pad(String(format: "%.2f/%.2f s", pass.frameCPU, pass.workerCPU), 19)
                    + BenchCommand.pad(String(format: "%.1f", pass.load), 6) + pass.seen)
        }
        print("    median over the rounds:")
        for priority in priorities {
            let mine = passes.filter { $0.priority == priority }
            let ratio = BenchCommand.median(mine.map { $0.p99 / $0.p50 })
            let worst = BenchCommand.median(mine.map(\.worst))
            print(
                "    " + BenchCommand.pad(priority?.description ?? "no decodes", 21) + "p99 "
                    + BenchCommand.ratio(ratio) + "x the median, max " + BenchCommand.ms(worst))
        }
        print(
            "    targets: p99 ≤ 1.5x the median, max ≤ 50 ms; wake: how late a frame started after its tick; decodes: finished, and the time each took on "
                + "average; CPU in seconds over the pass\n")
    }

    private static func pass(
        _ priority: WorkerPriority?, photo: String, show: BenchMotion.Show, canvas: OffscreenCanvas, scenes: [Scene],
        frames: Int
    ) throws -> Pass {
        var load = [0.0, 0.0, 0.0]
        // Without /proc/loadavg there is no load to give: "nan" in the table, not a false 0.0.
        if getloadavg(&load, 3) < 1 { load[0] = .nan }
        let decodes = priority.map { Decodes(path: photo, output: show.output, priority: $0) }
        let childrenBefore = childrenCPU()
        decodes?.start()
        // Frames start once the first decode is under way.
        let startBy = now() + 30
        while let decodes, decodes.started == 0 {
            guard now() < startBy else {
                // Not stopped: a decode thread that never started would never say it ended.
                throw BenchError("pacing: the decode worker did not start within 30 s")
            }
            usleep(1000)
        }
        let cpuBefore = BenchVideo.cpuSeconds()
        let began = now()
        let period = 1.0 / 60
        var intervals: [Double] = []
        var wakes: [Double] = []
        var composes: [Double] = []
        var seen = ""
        var last = now()
        var deadline = last + period
        for i in 0..<frames {
            let woke = now()
            if i > 0 { wakes.append(max(0, woke - deadline)) }
            canvas.draw(scenes[i % scenes.count], key: show.key)
            let done = now()
            composes.append(done - woke)
            intervals.append(done - last)
            last = done
            if i == frames / 2 { seen = decodes?.scheduling() ?? "-" }
            // Waits for the next 60 Hz tick, as a vsynced present would; a late frame takes the next one.
            while deadline <= done { deadline += period }
            usleep(UInt32(max(0, (deadline - now()) * 1_000_000)))
        }
        let frameCPU = BenchVideo.cpuSeconds() - cpuBefore
        let finished = decodes?.stop() ?? 0
        let seconds = now() - began
        let sorted = intervals.sorted()
        return Pass(
            priority: priority, p50: sorted[sorted.count / 2],
            p99: sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))], worst: sorted.last ?? .nan,
            wakeP99: BenchCommand.percentile(wakes, 0.99), composeP99: BenchCommand.percentile(composes, 0.99),
            decodes: finished, seconds: seconds, frameCPU: frameCPU, workerCPU: childrenCPU() - childrenBefore,
            load: load[0], seen: seen)
    }

    /// User + system CPU seconds of the children reaped so far (the workers).
    private static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Decodes the photo back to back in an isolated worker until stopped.
    private final class Decodes: @unchecked Sendable {
        let path: String
        let output: Size
        let priority: WorkerPriority
        private let lock = NSLock()
        private var running = true
        private var startedCount = 0
        private var finishedCount = 0
        private let done = DispatchSemaphore(value: 0)

        private var workerID: Int32?

        init(path: String, output: Size, priority: WorkerPriority) {
            self.path = path
            self.output = output
            self.priority = priority
        }

        /// The distinct policies and nice levels of the worker's threads now, as "policy/nice ×count".
        func scheduling() -> String {
            guard let pid = lock.withLock({ workerID }) else { return "-" }
            var counts: [String: Int] = [:]
            for thread in WorkerPriority.threads(of: pid) {
                guard let seen = WorkerPriority.observed(process: pid, thread: thread) else { continue }
                let policy = [0: "other", 3: "batch", 5: "idle"][Int(seen.policy)] ?? "policy \(seen.policy)"
                counts["\(policy)/\(seen.nice)", default: 0] += 1
            }
            return counts.keys.sorted().map { "\($0) x\(counts[$0] ?? 0)" }.joined(separator: ", ")
        }

        var started: Int { lock.withLock { startedCount } }

        /// Decodes through the player's own loader (its queue, the copy out of shared memory),
        /// with no cache, so every request decodes again.
        func start() {
            let thread = Thread { [self] in
                let decoder = IsolatedDecoder(IsolatedDecoder.Configuration(priority: priority))
                _ = decoder.prepare()
                lock.withLock { workerID = decoder.workerProcessID }
                let loader = ImageLoader(decoder: decoder, cacheBudget: 0)
                let request = DecodeRequest(path: path, output: output, fit: .contain, background: .black)
                while lock.withLock({ running }) {
                    lock.withLock { startedCount += 1 }
                    loader.request(request)
                    _ = loader.waitUntilIdle(seconds: 30)
                    let succeeded = loader.drain().filter { (try? $0.1.get()) != nil }.count
                    lock.withLock { finishedCount += succeeded }
                }
                decoder.shutdown()
                done.signal()
            }
            thread.start()
        }

        /// Stops after the decode under way; returns how many finished.
        func stop() -> Int {
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { finishedCount }
        }
    }
}
