import Foundation
import Testing

@testable import VitrineCore

/// The director's small state machines, each on its own.
@Suite struct DirectorStateTests {
    private func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: seconds) }

    @Test func aStaleListIsTakenAtOnceWhenTheListingIsDoneOrTheShowEmpty() {
        var listing = SlideListing()
        let r1 = listing.decide(now: at(0), isScanning: false, isEmpty: false)
        #expect(r1 == .keep)
        listing.feedChanged()
        #expect(listing.state == .stale)
        let r2 = listing.decide(now: at(1), isScanning: false, isEmpty: false)
        #expect(r2 == .take(afterReload: false))
        #expect(listing.state == .current)
        listing.feedChanged()
        let r3 = listing.decide(now: at(1.1), isScanning: true, isEmpty: true)
        #expect(r3 == .take(afterReload: false))
    }

    @Test func whileFoldersAreListedTheListIsTakenAtMostTwiceASecond() {
        var listing = SlideListing()
        listing.feedChanged()
        let r4 = listing.decide(now: at(10), isScanning: true, isEmpty: false)
        #expect(r4 == .take(afterReload: false))
        listing.feedChanged()
        let r5 = listing.decide(now: at(10.2), isScanning: true, isEmpty: false)
        #expect(r5 == .keep)
        #expect(listing.state == .stale, "still to take")
        let r6 = listing.decide(now: at(10.5), isScanning: true, isEmpty: false)
        #expect(r6 == .take(afterReload: false))
    }

    @Test func aReloadWaitsForItsListingUnlessTheShowIsEmpty() {
        var listing = SlideListing()
        listing.reloaded()
        listing.feedChanged()
        #expect(listing.state == .reloading, "a change during a reload does not end it")
        let r7 = listing.decide(now: at(1), isScanning: true, isEmpty: false)
        #expect(r7 == .wait)
        let r8 = listing.decide(now: at(2), isScanning: false, isEmpty: false)
        #expect(r8 == .take(afterReload: true))
        #expect(listing.state == .current)
        listing.reloaded()
        let r9 = listing.decide(now: at(3), isScanning: true, isEmpty: true)
        #expect(r9 == .take(afterReload: true))
        listing.feedChanged()
        listing.restarted()
        let r10 = listing.decide(now: at(4), isScanning: false, isEmpty: false)
        #expect(r10 == .keep, "another playlist took them")
        listing.reloaded()
        listing.restarted()
        #expect(listing.state == .reloading, "a playlist switch does not end a reload")
        let r11 = listing.decide(now: at(5), isScanning: false, isEmpty: false)
        #expect(r11 == .take(afterReload: true))
    }

    @Test func theCountIsSaidOnceTheListingIsDoneAndChangesOfStateAtOnce() {
        var count = CountAnnouncement()
        let r12 = count.shouldSay(0, reloaded: false, now: at(0), isScanning: { false })
        #expect(!r12, "nothing to say: 0 was never a change")
        let r13 = count.shouldSay(5, reloaded: false, now: at(1), isScanning: { true })
        #expect(!r13, "not during a listing")
        let r14 = count.shouldSay(5, reloaded: false, now: at(2), isScanning: { false })
        #expect(r14)
        #expect(count.said == 5)
        let r15 = count.shouldSay(5, reloaded: false, now: at(3), isScanning: { false })
        #expect(!r15, "the same count is not said again")
        let r16 = count.shouldSay(5, reloaded: true, now: at(4), isScanning: { false })
        #expect(r16, "a reload is said even unchanged")
        let r17 = count.shouldSay(0, reloaded: false, now: at(5), isScanning: { false })
        #expect(r17, "empty again: a change of state")
    }

    @Test func aCountThatOnlyMovesIsSaidThreeTimesThenOnceAMinute() {
        var count = CountAnnouncement()
        let r18 = count.shouldSay(1, reloaded: false, now: at(0), isScanning: { false })
        #expect(r18)
        var said = 0
        for i in 2...20 where count.shouldSay(i, reloaded: false, now: at(Double(i)), isScanning: { false }) {
            said += 1
        }
        #expect(said == 3, "the burst")
        let r19 = count.shouldSay(21, reloaded: false, now: at(40), isScanning: { false })
        #expect(!r19)
        let r20 = count.shouldSay(22, reloaded: false, now: at(80), isScanning: { false })
        #expect(r20, "a minute earned one more")
        let r21 = count.shouldSay(23, reloaded: false, now: at(81), isScanning: { false })
        #expect(!r21)
    }

    @Test func theCountDoesNotAskWhetherTheFeedListsWhenNothingWouldBeSaid() {
        var count = CountAnnouncement()
        var asked = 0
        _ = count.shouldSay(0, reloaded: false, now: at(0)) {
            asked += 1
            return false
        }
        #expect(asked == 0)
    }

    @Test func theStatusScreenIsPutAwayOnlyWhenTheDirectorPutItUp() {
        var slot = StatusScreenSlot.hidden
        let r22 = slot.update(wanted: nil)
        #expect(r22 == StatusScreenSlot.Action.none, "a screen set by another is left alone")
        let r23 = slot.update(wanted: .scanning(found: 3, total: nil))
        #expect(r23 == .show(.scanning(found: 3, total: nil)))
        #expect(slot == .shown)
        let r24 = slot.update(wanted: .noImages(folders: ["/p"]))
        #expect(r24 == .show(.noImages(folders: ["/p"])))
        let r25 = slot.update(wanted: nil)
        #expect(r25 == .hide)
        #expect(slot == .hidden)
        let r26 = slot.update(wanted: nil)
        #expect(r26 == StatusScreenSlot.Action.none)
    }

    @Test func theDisplayResumesOnlyThePauseItMade() {
        var power = PowerPause.none
        let r27 = power.displayTurned(on: false, showPaused: false)
        #expect(r27 == .pause)
        #expect(power.isPausedForDisplay)
        let r28 = power.displayTurned(on: true, showPaused: true)
        #expect(r28 == .resume)
        #expect(power == .none)
        // A user's pause outlives the display going off and on.
        let r29 = power.displayTurned(on: false, showPaused: true)
        #expect(r29 == PowerPause.Action.none)
        let r30 = power.displayTurned(on: true, showPaused: true)
        #expect(r30 == PowerPause.Action.none)
        // A user's choice while off makes the pause theirs.
        let r31 = power.displayTurned(on: false, showPaused: false)
        #expect(r31 == .pause)
        power.userChose()
        let r32 = power.displayTurned(on: true, showPaused: true)
        #expect(r32 == PowerPause.Action.none)
    }
}
