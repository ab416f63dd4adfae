import Foundation
import Synchronization

/// A second thread that draws frames beside the caller, kept from frame to
/// frame, so that composing a frame on two cores costs one wake-up instead of
/// a thread pool's hand-out. A frame is cut into chunks of rows; the caller and
/// the worker each take the next chunk not yet taken until none is left, so
/// when the worker starts late (its core busy) the caller simply draws more of
/// the frame, and never waits for a worker that has not begun. One caller at a
/// time (the render thread); the thread ends when the worker is released.
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

    /// Calls `body(chunk, thread)` once for each chunk in 0..<`chunks`, on the
    /// calling thread (`thread` 0) and the worker (1) at once, and returns when
    /// every chunk is drawn. `body` must be safe to call from both threads at
    /// the same time for different chunks and threads; a thread's calls come
    /// one after another.
    public func run(chunks: Int, _ body: @escaping @Sendable (_ chunk: Int, _ thread: Int) -> Void) {
        guard chunks > 1 else {
            if chunks == 1 { body(0, 0) }
            return
        }
        let job = Job(count: chunks, body: body)
        state.post(job)
        job.drain(thread: 0)
        job.waitUntilDone()
    }

    /// One frame's chunks: who takes which, and how many are done.
    final class Job: @unchecked Sendable {
        let count: Int
        let body: @Sendable (Int, Int) -> Void
        private let next = Atomic<Int>(0)
        private let condition = NSCondition()
        /// Chunks drawn; guarded by `condition`.
        private var finished = 0

        init(count: Int, body: @escaping @Sendable (Int, Int) -> Void) {
            self.count = count
            self.body = body
        }

        /// Takes and draws chunks until none is left.
        func drain(thread: Int) {
            while true {
                let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < count else { return }
                body(chunk, thread)
                condition.lock()
                finished += 1
                if finished == count { condition.broadcast() }
                condition.unlock()
            }
        }

        func waitUntilDone() {
            condition.lock()
            while finished < count { condition.wait() }
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
