/// Builds the frame of a show at a time: a pure function of the show state,
/// the time, the output size and the images' sizes.
public struct SceneBuilder: Sendable {
    public var output: Size
    /// The faces found in slides' photos, by slide index (boxes in 0…1 of the photo): a
    /// cropped photo is moved to keep them on the screen. A slide not here has none.
    public var faces: [Int: [Rect]] = [:]

    public init(output: Size, faces: [Int: [Rect]] = [:]) {
        self.output = output
        self.faces = faces
    }

    private var screen: Rect { Rect(size: output) }

    /// The frame at `time`. `imageSize` gives a slide's image size (after
    /// orientation), or nil when it is not decoded; such a slide is not drawn.
    public func build(_ show: Show, at time: ShowTime, imageSize: (Int) -> Size?) -> Scene {
        var scene = Scene(size: output, background: show.options.background)
        guard show.count > 0 else { return scene }
        let curve = show.options.curve

        guard let transition = show.transition, !transition.isFinished(at: time) else {
            let unit = unitRects(
                show, show.index, partner: show.pairs.partner, since: show.shownSince, at: time, imageSize: imageSize)
            appendFill(&scene, show, unit, alpha: 1)
            for (slide, rect) in unit {
                scene.ops.append(.image(slide: slide, rect: rect, alpha: 1))
            }
            return scene
        }

        let p = curve(transition.progress(at: time))
        // A pair (`--pair`) comes and goes as one slide.
        let outgoing = unitRects(
            show, transition.from, partner: transition.fromPartner, since: transition.fromSince, at: time,
            imageSize: imageSize)
        let incoming = unitRects(
            show, transition.to, partner: show.pairs.partner, since: transition.start, at: time, imageSize: imageSize)

        switch transition.kind {
        case .fade, .none:
            appendCrossFade(&scene, show, outgoing, incoming, p: p)
        case .zoom:
            var grown = incoming
            if let whole = Self.bounds(of: incoming) {
                let target = Rect.lerp(transition.sourceRect ?? whole.scaled(by: 0.6), whole, p)
                grown = incoming.map { (slide: $0.slide, rect: $0.rect.mapped(from: whole, to: target)) }
            }
            appendCrossFade(&scene, show, outgoing, grown, p: p)
        case .slide:
            let horizontal = show.options.slideAxis == .horizontal
            let span = horizontal ? output.width : output.height
            let d = Double(transition.direction)
            for (unit, shift) in [(outgoing, -d * span * p), (incoming, d * span * (1 - p))] {
                let moved = unit.map { part in
                    (
                        slide: part.slide,
                        rect: horizontal ? part.rect.offsetBy(dx: shift, dy: 0) : part.rect.offsetBy(dx: 0, dy: shift)
                    )
                }
                let area = horizontal ? screen.offsetBy(dx: shift, dy: 0) : screen.offsetBy(dx: 0, dy: shift)
                appendFill(&scene, show, moved, alpha: 1, screenAt: area)
                for (slide, rect) in moved {
                    scene.ops.append(.image(slide: slide, rect: rect, alpha: 1))
                }
            }
        }
        return scene
    }

    /// Draws (1 − p)·A + p·B exactly with over-blending only: A (with its fill around it)
    /// opaque, B at alpha p (its fill around it at alpha p too), and the background at
    /// alpha p over the part of A (or of A's fill) that B and its fill do not cover.
    /// A and B are a slide each, or the two photos of a pair (a pair has no fill).
    private func appendCrossFade(
        _ scene: inout Scene, _ show: Show, _ outgoing: [(slide: Int, rect: Rect)],
        _ incoming: [(slide: Int, rect: Rect)], p: Double
    ) {
        let filled = appendFill(&scene, show, outgoing, alpha: 1)
        for (slide, a) in outgoing {
            scene.ops.append(.image(slide: slide, rect: a, alpha: 1))
        }
        if !outgoing.isEmpty {
            let incomingFills = incoming.count == 1 && fillsScreen(show, slide: incoming[0].slide)
            var uncovered = incomingFills ? [] : (filled ? [screen] : outgoing.map(\.rect))
            for (_, b) in incoming { uncovered = uncovered.flatMap { $0.subtracting(b) } }
            for part in uncovered {
                guard let visible = part.intersection(screen) else { continue }
                scene.ops.append(.fill(rect: visible, color: scene.background, alpha: p))
            }
        }
        appendFill(&scene, show, incoming, alpha: p)
        for (slide, b) in incoming {
            scene.ops.append(.image(slide: slide, rect: b, alpha: p))
        }
    }

    /// The fill around a slide drawn alone (`unit` of one photo); a pair has none, its
    /// gap and sides stay the background. Returns whether any was drawn.
    @discardableResult
    private func appendFill(
        _ scene: inout Scene, _ show: Show, _ unit: [(slide: Int, rect: Rect)], alpha: Double,
        screenAt area: Rect? = nil
    ) -> Bool {
        guard unit.count == 1 else { return false }
        return appendFill(&scene, show, slide: unit[0].slide, around: unit[0].rect, alpha: alpha, screenAt: area)
    }

    /// Whether slide `i` is drawn with a fill of its own around it (`--fill` blur, or a
    /// colour other than the background).
    func fillsScreen(_ show: Show, slide i: Int) -> Bool {
        switch show.options.fill {
        case nil: return false
        case .blur: return show.slides.indices.contains(i) && show.slides[i].video == nil
        case .color(let color): return color != show.options.background
        }
    }

    /// The fill around slide `slide`'s photo drawn at `rect`: its backdrop (or the fill's
    /// colour) over the part of the screen (`screenAt`, where the slide's screen is, moved
    /// with it in a slide transition) the photo leaves uncovered. Returns whether any was drawn.
    @discardableResult
    func appendFill(
        _ scene: inout Scene, _ show: Show, slide: Int, around rect: Rect, alpha: Double, screenAt area: Rect? = nil
    ) -> Bool {
        guard alpha > 0, fillsScreen(show, slide: slide), let fill = show.options.fill else { return false }
        let area = area ?? screen
        for part in area.subtracting(rect) {
            // Out to whole pixels, so no column between the fill and the photo stays unpainted.
            guard let visible = part.intersection(screen) else { continue }
            let x0 = visible.minX.rounded(.down)
            let y0 = visible.minY.rounded(.down)
            let clip = Rect(
                x: x0, y: y0, width: visible.maxX.rounded(.up) - x0, height: visible.maxY.rounded(.up) - y0)
            switch fill {
            case .blur: scene.ops.append(.backdrop(slide: slide, rect: area, clip: clip, alpha: alpha))
            case .color(let color): scene.ops.append(.fill(rect: clip, color: color, alpha: alpha))
            }
        }
        return true
    }

    /// The rectangle holding all of `parts`; nil when there are none.
    static func bounds(of parts: [(slide: Int, rect: Rect)]) -> Rect? {
        guard let first = parts.first?.rect else { return nil }
        return parts.dropFirst().reduce(first) { $0.union($1.rect) }
    }

    /// Where slide `i` and its partner, if it has one (`--pair`), are drawn at `time`: the
    /// two halves of the screen, moving together with the dwell motion. Alone when the
    /// partner's size is not known.
    public func unitRects(
        _ show: Show, _ i: Int, partner: Int?, since: ShowTime, at time: ShowTime, imageSize: (Int) -> Size?
    ) -> [(slide: Int, rect: Rect)] {
        guard let partner, show.slides.indices.contains(i), show.slides.indices.contains(partner),
            let a = imageSize(i), let b = imageSize(partner)
        else {
            return slideRect(show, i, since: since, at: time, imageSize: imageSize).map { [(slide: i, rect: $0)] } ?? []
        }
        let (ra, rb) = PairLayout.rects(a, b, in: screen)
        guard (show.slides[i].motion ?? show.options.motion) == .kenburns else {
            return [(slide: i, rect: ra), (slide: partner, rect: rb)]
        }
        let whole = ra.union(rb)
        let elapsed = (show.pausedAt.map { min($0, time) } ?? time) - since
        let span = show.dwell(i) + show.options.transitionDuration
        let phase = span > .zero ? min(max(elapsed.value / span.value, 0), 1) : 0
        let moved = KenBurns.rect(whole, slide: i, phase: phase)
        return [
            (slide: i, rect: ra.mapped(from: whole, to: moved)),
            (slide: partner, rect: rb.mapped(from: whole, to: moved)),
        ]
    }

    /// Where slide `i` is drawn at `time`, with its fit and dwell motion.
    public func slideRect(_ show: Show, _ i: Int, since: ShowTime, at time: ShowTime, imageSize: (Int) -> Size?)
        -> Rect?
    {
        guard show.slides.indices.contains(i), let size = imageSize(i) else { return nil }
        let fit = show.slides[i].fit ?? show.options.fit
        let elapsed = (show.pausedAt.map { min($0, time) } ?? time) - since
        if let axis = LongPhoto.axis(imageSize: size, screen: output, ratio: show.options.longPhotoRatio) {
            let p = LongPhoto.progress(
                elapsed: elapsed, dwell: show.dwell(i), hold: show.options.transitionDuration)
            return LongPhoto.rect(imageSize: size, in: screen, axis: axis, progress: p)
        }
        let faces = self.faces[i] ?? []
        var base = fit.rect(for: size, in: screen)
        if fit == .cover { base = FaceFraming.framed(base, faces: faces, in: screen) }
        guard (show.slides[i].motion ?? show.options.motion) == .kenburns else { return base }
        let span = show.dwell(i) + show.options.transitionDuration
        let phase = span > .zero ? min(max(elapsed.value / span.value, 0), 1) : 0
        guard !faces.isEmpty else { return KenBurns.rect(base, slide: i, phase: phase) }
        // The zoom and drift's start and end each moved to keep the faces in view; the rectangle
        // goes straight from one to the other, so every face stays in view all the way.
        let start = FaceFraming.framed(KenBurns.rect(base, slide: i, phase: 0), faces: faces, in: screen)
        let end = FaceFraming.framed(KenBurns.rect(base, slide: i, phase: 1), faces: faces, in: screen)
        return Rect.lerp(start, end, phase)
    }
}
