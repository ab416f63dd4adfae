import Testing

@testable import VitrineCore

@Suite("Viewport: zoom, pan limits, rubber band")
struct ViewportTests {
    let screen = Rect(size: TestScreen.size)
    /// A 4:3 image letterboxed on the 2:1 screen: 666.7 × 500, centred.
    var fit: Rect { FitMode.contain.rect(for: Size(width: 800, height: 600), in: screen) }

    @Test func zoomingAboutAPointKeepsThatPointStill() {
        let pose = Viewport.Pose(scale: 1, center: Point(x: 500, y: 250))
        let focal = Point(x: 300, y: 100)
        let zoomed = pose.zoomed(by: 2.5, about: focal)
        // The image point under the focal before is under it after.
        let before = (focal.x - pose.center.x) / pose.scale
        let after = (focal.x - zoomed.center.x) / zoomed.scale
        #expect(abs(before - after) < 1e-9)
        #expect(zoomed.scale == 2.5)
    }

    @Test func atFitTheImageCannotMoveAndZoomedItCannotLeaveAGap() {
        let v = Viewport(fit: fit, screen: screen)
        let atFit = v.clamped(Viewport.Pose(scale: 1, center: Point(x: 900, y: 0)), about: screen.center)
        #expect(atFit.center == fit.center)
        // At 2× the image is 1333 × 1000: its centre may move ±166.7 sideways and ±250 up and down.
        let far = v.clamped(Viewport.Pose(scale: 2, center: Point(x: 5000, y: -5000)), about: screen.center)
        let rect = Rect.centered(at: far.center, size: Size(width: fit.width * 2, height: fit.height * 2))
        #expect(abs(rect.minX - screen.minX) < 1e-9)
        #expect(abs(rect.maxY - screen.maxY) < 1e-9)
    }

    @Test func theZoomIsHeldBetweenOneAndThree() {
        let v = Viewport(fit: fit, screen: screen)
        #expect(v.clamped(Viewport.Pose(scale: 7, center: fit.center), about: screen.center).scale == v.maxScale)
        #expect(v.clamped(Viewport.Pose(scale: 0.2, center: fit.center), about: screen.center).scale == v.minScale)
    }

    @Test func pastTheLimitsTheRubberBandResists() {
        let v = Viewport(fit: fit, screen: screen)
        let raw = Viewport.Pose(scale: 4, center: fit.center)
        let banded = v.rubberBanded(raw, about: fit.center)
        #expect(banded.scale > v.maxScale)
        #expect(banded.scale < raw.scale)
        // More pull, more stretch, but always less than the pull.
        let further = v.rubberBanded(Viewport.Pose(scale: 8, center: fit.center), about: fit.center)
        #expect(further.scale > banded.scale)
        #expect(further.scale < 8)
        let inside = v.rubberBanded(Viewport.Pose(scale: 2, center: fit.center), about: fit.center)
        #expect(inside.scale == 2)
        #expect(RubberBand.offset(100, dimension: 500) < 100)
        #expect(RubberBand.offset(1e9, dimension: 500) < 500)
        #expect(RubberBand.clamp(5, to: 0...10, dimension: 100) == 5)
    }

    @Test func anAnimationRunsFromWhatShowsToTheTarget() {
        var v = Viewport(fit: fit, screen: screen)
        let target = Viewport.Pose(scale: 2, center: screen.center)
        v.animate(to: target, at: ShowTime(seconds: 1), duration: Seconds(0.25), curve: .linear)
        #expect(v.zoom(at: ShowTime(seconds: 1)) == 1)
        #expect(abs(v.zoom(at: ShowTime(seconds: 1.125)) - 1.5) < 1e-9)
        #expect(v.zoom(at: ShowTime(seconds: 1.25)) == 2)
        v.finish(at: ShowTime(seconds: 1.3))
        #expect(v.animation == nil)
        #expect(v.pose == target)
    }

    @Test func aRefitKeepsTheZoomAndTheRelativePlace() {
        var v = Viewport(fit: screen, screen: screen)
        v.show(Viewport.Pose(scale: 2, center: Point(x: 600, y: 250)))
        v.refit(fit, screen: screen)
        #expect(v.pose.scale == 2)
        #expect(abs(v.pose.center.x - (fit.center.x + 100 * fit.width / screen.width)) < 1e-9)
    }
}
