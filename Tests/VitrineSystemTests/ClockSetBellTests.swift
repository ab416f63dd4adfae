import Synchronization
import Testing
import VitrineTestSupport

@testable import VitrineSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `ClockSetBell`: each set of the wall clock rings, and the bell is armed again after each.
/// The clock is set to the time it reads (as root, which may set it): the kernel cancels the
/// bell's timer at any set, and the machine's time moves by the microseconds between the read
/// and the set.
@Suite(.serialized) struct ClockSetBellTests {
    final class Rings: Sendable {
        let count = Mutex(0)
    }

    /// Sets the wall clock to what it reads now.
    static func setTheClock() throws {
        var now = timespec()
        try #require(clock_gettime(CLOCK_REALTIME, &now) == 0)
        try #require(clock_settime(CLOCK_REALTIME, &now) == 0, "clock_settime: \(errno)")
    }

    @Test(.enabled(if: geteuid() == 0, "setting the wall clock needs root"))
    func eachSetOfTheClockRings() throws {
        let rings = Rings()
        #expect(ClockSetBell.start { rings.count.withLock { $0 += 1 } })
        #expect(rings.count.withLock { $0 } == 0)
        try Self.setTheClock()
        #expect(eventually(timeout: 10) { rings.count.withLock { $0 } == 1 })
        try Self.setTheClock()
        #expect(eventually(timeout: 10) { rings.count.withLock { $0 } == 2 }, "armed again after the first")
    }
}
