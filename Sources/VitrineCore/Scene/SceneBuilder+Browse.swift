/// Frames of browse and grid mode.
extension SceneBuilder {
    /// The frame of whatever mode `controller` is in at `time`.
    public func build(_ show: Show, controller: BrowseController, at time: ShowTime, imageSize: (Int) -> Size?) -> Scene
    {
        switch controller.mode {
        case .attract:
            var shown = show
            // Pages that lie vertically make the slide transition vertical too.
            if controller.options.gestures.pagingAxis == .vertical { shown.options.slideAxis = .vertical }
            var scene = build(shown, at: time, imageSize: imageSize)
            if let fade = controller.returnFade, fade.value(at: time) > 0 {
                scene.ops.append(
                    .fill(
                        rect: Rect(size: output), color: scene.background,
                        alpha: fade.value(at: time)))
            }
            return scene
        case .grid:
            return buildGrid(show, page: controller.gridPage, imageSize: imageSize)
        case .browse:
            guard let view = controller.view else { return build(show, at: time, imageSize: imageSize) }
            var underlay: Scene?
            if view.dismissLook(at: time) != nil, controller.origin == .grid {
                // The grid the image goes back into shows through as the background fades.
                // (Over the show there is nothing to see: it would be the same photo.)
                underlay = buildGrid(
                    show, page: GridLayout(output: output, count: show.count).page(of: show.index), imageSize: imageSize
                )
            }
            return buildBrowse(
                show, view: view, underlay: underlay, at: time, imageSize: imageSize,
                leavingPair: controller.leavingPair)
        }
    }

    /// The browsed slide: zoomed and panned, pushed aside by a swipe with its
    /// neighbour following, or being put away over `underlay` behind a fading background.
    public func buildBrowse(
        _ show: Show, view: BrowseView, underlay: Scene?, at time: ShowTime, imageSize: (Int) -> Size?,
        leavingPair: [Int]? = nil
    ) -> Scene {
        var scene = Scene(size: output, background: show.options.background)
        guard show.slides.indices.contains(show.index) else { return scene }
        let screen = Rect(size: output)
        if let look = view.dismissLook(at: time) {
            scene.ops = underlay?.ops ?? []
            if look.veil > 0 {
                scene.ops.append(.fill(rect: screen, color: scene.background, alpha: min(look.veil, 1)))
            }
            if look.alpha > 0 {
                for (slide, rect) in pairHalves(show, in: look.rect, imageSize: imageSize)
                    ?? [(slide: show.index, rect: look.rect)]
                {
                    scene.ops.append(.image(slide: slide, rect: rect, alpha: min(look.alpha, 1)))
                }
            }
            return scene
        }
        let d = view.pageOffset(at: time)
        let shift = view.pageShift(at: time)
        let page = view.viewport.rect(at: time).offsetBy(dx: shift.dx, dy: shift.dy)
        for (slide, rect) in pairHalves(show, in: page, imageSize: imageSize) ?? [(slide: show.index, rect: page)] {
            scene.ops.append(.image(slide: slide, rect: rect, alpha: 1))
        }
        if d != 0, let other = d < 0 ? show.index(after: show.index) : show.index(before: show.index),
            let size = imageSize(other)
        {
            // The slide just left keeps its look while it goes; a neighbour coming in is at its fit.
            let rect = view.leavingRect ?? (show.slides[other].fit ?? show.options.fit).rect(for: size, in: screen)
            let span = view.pageSpan
            let along = d < 0 ? d + span : d - span
            let moved =
                view.pagingAxis == .vertical ? rect.offsetBy(dx: 0, dy: along) : rect.offsetBy(dx: along, dy: 0)
            // A pair paged away from goes as it was, both its photos.
            if view.leavingRect != nil, let pair = leavingPair, pair.count == 2,
                let a = imageSize(pair[0]), let b = imageSize(pair[1])
            {
                let (ra, rb) = PairLayout.rects(a, b, in: screen)
                let whole = ra.union(rb)
                scene.ops.append(.image(slide: pair[0], rect: ra.mapped(from: whole, to: moved), alpha: 1))
                scene.ops.append(.image(slide: pair[1], rect: rb.mapped(from: whole, to: moved), alpha: 1))
            } else {
                scene.ops.append(.image(slide: other, rect: moved, alpha: 1))
            }
        }
        return scene
    }

    /// The two photos of the pair showing (`--pair`), laid out in `rect` as they lie in the
    /// pair's place at rest (`nil`: at rest); nil when the slide showing has no partner.
    public func pairHalves(_ show: Show, in rect: Rect?, imageSize: (Int) -> Size?) -> [(slide: Int, rect: Rect)]? {
        guard let partner = show.pairs.partner, show.slides.indices.contains(show.index),
            show.slides.indices.contains(partner), let a = imageSize(show.index), let b = imageSize(partner)
        else { return nil }
        let (ra, rb) = PairLayout.rects(a, b, in: Rect(size: output))
        let whole = ra.union(rb)
        let to = rect ?? whole
        return [
            (slide: show.index, rect: ra.mapped(from: whole, to: to)),
            (slide: partner, rect: rb.mapped(from: whole, to: to)),
        ]
    }

    /// A page of the wall of thumbnails: a cell a slide, its image letterboxed in it.
    public func buildGrid(_ show: Show, page: Int, imageSize: (Int) -> Size?) -> Scene {
        var scene = Scene(size: output, background: show.options.background)
        let layout = GridLayout(output: output, count: show.count)
        let cellColor = Self.cellColor(on: show.options.background)
        for i in layout.slides(onPage: page, count: show.count) {
            scene.ops.append(.fill(rect: layout.cell(for: i), color: cellColor, alpha: 1))
            guard let size = imageSize(i) else { continue }
            scene.ops.append(.image(slide: i, rect: layout.thumbnail(for: i, imageSize: size), alpha: 1))
        }
        if let box = layout.pageCountBox {
            let pages = layout.pageCount(slides: show.count)
            let light =
                Int(show.options.background.r) + Int(show.options.background.g) + Int(show.options.background.b) > 3
                * 160
            let color = light ? RGBColor(r: 0x20, g: 0x20, b: 0x20) : RGBColor(r: 0xE8, g: 0xE8, b: 0xE8)
            scene.ops.append(
                .text(
                    TextBlock("Page \(page + 1) of \(pages)", size: box.height * 0.55, color: color, shadow: false),
                    box: box, alpha: 1))
        }
        return scene
    }

    /// Cells a little lighter than the background (darker on a light one), so empty space reads as cells.
    static func cellColor(on background: RGBColor) -> RGBColor {
        let light = (Int(background.r) + Int(background.g) + Int(background.b)) > 3 * 160
        func shade(_ c: UInt8) -> UInt8 {
            light ? UInt8(Double(c) * 0.88) : UInt8(Double(c) + (255 - Double(c)) * 0.12)
        }
        return RGBColor(r: shade(background.r), g: shade(background.g), b: shade(background.b))
    }
}
