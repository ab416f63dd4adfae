import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// Frame pacing of a fade while a 24 MP photo decodes in a worker process, as
/// the player decodes the next photo during a transition: frames are composed
/// on a 60 Hz schedule and the intervals between finished frames measured.
enum BenchPacing {
    static func measure(_ show: BenchMotion.Show, frames: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-pacing-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try BenchInputs.writeJPEG(width: 6000, height: 4000, into: folder)
        let canvas = try OffscreenCanvas(width: Int(show.output.width), height: Int(show.output.height), composed: true)
        for (name, pixels) in show.byName { canvas.drawer.setImage(pixels, sourceSize: pixels.size, for: name) }
        // The fade from the first photo to the second, 0.8 s from 8 s, again and again.
        let scenes = show.scenes(.fade, motion: .still, at: (0..<48).map { 8 + Double($0) / 60 })
        let decodes = Decodes(path: photo.path, output: show.output)
        decodes.start()
        // Frames start once the first decode is under way.
        let startBy = now() + 30
        while decodes.started == 0 {
            guard now() < startBy else {
                // Not stopped: a decode thread that never started would never say it ended.
                throw BenchError("pacing: the decode worker did not start within 30 s")
            }
            usleep(1000)
        }
        let period = 1.0 / 60
        var intervals: [Double] = []
        var last = now()
        var deadline = last + period
        for i in 0..<frames {
            canvas.draw(scenes[i % scenes.count], key: show.key)
            let done = now()
            intervals.append(done - last)
            last = done
            // Waits for the next 60 Hz tick, as a vsynced present would; a late frame takes the next one.
            while deadline <= done { deadline += period }
            usleep(UInt32(max(0, (deadline - now()) * 1_000_000)))
        }
        let finished = decodes.stop()
        let sorted = intervals.sorted()
        let p50 = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        let worst = sorted.last ?? .nan
        print(
            "Pacing: a fade at 60 Hz while a 6000x4000 JPEG decodes in a worker, again and again "
                + "(\(frames) frames, \(finished) decodes finished)")
        print(
            "    frame interval p50 \(BenchCommand.ms(p50)), p99 \(BenchCommand.ms(p99)), max \(BenchCommand.ms(worst)); "
                + "p99 \(BenchCommand.ratio(p99 / p50))x the median (target ≤ 1.5x, max ≤ 50 ms)\n")
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Decodes the photo back to back in an isolated worker on a thread of its own until stopped.
    private final class Decodes: @unchecked Sendable {
        let path: String
        let output: Size
        private let lock = NSLock()
        private var running = true
        private var startedCount = 0
        private var finishedCount = 0
        private let done = DispatchSemaphore(value: 0)

        init(path: String, output: Size) {
            self.path = path
            self.output = output
        }

        var started: Int { lock.withLock { startedCount } }

        func start() {
            let thread = Thread { [self] in
                let decoder = IsolatedDecoder()
                _ = decoder.prepare()
                let request = DecodeRequest(path: path, output: output, fit: .contain, background: .black)
                while lock.withLock({ running }) {
                    lock.withLock { startedCount += 1 }
                    if (try? decoder.decode(request)) != nil { lock.withLock { finishedCount += 1 } }
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
