import Foundation
import Testing
import VitrineCore

/// The conversions of the time types (`Time/` in VitrineBase and VitrineCore): each is checked
/// against a figure worked out by hand, so a factor of a thousand too many or too few fails here.
@Suite struct TimeTypeTests {
    @Test func aTimespecIsWholeSecondsAndNanoseconds() {
        #expect(MonotonicInstant(seconds: 3, nanoseconds: 250_000_000) == MonotonicInstant(seconds: 3.25))
        #expect(MonotonicInstant(seconds: 0, nanoseconds: 999_999_999).seconds < 1)
    }

    @Test func milliAndNanosecondsComeToSeconds() {
        #expect(Seconds(milliseconds: 1500) == 1.5)
        #expect(Seconds(1.5).milliseconds == 1500)
        #expect(Seconds(nanoseconds: 2_500_000_000) == 2.5)
    }

    @Test func theMonotonicClockMovesForwardInSeconds() {
        let a = MonotonicInstant.now()
        let b = MonotonicInstant.now()
        #expect(b >= a)
        // The machine's own uptime: more than nothing, less than a century of seconds (a reading
        // in nanoseconds or milliseconds taken for seconds would be far past it).
        #expect(a.seconds > 0 && a.seconds < 100 * 365 * 86_400)
    }

    @Test func instantsAndLengthsAddUp() {
        let start = MonotonicInstant(seconds: 10)
        #expect(start + Seconds(2.5) == MonotonicInstant(seconds: 12.5))
        #expect(MonotonicInstant(seconds: 12.5) - start == 2.5)
        let epoch = Date(unixSeconds: 1_000)
        #expect((epoch + Seconds(60)).unixSeconds == 1_060)
        #expect(Date(unixSeconds: 1_060) - epoch == 60)
        #expect(ShowTime(seconds: 4) + Seconds(1) == ShowTime(seconds: 5))
    }

    @Test func aPhotoOfTheLastMonthWeighsMoreInTheShuffleThanOneOfTheLastYear() {
        let day = 86_400.0
        #expect(ShuffleOrder.weight(age: Seconds(30 * day)) == 4)
        #expect(ShuffleOrder.weight(age: Seconds(32 * day)) == 2)
        #expect(ShuffleOrder.weight(age: Seconds(400 * day)) == 1)
    }
}
