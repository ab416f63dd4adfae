import CMicroHTTPD
import Foundation
import Glibc
import Synchronization
import VitrineCore
import VitrinePOSIX

/// A few threads that make answers, so a slow one (a preview being drawn, a password being
/// hashed) never holds up the server's event threads. Jobs wait in a bounded queue.
final class WorkerPool: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)
    private let capacity: Int
    private let closed = Atomic<Bool>(false)

    init(threads: Int, capacity: Int, name: String) {
        self.capacity = capacity
        for index in 0..<max(1, threads) {
            let thread = Thread { [self] in
                // Below the frame loop: a hash or a preview being made never takes its core.
                if vitrine_lower_thread_priority(10) != 0 {
                    Log("web").debug("cannot lower the priority of a server worker: \(Errno.current)")
                }
                self.work()
            }
            thread.name = "\(name)-\(index)"
            thread.qualityOfService = .utility
            thread.start()
        }
    }

    /// Queues a job; false when the queue is full (the caller answers 503).
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let taken = jobs.withLock { queue -> Bool in
            guard queue.count < capacity else { return false }
            queue.append(job)
            return true
        }
        if taken { ready.signal() }
        return taken
    }

    /// Ends the threads once the jobs queued now are done.
    func close(threads: Int) {
        closed.store(true, ordering: .releasing)
        for _ in 0..<max(1, threads) { ready.signal() }
    }

    private func work() {
        while true {
            ready.wait()
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            if let job {
                job()
            } else if closed.load(ordering: .acquiring) {
                return
            }
        }
    }
}
