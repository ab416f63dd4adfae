/// Builds the frame of a show at a time: a pure function of the show state,
/// the time, the output size and the images' sizes.
public struct SceneBuilder: Sendable {
    public var output: Size

    public init(output: Size) {
        self.output = output
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
                scene.ops.append(.image(slide: show.index, rect: rect, alpha: 1))
            }
            return scene
        }

        let p = curve(transition.progress(at: time))
        let outgoing = slideRect(show, transition.from, since: transition.fromSince, at: time, imageSize: imageSize)
        let incoming = slideRect(show, transition.to, since: transition.start, at: time, imageSize: imageSize)

        switch transition.kind {
        case .fade, .none:
            appendCrossFade(&scene, from: transition.from, outgoing, to: transition.to, incoming, p: p)
        case .zoom:
            let grown = incoming.map { target in
                Rect.lerp(transition.sourceRect ?? target.scaled(by: 0.6), target, p)
            }
            appendCrossFade(&scene, from: transition.from, outgoing, to: transition.to, grown, p: p)
        case .slide:
            let horizontal = show.options.slideAxis == .horizontal
            let span = horizontal ? output.width : output.height
            let d = Double(transition.direction)
            let outShift = -d * span * p
            let inShift = d * span * (1 - p)
            if let r = outgoing {
                let moved = horizontal ? r.offsetBy(dx: outShift, dy: 0) : r.offsetBy(dx: 0, dy: outShift)
                scene.ops.append(.image(slide: transition.from, rect: moved, alpha: 1))
            }
            if let r = incoming {
                let moved = horizontal ? r.offsetBy(dx: inShift, dy: 0) : r.offsetBy(dx: 0, dy: inShift)
                scene.ops.append(.image(slide: transition.to, rect: moved, alpha: 1))
            }
        }
        return scene
    }

    /// Draws (1 − p)·A + p·B exactly with over-blending only: A opaque, B at
    /// alpha p, and the background at alpha p over the part of A that B does not cover.
    private func appendCrossFade(
        _ scene: inout Scene, from: Int, _ outgoing: Rect?, to: Int, _ incoming: Rect?, p: Double
    ) {
        if let a = outgoing {
            scene.ops.append(.image(slide: from, rect: a, alpha: 1))
            let uncovered = incoming.map { a.subtracting($0) } ?? [a]
            for part in uncovered {
                guard let visible = part.intersection(screen) else { continue }
                scene.ops.append(.fill(rect: visible, color: scene.background, alpha: p))
            }
        }
        if let b = incoming {
            scene.ops.append(.image(slide: to, rect: b, alpha: p))
        }
    }

    /// Where slide `i` is drawn at `time`, with its fit and dwell motion.
    func slideRect(_ show: Show, _ i: Int, since: Double, at time: Double, imageSize: (Int) -> Size?) -> Rect? {
        guard show.slides.indices.contains(i), let size = imageSize(i) else { return nil }
        let fit = show.slides[i].fit ?? show.options.fit
        let elapsed = (show.pausedAt.map { min($0, time) } ?? time) - since
        if let axis = LongPhoto.axis(imageSize: size, screen: output, ratio: show.options.longPhotoRatio) {
            let p = LongPhoto.progress(elapsed: elapsed, dwell: show.dwell(i), hold: show.options.transitionDuration)
            return LongPhoto.rect(imageSize: size, in: screen, axis: axis, progress: p)
        }
        let base = fit.rect(for: size, in: screen)
        guard (show.slides[i].motion ?? show.options.motion) == .kenburns else { return base }
        let span = show.dwell(i) + show.options.transitionDuration
        let phase = span > 0 ? min(max(elapsed / span, 0), 1) : 0
        return KenBurns.rect(base, slide: i, phase: phase)
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
