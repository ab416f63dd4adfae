/// What overlays that belong to the photo need to know about it.
extension ShowEngine {
    /// Where the current photo is drawn in `scene` and how opaque it is, so a caption can sit on
    /// it and go with it; while it is pulled away, how much of the background is left.
    func placePhoto(in frame: inout OverlayFrame, scene: Scene, at time: ShowTime) {
        for case .image(let slide, let rect, let alpha) in scene.ops.reversed() where slide == show.index {
            frame.photo = rect
            frame.photoAlpha = alpha
            break
        }
        // A pair is one slide: its caption sits on the two photos together.
        if let partner = show.pairs.partner, let photo = frame.photo {
            for case .image(let slide, let rect, _) in scene.ops.reversed() where slide == partner {
                frame.photo = photo.union(rect)
                break
            }
        }
        if mode == .browse, let look = browse.view?.dismissLook(at: time) {
            let veil = min(max(look.veil, 0), 1)
            frame.fade = veil
            frame.photoAlpha *= veil
        }
    }
}

/// Long photos want more pixels than the screen holds: a panorama shown at full height is
/// several screens wide. Once the host has told the engine the sizes it knows
/// (`noteLongPhotos`, after decodes finish), `decodeOutput(for:)` asks for that much.
extension ShowEngine {
    /// The output size that decodes slide `i` (a long photo) at its drawn size, within `maxSide`.
    func longPhotoOutput(for i: Int) -> Size? {
        guard show.slides.indices.contains(i) else { return nil }
        return longPhotoOutputs[show.slides[i].path]
    }

    /// The longest side a long photo is decoded at.
    public static let longPhotoMaxSide = 8192.0

    /// Learns which of the wanted slides are long photos from the sizes known so far
    /// (`imageSize` answers only from what is decoded; it must not decode).
    public mutating func noteLongPhotos(imageSize: (Int) -> Size?) {
        for i in wantedSlides {
            let source = show.slides[i].path
            guard longPhotoOutputs[source] == nil, let size = imageSize(i),
                let axis = LongPhoto.axis(imageSize: size, screen: output, ratio: show.options.longPhotoRatio)
            else { continue }
            let drawn = LongPhoto.rect(imageSize: size, in: Rect(size: output), axis: axis, progress: 0).size
            let k = min(1, Self.longPhotoMaxSide / max(drawn.width, drawn.height))
            longPhotoOutputs[source] = Size(
                width: (drawn.width * k).rounded(.up), height: (drawn.height * k).rounded(.up))
        }
        if longPhotoOutputs.count > 64 {
            let wanted = Set(wantedSlides.map { show.slides[$0].path })
            longPhotoOutputs = longPhotoOutputs.filter { wanted.contains($0.key) }
        }
    }
}
