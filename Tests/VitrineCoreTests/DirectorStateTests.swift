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

    @Test func theListingSaysTheCountOfWhatItTook() {
        var listing = SlideListing()
        listing.reloaded()
        let take = listing.decide(now: at(1), isScanning: false, isEmpty: false)
        #expect(take == .take(afterReload: true))
        let first = listing.shouldSayCount(4, reloaded: true, now: at(1), isScanning: { false })
        #expect(first)
        #expect(listing.count.said == 4)
        let again = listing.shouldSayCount(4, reloaded: false, now: at(2), isScanning: { false })
        #expect(!again, "said once")
    }

    /// Hooks that write down what they were told (a test double: the real ones run commands).
    private final class RecordingHooks: DisplayPowerHooks {
        var turns: [Bool] = []
        var waits = 0
        func displayTurned(on: Bool) { turns.append(on) }
        func waitUntilIdle() { waits += 1 }
    }

    @Test func theHooksHearEveryTurnAndTheStart() {
        let hooks = RecordingHooks()
        var power = DisplayTurns(hooks: hooks)
        let pauseAtStart = power.start(on: false)
        #expect(pauseAtStart)
        #expect(power.pause == .pausedForDisplay)
        let on = power.turned(on: true, showPaused: true)
        #expect(on == .resume)
        let off = power.turned(on: false, showPaused: true)
        #expect(off == PowerPause.Action.none, "a user's pause stays theirs")
        power.waitUntilIdle()
        #expect(hooks.turns == [false, true, false])
        #expect(hooks.waits == 1)
        var lit = DisplayTurns(hooks: nil)
        let pauseLit = lit.start(on: true)
        #expect(!pauseLit)
        #expect(lit.pause == .none)
    }

    @Test func anEmptyRoomKeepsTheDisplayOffOnlyWhenWatched() {
        var unwatched = DisplayTurns(hooks: nil)
        #expect(!unwatched.roomEmpty, "without a watch nobody's absence counts")
        unwatched.room = PresenceWatch(spec: PresenceSpec(offAfter: 10), at: ShowTime(seconds: 0))
        #expect(!unwatched.roomEmpty)
        unwatched.room?.follow(at: ShowTime(seconds: 10))
        #expect(unwatched.roomEmpty, "nobody for off-after")
        unwatched.room?.touched(at: ShowTime(seconds: 11))
        #expect(!unwatched.roomEmpty, "a touch is someone")
    }

    @Test func aRemotesDisplayAskHoldsUntilTheScheduleTurnsTheDisplay() {
        var asks = RemoteAsks()
        asks.ask(display: .off)
        #expect(asks.display == false)
        let wasOn = asks.scheduleTurnedDisplay(on: true)
        #expect(!wasOn, "the remote had it off")
        #expect(asks.display == nil)
        let wasOnBefore = asks.scheduleTurnedDisplay(on: false)
        #expect(wasOnBefore, "without an ask, the schedule said the opposite before")
        asks.ask(display: .on)
        asks.ask(display: .auto)
        #expect(asks.display == nil)
    }

    @Test func theShowFinishesOnceAndCountsFailuresUntilThen() {
        var ending = ShowEnding.running(failures: 0)
        ending.decodeFailed()
        ending.decodeFailed()
        #expect(ending.failures == 2 && ending.exitCode == nil)
        let first = ending.finish(exitCode: 1)
        #expect(first)
        let second = ending.finish(exitCode: 0)
        #expect(!second)
        #expect(ending.exitCode == 1, "the first code stays")
        ending.decodeFailed()
        #expect(ending == .finished(exitCode: 1))
    }

    @Test func aReplacedFileShowsItsOldImageUntilTheNewOneIsLoaded() {
        var images = LoadedImages()
        let small = Size(width: 40, height: 30)
        images.images["/old.jpg"] = LoadedImage(sourceSize: small, decodedFor: small)
        var shown = ShownFile()
        shown.replaced("/old.jpg", by: "/new.jpg")
        #expect(shown.file(for: "/new.jpg", in: images) == "/old.jpg")
        #expect(shown.drawn(images).images["/new.jpg"]?.sourceSize == Size(width: 40, height: 30))
        shown.prune(images)
        #expect(shown.standIns == ["/new.jpg": "/old.jpg"], "still waited for")
        let large = Size(width: 80, height: 60)
        images.images["/new.jpg"] = LoadedImage(sourceSize: large, decodedFor: large)
        #expect(shown.file(for: "/new.jpg", in: images) == "/new.jpg")
        shown.prune(images)
        #expect(shown.standIns.isEmpty, "loaded: the stand-in goes")
        let told = shown.showing("/new.jpg", at: ShowTime(seconds: 3))
        #expect(told)
        let toldAgain = shown.showing("/new.jpg", at: ShowTime(seconds: 4))
        #expect(!toldAgain, "the feed hears of a file once")
    }

    @Test func aShownFileIsUnseenFromItsFirstFrameUntilCounted() {
        var shown = ShownFile()
        #expect(shown.unseenSince("/a.jpg") == nil, "nothing shows yet")
        _ = shown.showing("/a.jpg", at: ShowTime(seconds: 2))
        _ = shown.showing("/a.jpg", at: ShowTime(seconds: 5))
        #expect(shown.unseenSince("/a.jpg") == ShowTime(seconds: 2), "since its first frame, not the latest")
        #expect(shown.unseenSince("/b.jpg") == nil, "another file is not the one unseen")
        shown.counted("/b.jpg")
        #expect(shown.unseenSince("/a.jpg") == ShowTime(seconds: 2), "counting another file changes nothing")
        shown.counted("/a.jpg")
        #expect(shown.unseenSince("/a.jpg") == nil, "counted once")
        _ = shown.showing("/a.jpg", at: ShowTime(seconds: 9))
        #expect(shown.unseenSince("/a.jpg") == nil, "the same file staying on the screen is not new")
        _ = shown.showing("/b.jpg", at: ShowTime(seconds: 10))
        _ = shown.showing("/a.jpg", at: ShowTime(seconds: 12))
        #expect(shown.unseenSince("/a.jpg") == ShowTime(seconds: 12), "shown again: unseen again")
    }

    @Test func theClockWaitsThenRunsByFramesOrInStep() throws {
        var clock = ShowClockState.waiting
        clock.follow(synced: true)
        #expect(clock == .waiting, "a waiting clock waits, synced or not")
        clock.anchor = nil
        #expect(!clock.hasStarted)
        clock.start()
        #expect(clock == .running)
        clock.follow(synced: true)
        #expect(clock == .inStep(nil))
        let timeline = try #require(SyncTimeline(epoch: 0, durations: [5, 5], transitionDuration: 1, loops: true))
        let wall = Date(timeIntervalSince1970: 100)
        clock.anchor = SyncAnchor(
            anchor: WallAnchor(show: ShowTime(seconds: 2), wall: wall), timeline: timeline,
            signature: SyncAnchor.Signature(
                count: 2, interval: 5, transitionDuration: 1, loop: true, first: "/a.jpg", last: "/b.jpg"),
            lastWall: wall, lastMonotonic: at(7), wasAway: false, checkedStart: wall)
        #expect(clock.anchor?.lastMonotonic == at(7))
        clock.start()
        #expect(clock.anchor != nil, "starting again keeps the anchor")
        clock.follow(synced: false)
        #expect(clock == .running && clock.anchor == nil, "leaving the timeline drops its anchor")
        clock.anchor = SyncAnchor(
            anchor: WallAnchor(show: ShowTime(seconds: 0), wall: wall), timeline: timeline,
            signature: SyncAnchor.Signature(
                count: 2, interval: 5, transitionDuration: 1, loop: true, first: nil, last: nil),
            lastWall: wall, lastMonotonic: at(0), wasAway: false, checkedStart: wall)
        #expect(clock.anchor == nil, "no anchor outside the timeline")
    }
}
