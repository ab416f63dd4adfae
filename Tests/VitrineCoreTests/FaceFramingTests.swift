import Testing
import VitrineCore

/// A cropped photo (`--fit cover`, Ken Burns) keeps its faces on the screen; a photo
/// without faces is placed as before; `--fill` draws the backdrop or colour around a
/// letterboxed photo only.
@Suite struct FaceFramingTests {
    static let screen = Size(width: 1920, height: 1080)
    /// A square photo with a face near its top, as dlib finds it in the demo's astronaut.png.
    static let photo = Size(width: 512, height: 512)
    static let face = Rect(x: 0.34, y: 0.12, width: 0.22, height: 0.22)

    static func show(fit: FitMode, motion: DwellMotion, fill: FillStyle? = nil, count: Int = 4) -> Show {
        var options = ShowStyle()
        options.fit = fit
        options.motion = motion
        options.fill = fill
        return Show(slides: (0..<count).map { Slide(path: "/p/\($0).png") }, options: options)
    }

    static func onScreen(_ face: Rect, in rect: Rect) -> Rect {
        Rect(
            x: rect.x + face.x * rect.width, y: rect.y + face.y * rect.height, width: face.width * rect.width,
            height: face.height * rect.height)
    }

    static func inside(_ inner: Rect, _ outer: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.minY >= outer.minY - 1e-9 && inner.maxX <= outer.maxX + 1e-9
            && inner.maxY <= outer.maxY + 1e-9
    }

    @Test func plainCentreCropCutsTheFaceAndTheFramedCropKeepsIt() {
        let screen = Rect(size: Self.screen)
        let centred = FitMode.cover.rect(for: Self.photo, in: screen)
        #expect(!Self.inside(Self.onScreen(Self.face, in: centred), screen), "the test photo's face must be cut")
        let framed = FaceFraming.framed(centred, faces: [Self.face], in: screen)
        #expect(Self.inside(Self.onScreen(Self.face, in: framed), screen))
        // The hair above the box dlib gives (eyebrows to chin) is kept too.
        let hair = Rect(
            x: Self.face.x, y: Self.face.y - 0.3 * Self.face.height, width: Self.face.width,
            height: 0.3 * Self.face.height)
        #expect(Self.inside(Self.onScreen(hair, in: framed), screen))
        // Still covering the whole screen, the same size.
        #expect(Self.inside(screen, framed))
        #expect(framed.size == centred.size)
    }

    @Test(arguments: [DwellMotion.still, .kenburns], [0, 1, 2, 3])
    func coverKeepsTheFaceInViewOverTheWholeDwell(_ motion: DwellMotion, _ slide: Int) {
        let show = Self.show(fit: .cover, motion: motion)
        let builder = SceneBuilder(output: Self.screen, faces: [slide: [Self.face]])
        let screen = Rect(size: Self.screen)
        let span = (show.dwell(slide) + show.options.transitionDuration).value
        for step in 0...100 {
            let time = span * Double(step) / 100
            let rect = builder.slideRect(show, slide, since: .zero, at: ShowTime(seconds: time)) { _ in Self.photo }
            guard let rect else {
                Issue.record("no rectangle")
                return
            }
            #expect(Self.inside(Self.onScreen(Self.face, in: rect), screen), "step \(step): \(rect)")
            #expect(Self.inside(screen, rect), "step \(step): the photo no longer covers the screen: \(rect)")
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func kenBurnsOfALetterboxedPhotoKeepsTheFace(_ slide: Int) {
        // A landscape photo on a portrait screen: the zoom crops its sides; a face at its left edge.
        let show = Self.show(fit: .contain, motion: .kenburns)
        let output = Size(width: 1080, height: 1920)
        let face = Rect(x: 0.01, y: 0.4, width: 0.1, height: 0.15)
        let builder = SceneBuilder(output: output, faces: [slide: [face]])
        let span = (show.dwell(slide) + show.options.transitionDuration).value
        for step in 0...50 {
            let rect = builder.slideRect(show, slide, since: .zero, at: ShowTime(seconds: span * Double(step) / 50)) {
                _ in
                Size(width: 1600, height: 1200)
            }
            guard let rect else { return }
            #expect(Self.inside(Self.onScreen(face, in: rect), Rect(size: output)), "step \(step)")
        }
    }

    @Test(arguments: [FitMode.cover, .contain], [DwellMotion.still, .kenburns])
    func aPhotoWithoutFacesIsPlacedAsBefore(_ fit: FitMode, _ motion: DwellMotion) {
        let show = Self.show(fit: fit, motion: motion)
        let base = FitMode.cover.rect(for: Self.photo, in: Rect(size: Self.screen))
        #expect(FaceFraming.framed(base, faces: [], in: Rect(size: Self.screen)) == base)
        let plain = SceneBuilder(output: Self.screen)
        let withOthers = SceneBuilder(output: Self.screen, faces: [3: [Self.face]])
        for time in [0.0, 2.5, 7.9] {
            let a = plain.slideRect(show, 1, since: .zero, at: ShowTime(seconds: time)) { _ in Self.photo }
            let b = withOthers.slideRect(show, 1, since: .zero, at: ShowTime(seconds: time)) { _ in Self.photo }
            #expect(a == b)
            let expected = fit.rect(for: Self.photo, in: Rect(size: Self.screen))
            if motion == .still { #expect(a == expected) }
        }
    }

    @Test func blurFillDrawsTheBackdropInTheBarsOnly() {
        let show = Self.show(fit: .contain, motion: .still, fill: .blur)
        let scene = SceneBuilder(output: Self.screen).build(show, at: ShowTime(seconds: 1)) { _ in Self.photo }
        let screen = Rect(size: Self.screen)
        var clips: [Rect] = []
        var photo: Rect?
        for op in scene.ops {
            switch op {
            case .backdrop(let slide, let rect, let clip, let alpha):
                #expect(slide == 0 && rect == screen && alpha == 1)
                clips.append(clip)
            case .image(_, let rect, _): photo = rect
            default: Issue.record("unexpected \(op)")
            }
        }
        #expect(clips.count == 2)
        // The bars and the photo together cover the screen.
        let area = clips.reduce(0) { $0 + $1.width * $1.height } + (photo.map { $0.width * $0.height } ?? 0)
        #expect(area >= screen.width * screen.height - 1)
    }

    @Test func colourFillAndDefault() {
        let purple = RGBColor(r: 80, g: 20, b: 90)
        let coloured = SceneBuilder(output: Self.screen).build(
            Self.show(fit: .contain, motion: .still, fill: .color(purple)), at: ShowTime(seconds: 1)
        ) { _ in Self.photo }
        let fills = coloured.ops.compactMap { op -> RGBColor? in
            if case .fill(_, let color, _) = op { return color }
            return nil
        }
        #expect(fills == [purple, purple])
        // No fill, or the background's colour: the photo alone, as before.
        for fill in [nil, FillStyle.color(.black)] {
            let plain = SceneBuilder(output: Self.screen).build(
                Self.show(fit: .contain, motion: .still, fill: fill), at: ShowTime(seconds: 1)
            ) { _ in Self.photo }
            #expect(plain.ops.count == 1)
        }
    }

    @Test func fillStyleSpellings() {
        #expect(FillStyle("black") == .color(.black))
        #expect(FillStyle("blur") == .blur)
        #expect(FillStyle("#102030") == .color(RGBColor(r: 16, g: 32, b: 48)))
        #expect(FillStyle("102030") == nil)
        #expect(FillStyle("fuzzy") == nil)
    }
}
