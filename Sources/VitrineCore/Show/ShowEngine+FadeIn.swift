/// No black between pictures: the first photo fades in from the background
/// colour, and a status screen stays until the first photo can be drawn, then
/// cross-fades into it.
extension ShowEngine {
    /// Seconds the first photo takes to fade in, from the background or a status screen.
    public static let fadeInDuration = Seconds(0.6)

    /// When the first photo starts fading in: when the show first saw it ready (the show's
    /// clock starts with its first image on the screen, so that is the first frame in `play`
    /// and time 0 in `snapshot`), or when a status screen was put away.
    var fadeInStart: ShowTime? {
        guard let revealed = show.revealedAt else { return show.startedAt == nil ? nil : ShowTime(seconds: .infinity) }
        if let exit = statusExit { return max(revealed, exit.time) }
        return revealed
    }

    /// Whether the first photo is on the screen in full at `time`: shown, its fade-in over.
    public func firstPhotoShown(at time: ShowTime) -> Bool {
        guard let start = fadeInStart, start.seconds.isFinite else { return false }
        return time >= start + Self.fadeInDuration
    }

    /// The status screen put away, while the photo that replaces it cannot be drawn yet.
    func statusStillShowing(at time: ShowTime) -> Scene? {
        guard let exit = statusExit, let start = fadeInStart, time < start else { return nil }
        return exit.screen.scene(output: output)
    }

    /// Lays the fading-out background (or status screen) over the first photo.
    func fadeIn(_ scene: inout Scene, at time: ShowTime) {
        guard let start = fadeInStart, time < start + Self.fadeInDuration else { return }
        // Before the show has seen it ready, a photo drawn is covered completely.
        let cover = time < start ? 1 : 1 - Curve.easeInOut((time - start).value / Self.fadeInDuration.value)
        guard cover > 0 else { return }
        let screen = Rect(size: output)
        guard let exit = statusExit else {
            scene.ops.append(.fill(rect: screen, color: scene.background, alpha: cover))
            return
        }
        let status = exit.screen.scene(output: output)
        scene.ops.append(.fill(rect: screen, color: status.background, alpha: cover))
        scene.ops += status.ops.map { $0.fading(by: cover) }
    }
}

extension DrawOp {
    /// The same operation with its opacity multiplied by `factor`.
    func fading(by factor: Double) -> DrawOp {
        switch self {
        case .image(let slide, let rect, let alpha): return .image(slide: slide, rect: rect, alpha: alpha * factor)
        case .fill(let rect, let color, let alpha): return .fill(rect: rect, color: color, alpha: alpha * factor)
        case .backdrop(let slide, let rect, let clip, let alpha):
            return .backdrop(slide: slide, rect: rect, clip: clip, alpha: alpha * factor)
        case .text(let block, let box, let alpha): return .text(block, box: box, alpha: alpha * factor)
        case .disc(let center, let radius, let color, let alpha):
            return .disc(center: center, radius: radius, color: color, alpha: alpha * factor)
        case .arc(let center, let radius, let thickness, let start, let sweep, let color, let alpha):
            return .arc(
                center: center, radius: radius, thickness: thickness, start: start, sweep: sweep, color: color,
                alpha: alpha * factor)
        }
    }
}
