/// Putting the image away: pulled across the paging axis (down when pages lie
/// sideways, either way sideways when they lie vertically), it shrinks and the
/// background fades; let go far or fast enough, it goes.
extension BrowseView {
    /// How far `translation` pulls the image away, in pixels.
    func pull(_ translation: Vector) -> Double {
        pagingAxis == .vertical ? abs(translation.dx) : max(0, translation.dy)
    }

    /// The screen's length across the paging axis.
    var pullSpan: Double { pagingAxis == .vertical ? screen.width : screen.height }

    public mutating func beginDismiss(at time: ShowTime) {
        settleViewport()
        leavingRect = nil
        activity = .dismissing(DismissLook(rect: viewport.rect(at: time)))
    }

    public mutating func dismiss(_ info: DragInfo) {
        guard case .dismissing = activity else { return }
        activity = .dismissing(
            .dragged(
                fit: viewport.restingRect, grab: info.start, translation: info.translation,
                pull: pull(info.translation), span: pullSpan))
    }

    /// The finger lifted: past `dismissDistance` of the span, or flung away
    /// faster than `dismissVelocity` spans a second, the image goes to
    /// `away`; otherwise it springs back. Returns whether it goes.
    public mutating func releaseDismiss(
        _ info: DragInfo, settings: GestureSettings, at time: ShowTime, away: (DismissLook) -> DismissLook
    ) -> Bool {
        guard let from = dismissLook(at: time) else { return false }
        let span = pullSpan
        let fling = settings.dismissVelocity * span
        let distance: Double
        let speed: Double
        if pagingAxis == .vertical {
            let sign: Double = info.translation.dx < 0 ? -1 : 1
            distance = abs(info.translation.dx)
            speed = info.velocity.dx * sign
        } else {
            distance = info.translation.dy
            speed = info.velocity.dy
        }
        let commit = speed > fling || (distance > settings.dismissDistance * span && speed > -fling)
        let to = commit ? away(from) : DismissLook(rect: viewport.restingRect)
        activity = .dismissSettle(
            from: from, to: to,
            tween: Tween(
                from: 0, to: 1, start: time, duration: Self.springDuration, curve: .easeOut),
            commit: commit)
        return commit
    }

    /// Grows the image from `rect` (a thumbnail) to its place.
    public mutating func open(from rect: Rect, at time: ShowTime) {
        activity = .opening(
            from: rect,
            tween: Tween(
                from: 0, to: 1, start: time, duration: Seconds(Self.openDuration), curve: .easeInOut)
        )
    }
}
