import Glibc
import Synchronization
import Testing

@testable import VitrineDecode

/// The bands of a decode or a downscale run on threads of the decoder's own, each band once.
@Suite struct BandThreadsTests {
    /// Two bands run on two threads (on two cores or more), the first on the calling thread.
    @Test func theSecondBandRunsOnAnotherThread() {
        let threads = Mutex<[Int: pthread_t]>([:])
        BandThreads.run(2) { band in
            threads.withLock { $0[band] = pthread_self() }
        }
        let seen = threads.withLock { $0 }
        #expect(seen[0] == pthread_self())
        if Cores.active >= 2 {
            #expect(seen[1] != nil && seen[1] != pthread_self())
        } else {
            #expect(seen[1] == pthread_self())
        }
    }

    /// More callers at once than there are helpers, each with more bands than one helper
    /// takes: every band of every call runs once, and no more helpers are started than allowed.
    @Test func everyBandRunsOnceWhateverTheCallers() async {
        final class Counts: Sendable {
            let runs = Mutex([Int](repeating: 0, count: 12 * 5))
        }
        let counts = Counts()
        await withTaskGroup(of: Void.self) { group in
            for call in 0..<12 {
                group.addTask {
                    BandThreads.run(5) { band in
                        counts.runs.withLock { $0[call * 5 + band] += 1 }
                    }
                }
            }
        }
        #expect(counts.runs.withLock { $0 }.allSatisfy { $0 == 1 })
        #expect(BandThreads.helperCount <= BandThreads.maximumHelpers)
    }
}
