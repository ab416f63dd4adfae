/// Frames of browse and grid mode.
extension SceneBuilder {
    /// The frame of whatever mode `controller` is in at `time`.
    public func build(_ show: Show, controller: BrowseController, at time: Double, imageSize: (Int) -> Size?) -> Scene {
        switch controller.mode {
        case .attract:
            var shown = show
            // Pages that lie vertically make the slide transition vertical too.
            if controller.options.gestures.pagingAxis == .vertical { shown.options.slideAxis = .vertical }
            var scene = build(shown, at: time, imageSize: imageSize)
            if let fade = controller.returnFade, fade.value(at: time) > 0 {
                scene.ops.append(.fill(rect: Rect(size: output), color: scene.background, alpha: fade.value(at: time)))
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
            return buildBrowse(show, view: view, underlay: underlay, at: time, imageSize: imageSize)
        }
    }

    /// The browsed slide: zoomed and panned, pushed aside by a swipe with its
    /// neighbour following, or being put away over `underlay` behind a fading background.
    public func buildBrowse(
        _ show: Show, view: BrowseView, underlay: Scene?, at time: Double, imageSize: (Int) -> Size?
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
                scene.ops.append(.image(slide: show.index, rect: look.rect, alpha: min(look.alpha, 1)))
            }
            return scene
        }
        let d = view.pageOffset(at: time)
        let shift = view.pageShift(at: time)
        scene.ops.append(
            .image(slide: show.index, rect: view.viewport.rect(at: time).offsetBy(dx: shift.dx, dy: shift.dy), alpha: 1)
        )
        if d != 0, let other = d < 0 ? show.index(after: show.index) : show.index(before: show.index),
            let size = imageSize(other)
        {
            // The slide just left keeps its look while it goes; a neighbour coming in is at its fit.
            let rect = view.leavingRect ?? (show.slides[other].fit ?? show.options.fit).rect(for: size, in: screen)
            let span = view.pageSpan
            let along = d < 0 ? d + span : d - span
            let moved =
                view.pagingAxis == .vertical ? rect.offsetBy(dx: 0, dy: along) : rect.offsetBy(dx: along, dy: 0)
            scene.ops.append(.image(slide: other, rect: moved, alpha: 1))
        }
        return scene
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
