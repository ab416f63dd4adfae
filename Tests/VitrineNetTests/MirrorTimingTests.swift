import Foundation
import Testing
import VitrineCore

@testable import VitrineNet

/// The mirror's waits on the monotonic clock: a host's backoff, a `Retry-After`, a part's age.
/// Each is checked against the figure in seconds it must come to, so a wait counted in another
/// unit (milliseconds, nanoseconds) or the wrong way round fails here.
@Suite struct MirrorTimingTests {
    @Test func aHostWaitsTheBaseThenTwiceAsLongPerFailureUpToTheMaximum() {
        let start = MonotonicInstant(seconds: 1000)
        var backoff = HostBackoff()
        backoff.failed(now: start, base: 5, maximum: 600, jitter: 1)
        #expect(backoff.until == MonotonicInstant(seconds: 1005), "the first failure waits the base, 5 s")
        backoff.failed(now: start, base: 5, maximum: 600, jitter: 1)
        backoff.failed(now: start, base: 5, maximum: 600, jitter: 1)
        #expect(backoff.until - start == 20, "the third waits 5 × 2 × 2 s")
        for _ in 0..<20 { backoff.failed(now: start, base: 5, maximum: 600, jitter: 1) }
        #expect(backoff.until - start == 600, "never past the maximum")
        backoff.succeeded()
        #expect(backoff.until < start, "a success clears the wait")
    }

    @Test func theJitterStaysWithinHalfToOneAndAHalfTimesTheWait() {
        let start = MonotonicInstant(seconds: 50)
        let waits = (0..<200).map { _ in
            var backoff = HostBackoff()
            backoff.failed(now: start, base: 8, maximum: 600)
            return backoff.until - start
        }
        let shortest = waits.min() ?? .zero
        let longest = waits.max() ?? .zero
        #expect(shortest >= 4 && longest <= 12, "waited from \(shortest) to \(longest) for a base of 8 s")
    }

    @Test func aRetryAfterIsReadInSecondsEitherWayItIsWritten() {
        #expect(retryAfterSeconds("120") == 120)
        #expect(retryAfterSeconds(" 7 ") == 7)
        #expect(retryAfterSeconds("999999") == 86_400, "at most a day")
        let now = Date(unixSeconds: 1_700_000_000)
        let later = "Tue, 14 Nov 2023 22:15:20 GMT"  // 1_700_000_120: two minutes after `now`
        #expect(retryAfterSeconds(later, now: now) == 120)
        #expect(retryAfterSeconds("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == .zero, "a date gone by waits nothing")
        #expect(retryAfterSeconds("soon") == nil)
    }

    @Test func aPartialDownloadIsKeptForAWeek() {
        #expect(MirrorIndex.partLifetime == Seconds(7 * 86_400))
        #expect(NetworkTimeouts().connect.milliseconds == 15_000, "libcurl is given the connect timeout in ms")
    }
}
