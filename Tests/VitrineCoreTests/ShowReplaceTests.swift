import Testing

@testable import VitrineCore

private func slides(_ names: String...) -> [Slide] { names.map { Slide(path: $0) } }
private let ready: @Sendable (Int) -> Bool = { _ in true }

private func options() -> ShowStyle {
    var o = ShowStyle()
    o.interval = 10
    o.transitionDuration = 1
    return o
}

@Suite struct ShowReplaceTests {
    @Test func theSlideShowingStaysWhenOthersAreAddedBeforeIt() {
        var show = Show(slides: slides("b", "d"), options: options())
        show.update(to: ShowTime(seconds: 10.5), isReady: ready)
        #expect(show.slides[show.index].path == "d")
        show.replaceSlides(slides("a", "b", "c", "d", "e"), at: ShowTime(seconds: 10.5))
        #expect(show.index == 3)
        // The transition into d goes on, from b at its new place.
        #expect(show.transition?.from == 1 && show.transition?.to == 3)
        #expect(show.shownSince == ShowTime(seconds: 10))
        show.update(to: ShowTime(seconds: 20.5), isReady: ready)
        #expect(show.slides[show.index].path == "e")
    }

    @Test func aRemovedCurrentSlideCutsToTheNextSurvivor() {
        var show = Show(slides: slides("a", "b", "c", "d"), options: options())
        show.update(to: ShowTime(seconds: 10.5), isReady: ready)
        #expect(show.index == 1 && show.transition != nil)
        show.replaceSlides(slides("a", "d"), at: ShowTime(seconds: 10.5))
        #expect(show.slides[show.index].path == "d")
        #expect(show.transition == nil)
        #expect(show.shownSince == ShowTime(seconds: 10.5))
        // The outgoing slide of a fade that is removed is dropped too.
        var fading = Show(slides: slides("a", "b", "c"), options: options())
        fading.update(to: ShowTime(seconds: 10.5), isReady: ready)
        fading.replaceSlides(slides("b", "c"), at: ShowTime(seconds: 10.5))
        #expect(fading.transition == nil && fading.slides[fading.index].path == "b")
    }

    @Test func emptyingAndRefillingTheList() {
        var show = Show(slides: slides("a", "b"), options: options())
        show.replaceSlides([], at: ShowTime(seconds: 3))
        #expect(show.count == 0 && show.index == 0 && show.transition == nil)
        show.replaceSlides(slides("x", "y"), at: ShowTime(seconds: 5))
        #expect(show.index == 0 && show.shownSince == ShowTime(seconds: 5))
        show.update(to: ShowTime(seconds: 15.2), isReady: ready)
        #expect(show.slides[show.index].path == "y")
    }

    @Test func keepingANamedSourceAndPendingMoves() {
        var show = Show(slides: slides("a", "b", "c"), options: options())
        show.move(to: 2, at: ShowTime(seconds: 1)) { $0 != 2 }
        #expect(show.pending?.target == 2)
        show.replaceSlides(slides("c", "a", "b"), keeping: "a", at: ShowTime(seconds: 1))
        #expect(show.index == 1)
        #expect(show.pending?.target == 0)
        show.replaceSlides(slides("a", "b"), at: ShowTime(seconds: 1))
        #expect(show.pending == nil)
    }

    @Test func restartCutsToANewListAndKeepsAPause() {
        var show = Show(slides: slides("a", "b"), options: options())
        show.pause(at: ShowTime(seconds: 2))
        var other = options()
        other.interval = 3
        show.restart(slides: slides("x", "y", "z"), options: other, at: ShowTime(seconds: 4), index: 2)
        #expect(show.slides.map(\.path) == ["x", "y", "z"])
        #expect(show.index == 2 && show.shownSince == ShowTime(seconds: 4) && show.pausedAt == ShowTime(seconds: 4))
        #expect(show.options.interval == 3)
    }
}
