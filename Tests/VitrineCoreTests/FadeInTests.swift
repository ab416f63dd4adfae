import Testing

@testable import VitrineCore

/// No black between pictures: the first photo fades in, a status screen cross-fades into it.
@Suite("Fading in the first photo")
struct FadeInTests {
    static let grey = RGBColor(r: 0x33, g: 0x66, b: 0x99)

    func engine(readyFrom: Double, status: Bool, statusUntil: Double = 0, at time: Double) -> ShowEngine {
        var options = ShowStyle()
        options.background = Self.grey
        var engine = ShowEngine(
            slides: [Slide(path: "a"), Slide(path: "b")], options: options, output: TestScreen.size)
        if status { engine.status = .noImages(folders: ["/pictures"]) }
        let imageSize: (Int) -> Size? = { _ in Size(width: 800, height: 600) }
        var t = 0.0
        while t < time - 1e-9 {
            let next = min(t + 1.0 / 60, time)
            if status, engine.status != nil, next >= statusUntil { engine.status = nil }
            _ = engine.run(to: ShowTime(seconds: next), isReady: { _ in next >= readyFrom }, imageSize: imageSize)
            t = next
        }
        return engine
    }

    /// The frame, with the image drawn only once it is decoded (from `readyFrom`).
    func scene(_ e: ShowEngine, at time: Double, readyFrom: Double = 0) -> Scene {
        e.scene(
            at: ShowTime(seconds: time), imageSize: { _ in time >= readyFrom ? Size(width: 800, height: 600) : nil })
    }

    /// The opacity of the full-screen cover over the photo, 0 when none.
    func cover(_ s: Scene) -> Double {
        for case .fill(let rect, _, let alpha) in s.ops where rect == Rect(size: TestScreen.size) { return alpha }
        return 0
    }

    @Test func aPhotoDecodedLateFadesInFromTheBackground() {
        let waiting = scene(engine(readyFrom: 1, status: false, at: 0.5), at: 0.5, readyFrom: 1)
        #expect(waiting.slidesDrawn.isEmpty)
        #expect(waiting.background == Self.grey, "the empty frame is the background colour, not black")
        // Decoded before the show has stepped past it: drawn, but covered.
        #expect(cover(scene(engine(readyFrom: 1, status: false, at: 0.5), at: 0.5)) == 1)
        let start = scene(engine(readyFrom: 1, status: false, at: 1.02), at: 1.02)
        #expect(start.slidesDrawn == [0])
        #expect(cover(start) > 0.9)
        let middle = cover(scene(engine(readyFrom: 1, status: false, at: 1.3), at: 1.3))
        #expect(middle > 0.1 && middle < 0.9)
        #expect(cover(scene(engine(readyFrom: 1, status: false, at: 2), at: 2)) == 0)
        // Ready from the first frame (a snapshot, or play once its first image is on the screen):
        // it fades in from the background all the same, as play shows it.
        #expect(cover(scene(engine(readyFrom: 0, status: false, at: 0.05), at: 0.05)) > 0.9)
        #expect(cover(scene(engine(readyFrom: 0, status: false, at: 0.7), at: 0.7)) == 0)
    }

    @Test func aStatusScreenStaysUntilThePhotoIsReadyThenCrossFadesIntoIt() {
        // The status goes at 1 s; the photo can be drawn from 2 s.
        let gap = scene(engine(readyFrom: 2, status: true, statusUntil: 1, at: 1.5), at: 1.5)
        #expect(gap.background == StatusScreen.background, "the status screen, not a black frame")
        #expect(gap.ops.contains { if case .text = $0 { return true } else { return false } })
        let fading = scene(engine(readyFrom: 2, status: true, statusUntil: 1, at: 2.3), at: 2.3)
        #expect(fading.slidesDrawn == [0])
        let shade = cover(fading)
        #expect(shade > 0.1 && shade < 0.9)
        let texts = fading.ops.compactMap { op -> Double? in
            if case .text(_, _, let alpha) = op { return alpha }
            return nil
        }
        #expect(texts.count == 2)
        #expect(texts.allSatisfy { abs($0 - shade) < 1e-9 }, "the status text fades with its background")
        let done = scene(engine(readyFrom: 2, status: true, statusUntil: 1, at: 3), at: 3)
        #expect(cover(done) == 0)
        #expect(done.slidesDrawn == [0])
    }
}
