import Testing
import VitrineTestSupport

@testable import VitrineCore

/// A reload (SIGHUP) with a new feed of the same sources, as a configuration file read again
/// gives: the photo showing stays, whatever the show is doing at that moment.
@Suite("Reload keeps the photo showing")
struct ReloadPositionTests {
    private let photos = ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg", "/p/d.jpg"]

    @Test func whileBrowsingAfterASwipe() {
        var run = director(FakeFeed(photos))
        run.step(to: 1)
        // A swipe to the left pages to the next photo and browses it.
        let swipe = GestureScript().down(1, 0.8, 0.5, at: 1).drag(1, from: (0.8, 0.5), to: (0.2, 0.5), from: 1, to: 1.3)
        run.step(to: 2, events: swipe.sorted)
        #expect(run.current == "b.jpg")
        #expect(run.engine.mode == .browse)
        run.step(to: 2.1, control: .reload(DirectorSettings(), FakeFeed(photos)))
        run.step(to: 3)
        #expect(run.current == "b.jpg")
    }

    @Test func inTheMiddleOfATransition() {
        var setup = DirectorSettings()
        setup.show.interval = 2
        var run = director(FakeFeed(photos), setup: setup)
        // Find a frame in the middle of a fade between two slides.
        var t = 0.0
        while run.engine.show.transition == nil, t < 20 {
            t += 0.05
            run.step(to: t)
        }
        #expect(run.engine.show.transition != nil)
        #expect(run.current != "a.jpg")
        let showing = run.current
        run.step(to: t + 0.05, control: .reload(setup, FakeFeed(photos)))
        run.step(to: t + 1)
        #expect(run.current == showing)
    }

    @Test func whenTheNewFeedIsStillListing() {
        var run = director(FakeFeed(photos))
        run.step(to: 12)
        let showing = run.current
        let listing = FakeFeed([])
        listing.isScanning = true
        run.step(to: 12.1, control: .reload(DirectorSettings(), listing))
        #expect(run.current == showing, "the old slides play on while the new feed lists")
        listing.change(to: photos)
        listing.isScanning = false
        run.step(to: 13)
        #expect(run.current == showing)
    }
}
