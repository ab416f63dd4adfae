import Foundation
import Synchronization

/// A second thread that draws frames beside the caller, kept from frame to
/// frame, so that composing a frame on two cores costs one wake-up instead of
/// a thread pool's hand-out. The caller draws the frame's rows from the top
/// down and the worker from the bottom up, a few rows at a time, until they
/// meet: when the worker starts late (its core busy) the caller simply draws
/// more, and a worker stopped in the middle holds back at most the few rows it
/// took. Each thread's rows follow on from one another, so interpolated source
/// rows carry over. One caller at a time (the render thread); the thread ends
/// when the worker is released.
public final class BandWorker: Sendable {
    private let state = State()

    public init() {
        let state = state
        let thread = Thread { state.serve() }
        thread.name = "vitrine compose"
        thread.start()
    }

    deinit {
        state.stop()
    }

    /// Calls `body(rows, thread)` for runs of at most `group` rows covering
    /// 0..<`rows` once, on the calling thread (`thread` 0, runs going down from
    /// row 0) and the worker (1, runs going up from the last row) at once, and
    /// returns when every row is drawn. A thread's calls come one after another.
    public func run(rows: Int, group: Int, _ body: @escaping @Sendable (_ rows: Range<Int>, _ thread: Int) -> Void) {
        guard rows > group else {
            if rows > 0 { body(0..<rows, 0) }
            return
        }
        let job = Job(rows: rows, group: max(1, group), body: body)
        state.post(job)
        job.drain(thread: 0)
        job.waitUntilDone()
    }

    /// One frame's rows: which are not taken yet, and whether the worker is drawing some.
    final class Job: @unchecked Sendable {
        let group: Int
        let body: @Sendable (Range<Int>, Int) -> Void
        private let condition = NSCondition()
        // Guarded by `condition`: the rows not taken yet, and whether the worker is drawing rows it took.
        private var low = 0
        private var high: Int
        private var workerBusy = false

        init(rows: Int, group: Int, body: @escaping @Sendable (Range<Int>, Int) -> Void) {
            self.high = rows
            self.group = group
            self.body = body
        }

        /// Takes and draws runs of rows from this thread's end until none is left.
        func drain(thread: Int) {
            while let rows = take(thread: thread) {
                body(rows, thread)
            }
            if thread == 1 {
                condition.lock()
                workerBusy = false
                condition.broadcast()
                condition.unlock()
            }
        }

        private func take(thread: Int) -> Range<Int>? {
            condition.lock()
            defer { condition.unlock() }
            guard low < high else { return nil }
            let rows: Range<Int>
            if thread == 0 {
                rows = low..<min(high, low + group)
                low = rows.upperBound
            } else {
                rows = max(low, high - group)..<high
                high = rows.lowerBound
                workerBusy = true
            }
            return rows
        }

        /// Waits for the rows the worker took (none, when it never started).
        func waitUntilDone() {
            condition.lock()
            while workerBusy { condition.wait() }
            condition.unlock()
        }
    }

    /// What the worker thread shares with its owner: the frame to help with, and whether to stop.
    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        // Guarded by `condition`.
        private var job: Job?
        private var posted = 0
        private var stopping = false

        func post(_ job: Job) {
            condition.lock()
            self.job = job
            posted += 1
            condition.signal()
            condition.unlock()
        }

        func stop() {
            condition.lock()
            stopping = true
            job = nil
            condition.signal()
            condition.unlock()
        }

        /// The worker's loop: waits for a frame, helps draw it, forgets it.
        func serve() {
            var seen = 0
            while true {
                condition.lock()
                while posted == seen, !stopping { condition.wait() }
                if stopping {
                    condition.unlock()
                    return
                }
                seen = posted
                let current = job
                job = nil
                condition.unlock()
                current?.drain(thread: 1)
            }
        }
    }
}
