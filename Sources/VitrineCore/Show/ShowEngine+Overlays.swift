/// What overlays that belong to the photo need to know about it.
extension ShowEngine {
    /// Where the current photo is drawn in `scene` and how opaque it is, so a caption can sit on
    /// it and go with it; while it is pulled away, how much of the background is left.
    func placePhoto(in frame: inout OverlayFrame, scene: Scene, at time: Double) {
        for case .image(let slide, let rect, let alpha) in scene.ops.reversed() where slide == show.index {
            frame.photo = rect
            frame.photoAlpha = alpha
            break
        }
        if mode == .browse, let look = browse.view?.dismissLook(at: time) {
            let veil = min(max(look.veil, 0), 1)
            frame.fade = veil
            frame.photoAlpha *= veil
        }
    }
}
