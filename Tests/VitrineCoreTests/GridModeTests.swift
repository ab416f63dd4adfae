import Testing

@testable import VitrineCore

@Suite("Grid mode")
struct GridModeTests {
    let layout = GridLayout(output: TestScreen.size, count: 5)

    func harness() -> BrowseHarness {
        var h = BrowseHarness()
        h.touch.startInGrid = true
        h.count = 5
        return h
    }

    func centre(of i: Int) -> (Double, Double) {
        let c = layout.cell(for: i).center
        return (c.x / TestScreen.size.width, c.y / TestScreen.size.height)
    }

    @Test func theGridShowsEverySlideOfThePageInItsCell() {
        let h = harness()
        let r = h.report(at: 1)
        #expect(r.mode == "grid")
        #expect(r.paused)
        let scene = h.scene(at: 1)
        #expect(scene.slidesDrawn == [0, 1, 2, 3, 4])
        for i in 0..<5 {
            let thumbnail = layout.thumbnail(for: i, imageSize: h.imageSize(i))
            #expect(h.rect(of: i, at: 1) == thumbnail)
            let cell = layout.cell(for: i)
            #expect(thumbnail.minX >= cell.minX - 1e-9 && thumbnail.maxX <= cell.maxX + 1e-9)
        }
    }

    @Test func aTapOnAThumbnailBrowsesThatImageGrowingFromIt() {
        var h = harness()
        let (x, y) = centre(of: 3)
        h.script = GestureScript().tap(x, y, at: 1)
        let opening = h.report(at: 1.06)
        #expect(opening.mode == "browse")
        #expect(opening.index == 3)
        #expect(opening.transition?.kind == .zoom)
        // It starts at the thumbnail and ends at its fit.
        let thumbnail = layout.thumbnail(for: 3, imageSize: h.imageSize(3))
        #expect(h.rect(of: 3, at: 1.05) == thumbnail)
        #expect(h.rect(of: 3, at: 2) == h.fit(3))
        #expect(h.report(at: 2).transition == nil)
    }

    @Test func aDismissGoesBackIntoTheThumbnail() {
        var h = harness()
        let (x, y) = centre(of: 1)
        h.script = GestureScript().tap(x, y, at: 1)
            .down(1, 0.5, 0.2, at: 2).drag(1, from: (0.5, 0.2), to: (0.5, 0.8), from: 2, to: 2.2)
        let closing = h.report(at: 2.25)
        #expect(closing.mode == "browse")
        #expect(closing.transition?.kind == .zoom)
        // Over the grid, behind the fading background.
        #expect(h.scene(at: 2.25).slidesDrawn.count == 6)
        let back = h.report(at: 2.2 + BrowseView.springDuration.value + 0.05)
        #expect(back.mode == "grid")
        #expect(back.index == 1)
    }

    @Test func theKeyGTogglesTheGridAndIdleReturnsToTheShow() {
        var h = BrowseHarness()
        h.touch.idleTimeout = 3
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.g))]
        #expect(h.report(at: 1.1).mode == "grid")
        #expect(h.report(at: 3.9).mode == "grid")
        #expect(h.report(at: 4.1).mode == "attract")
        h.script.events += [InputEvent(time: ShowTime(seconds: 2), kind: .key(.g))]
        #expect(h.report(at: 2.1).mode == "attract")
    }

    @Test func thumbnailsAreDecodedAtTheirCellSizeAndTheOpenedPhotoAtFullSize() {
        var h = harness()
        let grid = h.engine(at: 1)
        let cell = layout.cell(for: 2).size
        #expect(grid.decodeOutput(for: 2).width == cell.width.rounded(.up))
        #expect(grid.decodeOutput(for: 2).height == cell.height.rounded(.up))
        #expect(grid.decodeOutput(for: 2).width < TestScreen.size.width / 2)
        let (x, y) = centre(of: 3)
        h.script = GestureScript().tap(x, y, at: 1)
        let browsing = h.engine(at: 2)
        #expect(browsing.decodeOutput(for: 3) == TestScreen.size, "the photo opened is wanted whole")
        #expect(browsing.decodeOutput(for: 4) == TestScreen.size, "and its neighbours, for paging")
        #expect(browsing.decodeOutput(for: 0).width < TestScreen.size.width / 2, "the rest stay thumbnails")
        var show = BrowseHarness()
        show.count = 5
        #expect(show.engine(at: 1).decodeOutput(for: 1) == TestScreen.size, "the show wants whole photos")
    }

    @Test func aSwipeOnTheGridTurnsThePage() {
        var h = harness()
        h.count = layout.perPage + 3
        h.script = GestureScript().down(1, 0.9, 0.5, at: 1).drag(1, from: (0.9, 0.5), to: (0.1, 0.5), from: 1, to: 1.2)
        #expect(h.engine(at: 2).browse.gridPage == 1)
        #expect(h.scene(at: 2).slidesDrawn == Array(layout.perPage..<(layout.perPage + 3)))
    }

    @Test func aPageThatIsNotFullIsCentredAndAWallOfPagesShowsItsCount() throws {
        let h = harness()
        let scene = h.scene(at: 1)
        var cells: [Rect] = []
        for case .fill(let rect, _, _) in scene.ops { cells.append(rect) }
        #expect(cells.count == 5)
        let left = cells.map(\.minX).min() ?? 0
        let right = cells.map(\.maxX).max() ?? 0
        let top = cells.map(\.minY).min() ?? 0
        let bottom = cells.map(\.maxY).max() ?? 0
        #expect(abs((left + right) / 2 - 500) < 1e-9)
        #expect(abs((top + bottom) / 2 - 250) < 1e-9)
        // The fifth sits alone in the middle of the second row.
        #expect(abs(layout.cell(for: 4).center.x - 500) < 1e-9)
        #expect(!scene.ops.contains { if case .text = $0 { return true } else { return false } }, "one page: no count")
        var wall = harness()
        wall.count = layout.perPage + 3
        let first = wall.scene(at: 1)
        let texts = first.ops.compactMap { op -> (String, Rect)? in
            if case .text(let block, let box, _) = op { return (block.text, box) }
            return nil
        }
        #expect(texts.map(\.0) == ["Page 1 of 2"])
        let strip = try #require(texts.first?.1)
        let full = GridLayout(output: TestScreen.size, count: wall.count)
        for i in 0..<full.perPage { #expect(full.cell(for: i).maxY <= strip.minY + 1e-9) }
    }
}
