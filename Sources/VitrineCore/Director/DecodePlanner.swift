/// The one place that decides what to decode: the slides a frame draws, then
/// the ones the show will want next (pending target, neighbours, the grid
/// page), each at the size it is drawn at; an image already decoded at a size
/// that serves is not decoded again.
public enum DecodePlanner {
    public static func plan(_ engine: ShowEngine, drawn scene: Scene, images: LoadedImages) -> DecodePlan {
        let slides = engine.show.slides
        var plan = DecodePlan()
        var seen: Set<Int> = []
        for i in scene.slidesDrawn + engine.wantedSlides where slides.indices.contains(i) && seen.insert(i).inserted {
            let slide = slides[i]
            plan.keep.insert(slide.path)
            let target = engine.decodeOutput(for: i)
            if let have = images.images[slide.path], serves(have.decodedFor, target, output: engine.output) {
                continue
            }
            let fit = slide.fit ?? engine.show.options.fit
            var want = DecodeWant(
                path: slide.path, output: target, fit: fit, background: engine.show.options.background,
                video: slide.video != nil)
            // Thumbnails (a grid's) need neither.
            let full = !want.video && target == engine.output
            want.backdrop = full && engine.show.options.fill == .blur
            want.faces = full && (fit == .cover || (slide.motion ?? engine.show.options.motion) == .kenburns)
            plan.wants.append(want)
        }
        return plan
    }

    /// Whether an image decoded for `have` serves a slide drawn at `target`: the
    /// same size, or a thumbnail drawn from a larger decode.
    static func serves(_ have: Size, _ target: Size, output: Size) -> Bool {
        have == target || (target != output && have.width >= target.width && have.height >= target.height)
    }
}
