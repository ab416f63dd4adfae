import Foundation
import Testing

@testable import VitrineCore

/// Touch as it goes on real panels: a finger that rests before it drags, a second finger
/// that lands late, a drag whose first jitter points the wrong way, fast double taps, and
/// browsing with the info panel open.
@Suite("Touch on real panels")
struct PanelTouchTests {
    let settings = TestScreen.settings
    /// What the arena takes part in at fit.
    let paging: Set<GestureKind> = [.tap, .doubleTap, .longPress, .swipe, .dismiss, .pinch]

    func kinds(_ gestures: [Gesture]) -> [GestureKind] { gestures.map(\.kind) }

    @Test func aPressOfSevenTenthsThenADragPages() {
        var h = BrowseHarness()
        // Rests 0.7 s (the panel opened at 0.6 s before), then drags most of the width to the left.
        h.script = GestureScript().down(1, 0.8, 0.5, at: 1)
            .drag(1, from: (0.8, 0.5), to: (0.1, 0.5), from: 1.7, to: 2.0)
        let e = h.engine(at: 3)
        #expect(e.browse.info == nil)
        #expect(e.show.index == 1)
    }

    @Test func aFingerThatCreepsPastTheSlopBeforeTheDeadlineIsNoLongPress() {
        // Creeps 3 slops in 0.75 s, then drags: never a long press.
        let slop = TestScreen.metrics.slop
        let script = GestureScript().down(1, 0.5, 0.5, at: 1)
            .drag(1, from: (0.5, 0.5), to: (0.5 - TestScreen.nx(3 * slop), 0.5), from: 1, to: 1.75, lift: false)
            .drag(1, from: (0.5 - TestScreen.nx(3 * slop), 0.5), to: (0.1, 0.5), from: 1.75, to: 2.0)
        let (_, gestures) = runArena(script, enabled: paging, until: 3)
        #expect(!kinds(gestures).contains(.longPress))
        #expect(Set(kinds(gestures)) == [.swipe])
    }

    @Test func aSecondFingerLandingLateButSoonMakesAPinchNotADragOrALongPress() {
        // The first finger is already paging when the second lands 0.2 s after it.
        let script = GestureScript().down(1, 0.45, 0.5, at: 1)
            .drag(1, from: (0.45, 0.5), to: (0.35, 0.5), from: 1, to: 1.15, lift: false)
            .down(2, 0.55, 0.5, at: 1.2)
            .drag(1, from: (0.35, 0.5), to: (0.2, 0.5), from: 1.2, to: 1.5, lift: false)
            .drag(2, from: (0.55, 0.5), to: (0.8, 0.5), from: 1.2, to: 1.5, lift: false)
            .up(1, 0.2, 0.5, at: 1.6).up(2, 0.8, 0.5, at: 1.61)
        let (arena, gestures) = runArena(script, enabled: paging, until: 3)
        #expect(kinds(gestures).first == .swipe)
        #expect(gestures.first?.phase == .began)
        let swipes = gestures.filter { $0.kind == .swipe }
        #expect(swipes.last?.phase == .cancelled, "the drag springs back")
        let pinches = gestures.filter { $0.kind == .pinch }
        #expect(pinches.first?.phase == .began)
        #expect(pinches.last?.phase == .ended)
        if case .pinch(_, let info) = pinches.last { #expect(info.scale > 1.5) } else { Issue.record("no pinch") }
        #expect(!kinds(gestures).contains(.longPress))
        #expect(arena.isConsistent)

        // Resting fingers, the second 0.2 s late, held past the long-press time: no long press.
        let resting = GestureScript().down(1, 0.45, 0.5, at: 1).down(2, 0.55, 0.5, at: 1.2)
            .up(1, 0.45, 0.5, at: 2.5).up(2, 0.55, 0.5, at: 2.5)
        let (_, still) = runArena(resting, until: 3)
        #expect(!kinds(still).contains(.longPress))
    }

    @Test func aLateSecondFingerDoesNotPageTheShow() {
        var h = BrowseHarness()
        h.script = GestureScript().down(1, 0.45, 0.5, at: 1)
            .drag(1, from: (0.45, 0.5), to: (0.25, 0.5), from: 1, to: 1.15, lift: false)
            .down(2, 0.55, 0.5, at: 1.2)
            .drag(1, from: (0.25, 0.5), to: (0.05, 0.5), from: 1.2, to: 1.5, lift: false)
            .drag(2, from: (0.55, 0.5), to: (0.35, 0.5), from: 1.2, to: 1.5, lift: false)
            .up(1, 0.05, 0.5, at: 1.6).up(2, 0.35, 0.5, at: 1.61)
        #expect(h.engine(at: 3).show.index == 0)
    }

    @Test func theDirectionIsDecidedOverALongerTravelThanTheSlop() {
        let slop = TestScreen.metrics.slop
        // First past the slop mostly downwards (a finger's jitter), then clearly sideways.
        let jitter = GestureScript().down(1, 0.5, 0.5, at: 1)
            .move(1, 0.5 + TestScreen.nx(0.3 * slop), 0.5 + TestScreen.ny(1.2 * slop), at: 1.03)
            .drag(
                1, from: (0.5, 0.5 + TestScreen.ny(1.2 * slop)), to: (0.1, 0.55), from: 1.03, to: 1.3)
        #expect(Set(kinds(runArena(jitter, enabled: paging).1)) == [.swipe])
        // At 40° from the paging axis a drag pages; at 50° it pulls across: none is neither.
        func drag(degrees: Double) -> GestureScript {
            let d = 150.0
            let dx = -d * cos(degrees * .pi / 180)
            let dy = d * sin(degrees * .pi / 180)
            return GestureScript().down(1, 0.5, 0.3, at: 1)
                .drag(1, from: (0.5, 0.3), to: (0.5 + TestScreen.nx(dx), 0.3 + TestScreen.ny(dy)), from: 1, to: 1.3)
        }
        #expect(Set(kinds(runArena(drag(degrees: 40), enabled: paging).1)) == [.swipe])
        #expect(Set(kinds(runArena(drag(degrees: 50), enabled: paging).1)) == [.dismiss])
    }

    @Test func fastDoubleTapsThatLandApartStillZoom() {
        // Five hundredths of the shorter side apart: a fast thumb's second tap.
        let apart = 0.05 * TestScreen.metrics.shorterSide
        let script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5 + TestScreen.nx(apart), 0.5, at: 1.2)
        let (_, gestures) = runArena(script, until: 3)
        #expect(kinds(gestures) == [.doubleTap])
    }

    @Test func withThePanelOpenASwipePagesAndThePanelTellsOfTheNewPhoto() throws {
        var h = BrowseHarness()
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        h.script = h.script.down(1, 0.8, 0.8, at: 2).drag(1, from: (0.8, 0.8), to: (0.1, 0.8), from: 2, to: 2.3)
        let e = h.engine(at: 3)
        #expect(e.show.index == 1)
        #expect(e.browse.info?.isOpen == true)
        let panel = e.browse.infoPanel(show: e.show, imageSize: h.imageSize, metadata: { _ in nil })
        #expect(panel.rows.first?.value == "slide1")
        // The arrow keys page with it open too.
        h.script.events = [
            InputEvent(time: ShowTime(seconds: 1), kind: .key(.i)),
            InputEvent(time: ShowTime(seconds: 2), kind: .key(.right)),
        ]
        let keyed = h.engine(at: 3)
        #expect(keyed.show.index == 1)
        #expect(keyed.browse.info?.isOpen == true)
    }

    @Test func withThePanelOpenAPullDownClosesItAndKeepsThePhoto() {
        var h = BrowseHarness()
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        h.script = h.script.down(1, 0.5, 0.3, at: 2).drag(1, from: (0.5, 0.3), to: (0.5, 0.9), from: 2, to: 2.3)
        let e = h.engine(at: 3)
        #expect(e.browse.info == nil)
        #expect(e.mode == .browse, "the pull closed the panel, it did not put the photo away")
        #expect(e.show.index == 0)
        // The next pull, with the panel closed, puts the photo away.
        h.script = h.script.down(1, 0.5, 0.3, at: 4).drag(1, from: (0.5, 0.3), to: (0.5, 0.9), from: 4, to: 4.3)
        #expect(h.engine(at: 6).mode == .attract)
    }
}
