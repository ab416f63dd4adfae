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
    public func build(_ show: Show, at time: Double, imageSize: (Int) -> Size?) -> Scene {
        var scene = Scene(size: output, background: show.options.background)
        guard show.count > 0 else { return scene }
        let curve = show.options.curve

        guard let transition = show.transition, !transition.isFinished(at: time) else {
            if let rect = slideRect(show, show.index, since: show.shownSince, at: time, imageSize: imageSize) {
                appendFill(&scene, show, slide: show.index, around: rect, alpha: 1)
                scene.ops.append(.image(slide: show.index, rect: rect, alpha: 1))
            }
            return scene
        }

        let p = curve(transition.progress(at: time))
        let outgoing = slideRect(show, transition.from, since: transition.fromSince, at: time, imageSize: imageSize)
        let incoming = slideRect(show, transition.to, since: transition.start, at: time, imageSize: imageSize)

        switch transition.kind {
        case .fade, .none:
            appendCrossFade(&scene, show, from: transition.from, outgoing, to: transition.to, incoming, p: p)
        case .zoom:
            let grown = incoming.map { target in
                Rect.lerp(transition.sourceRect ?? target.scaled(by: 0.6), target, p)
            }
            appendCrossFade(&scene, show, from: transition.from, outgoing, to: transition.to, grown, p: p)
        case .slide:
            let horizontal = show.options.slideAxis == .horizontal
            let span = horizontal ? output.width : output.height
            let d = Double(transition.direction)
            let outShift = -d * span * p
            let inShift = d * span * (1 - p)
            if let r = outgoing {
                let moved = horizontal ? r.offsetBy(dx: outShift, dy: 0) : r.offsetBy(dx: 0, dy: outShift)
                let area = horizontal ? screen.offsetBy(dx: outShift, dy: 0) : screen.offsetBy(dx: 0, dy: outShift)
                appendFill(&scene, show, slide: transition.from, around: moved, alpha: 1, screenAt: area)
                scene.ops.append(.image(slide: transition.from, rect: moved, alpha: 1))
            }
            if let r = incoming {
                let moved = horizontal ? r.offsetBy(dx: inShift, dy: 0) : r.offsetBy(dx: 0, dy: inShift)
                let area = horizontal ? screen.offsetBy(dx: inShift, dy: 0) : screen.offsetBy(dx: 0, dy: inShift)
                appendFill(&scene, show, slide: transition.to, around: moved, alpha: 1, screenAt: area)
                scene.ops.append(.image(slide: transition.to, rect: moved, alpha: 1))
            }
        }
        return scene
    }

    /// Draws (1 − p)·A + p·B exactly with over-blending only: A (with its fill around it)
    /// opaque, B at alpha p (its fill around it at alpha p too), and the background at
    /// alpha p over the part of A (or of A's fill) that B and its fill do not cover.
    private func appendCrossFade(
        _ scene: inout Scene, _ show: Show, from: Int, _ outgoing: Rect?, to: Int, _ incoming: Rect?, p: Double
    ) {
        if let a = outgoing {
            let filled = appendFill(&scene, show, slide: from, around: a, alpha: 1)
            scene.ops.append(.image(slide: from, rect: a, alpha: 1))
            let drawn = filled ? screen : a
            let uncovered: [Rect]
            if let b = incoming {
                uncovered = fillsScreen(show, slide: to) ? [] : drawn.subtracting(b)
            } else {
                uncovered = [drawn]
            }
            for part in uncovered {
                guard let visible = part.intersection(screen) else { continue }
                scene.ops.append(.fill(rect: visible, color: scene.background, alpha: p))
            }
        }
        if let b = incoming {
            appendFill(&scene, show, slide: to, around: b, alpha: p)
            scene.ops.append(.image(slide: to, rect: b, alpha: p))
        }
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

    /// Where slide `i` is drawn at `time`, with its fit and dwell motion.
    public func slideRect(_ show: Show, _ i: Int, since: Double, at time: Double, imageSize: (Int) -> Size?) -> Rect? {
        guard show.slides.indices.contains(i), let size = imageSize(i) else { return nil }
        let fit = show.slides[i].fit ?? show.options.fit
        let elapsed = (show.pausedAt.map { min($0, time) } ?? time) - since
        if let axis = LongPhoto.axis(imageSize: size, screen: output, ratio: show.options.longPhotoRatio) {
            let p = LongPhoto.progress(elapsed: elapsed, dwell: show.dwell(i), hold: show.options.transitionDuration)
            return LongPhoto.rect(imageSize: size, in: screen, axis: axis, progress: p)
        }
        let faces = self.faces[i] ?? []
        var base = fit.rect(for: size, in: screen)
        if fit == .cover { base = FaceFraming.framed(base, faces: faces, in: screen) }
        guard show.options.motion == .kenburns else { return base }
        let span = show.dwell(i) + show.options.transitionDuration
        let phase = span > 0 ? min(max(elapsed / span, 0), 1) : 0
        guard !faces.isEmpty else { return KenBurns.rect(base, slide: i, phase: phase) }
        // The zoom and drift's start and end each moved to keep the faces in view; the rectangle
        // goes straight from one to the other, so every face stays in view all the way.
        let start = FaceFraming.framed(KenBurns.rect(base, slide: i, phase: 0), faces: faces, in: screen)
        let end = FaceFraming.framed(KenBurns.rect(base, slide: i, phase: 1), faces: faces, in: screen)
        return Rect.lerp(start, end, phase)
    }
}

/// The slow zoom and drift of `--motion kenburns`.
public enum KenBurns {
    /// Zoom at the end of the dwell.
    public static let endScale = 1.1

    /// `base` zoomed from 1.0 to 1.1 about its centre while drifting; the drift
    /// direction cycles with the slide index so consecutive slides differ.
    public static func rect(_ base: Rect, slide: Int, phase: Double) -> Rect {
        let scale = 1 + (endScale - 1) * phase
        let directions: [(Double, Double)] = [(1, 0.5), (-1, -0.5), (0.5, -1), (-0.5, 1)]
        let (dx, dy) = directions[((slide % 4) + 4) % 4]
        // Drift by up to 4 % of the size; within the 10 % the zoom adds, so edges stay covered.
        let drift = 0.04 * phase
        return base.scaled(by: scale).offsetBy(dx: dx * drift * base.width, dy: dy * drift * base.height)
    }
}
