import Testing

@testable import VitrineCore

/// A show of photos of given sizes and days on a screen, run with `--pair`.
struct PairHarness {
    static let portrait = Size(width: 600, height: 900)
    static let landscape = Size(width: 900, height: 600)

    var sizes: [Size]
    var days: [String?] = []
    var output = TestScreen.size
    var options: ShowStyle = {
        var o = ShowStyle()
        o.pair = true
        o.interval = 4
        o.transitionDuration = 0.5
        return o
    }()
    var script = GestureScript()
    /// Slides whose photo is not decoded yet.
    var missing: Set<Int> = []

    func imageSize(_ i: Int) -> Size? {
        sizes.indices.contains(i) && !missing.contains(i) ? sizes[i] : nil
    }

    func metadata(_ i: Int) -> ImageMetadata? {
        guard days.indices.contains(i), let day = days[i] else { return nil }
        return ImageMetadata(dateTaken: "\(day) 12:00:00")
    }

    func engine(at time: Double) -> ShowEngine {
        var engine = ShowEngine(
            slides: sizes.indices.map { Slide(path: "photo\($0)") }, options: options, output: output)
        for e in script.events { engine.enqueue(e) }
        _ = engine.run(to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: imageSize, metadata: metadata)
        return engine
    }

    func scene(at time: Double) -> Scene {
        engine(at: time).scene(at: ShowTime(seconds: time), imageSize: imageSize, metadata: metadata)
    }

    /// The slides drawn at rest on each of `count` slides in turn, as `[first, partner]` or `[alone]`.
    func units(_ count: Int) -> [[Int]] {
        (0..<count).map { k in
            let time = 1 + Double(k) * options.interval.value
            return scene(at: time).slidesDrawn
        }
    }
}

@Suite("Pairing portrait photos")
struct PairingTests {
    let p = PairHarness.portrait
    let l = PairHarness.landscape

    @Test func twoPortraitsShareOneSlide() {
        let h = PairHarness(sizes: [p, p, l])
        #expect(h.units(3) == [[0, 1], [2], [0, 1]])
        #expect(h.engine(at: 1).show.pairs.partner == 1)
    }

    @Test func thePairIsSideBySideWithAGapOfTheBackground() throws {
        let h = PairHarness(sizes: [p, p])
        var rects: [Int: Rect] = [:]
        for case .image(let slide, let rect, let alpha) in h.scene(at: 1).ops {
            rects[slide] = rect
            #expect(alpha == 1)
        }
        let a = try #require(rects[0])
        let b = try #require(rects[1])
        let gap = PairLayout.gap(on: Rect(size: TestScreen.size))
        #expect(b.minX - a.maxX == gap)
        #expect(a.height == 500 && b.height == 500 && a.minY == 0)
        // The pair is centred: the same margin left and right.
        #expect(abs(a.minX - (1000 - b.maxX)) <= 1)
    }

    @Test func aPortraitAfterALandscapeIsBroughtForwardAndPassedOverLater() {
        // portrait, landscape, portrait, landscape: the two portraits first, then the landscapes
        // in their order; the second portrait is not shown again on its own.
        let h = PairHarness(sizes: [p, l, p, l])
        #expect(h.units(4) == [[0, 2], [1], [3], [0, 2]])
    }

    @Test func aPortraitWithoutAPartnerShowsAlone() {
        let h = PairHarness(sizes: [l, p, l, l])
        #expect(h.units(4) == [[0], [1], [2], [3]])
        // At its own fit, as without pairing.
        let fit = FitMode.contain.rect(for: p, in: Rect(size: TestScreen.size))
        for case .image(_, let rect, _) in h.scene(at: 5).ops { #expect(rect == fit) }
    }

    @Test func onePartnerTakenTheSameDayIsPreferred() {
        var h = PairHarness(sizes: [p, p, p, l])
        h.days = ["2024:05:01", "2024:07:14", "2024:05:01", nil]
        #expect(h.units(3) == [[0, 2], [1], [3]])
        // Without a date on the first, the next portrait is its partner.
        h.days = [nil, "2024:07:14", "2024:05:01", nil]
        #expect(h.units(3) == [[0, 1], [2], [3]])
    }

    @Test func aPortraitScreenStacksLandscapes() throws {
        var h = PairHarness(sizes: [l, l, p])
        h.output = Size(width: 500, height: 1000)
        #expect(h.units(3) == [[0, 1], [2], [0, 1]])
        var rects: [Int: Rect] = [:]
        for case .image(let slide, let rect, _) in h.scene(at: 1).ops { rects[slide] = rect }
        let a = try #require(rects[0])
        let b = try #require(rects[1])
        #expect(b.minY - a.maxY == PairLayout.gap(on: Rect(size: h.output)))
        #expect(a.width == 500 && b.width == 500)
        // Portraits do not pair on a portrait screen.
        h.sizes = [p, p, p]
        #expect(h.units(3) == [[0], [1], [2]])
    }

    @Test func pairingIsOffByDefault() {
        #expect(ShowStyle().pair == false)
        var h = PairHarness(sizes: [p, p, p])
        h.options.pair = false
        #expect(h.units(3) == [[0], [1], [2]])
    }

    @Test func aPartnerNotDecodedInTimeIsNotWaitedFor() {
        var h = PairHarness(sizes: [l, p, p, l])
        h.missing = [2]
        // The portrait shows alone on time rather than wait for its partner.
        #expect(h.scene(at: 5).slidesDrawn == [1])
        #expect(h.engine(at: 5).show.pairs.partner == nil)
    }

    @Test func theNextPhotosAreDecodedAheadToFindAPartner() {
        let h = PairHarness(sizes: [l, p, l, p, l, l])
        let wanted = h.engine(at: 1).wantedSlides
        // The next slide and the ones that may share it.
        for i in [1, 2, 3, 4, 5] { #expect(wanted.contains(i)) }
    }

    @Test func thePairFadesInAndOutAsOneSlide() {
        let h = PairHarness(sizes: [l, p, p])
        let ops = h.scene(at: 4.25).ops
        var alphas: [Int: Double] = [:]
        for case .image(let slide, _, let alpha) in ops { alphas[slide] = alpha }
        #expect(alphas[0] == 1)
        let incoming = alphas[1] ?? 0
        #expect(incoming > 0 && incoming < 1)
        #expect(alphas[2] == incoming)
        // And out again, together.
        let out = h.scene(at: 8.25).slidesDrawn
        #expect(Set(out) == [1, 2, 0])
    }

    @Test func theCaptionSitsUnderThePairAsAWhole() throws {
        var h = PairHarness(sizes: [p, p])
        h.options.pair = true
        let engine = h.engine(at: 1)
        let scene = engine.scene(at: ShowTime(seconds: 1), imageSize: h.imageSize, metadata: h.metadata)
        var frame = OverlayFrame(
            output: TestScreen.size, time: ShowTime(seconds: 1), wallTime: nil, browsing: false, index: 0, count: 2,
            slide: nil,
            metadata: nil, lateSince: nil)
        engine.placePhoto(in: &frame, scene: scene, at: ShowTime(seconds: 1))
        let photo = try #require(frame.photo)
        var rects: [Rect] = []
        for case .image(_, let rect, _) in scene.ops { rects.append(rect) }
        #expect(rects.count == 2)
        #expect(photo == rects[0].union(rects[1]))
    }

    // MARK: Browse

    /// The left photo's centre, the right photo's centre, in the screen's 0…1 coordinates.
    func halves(_ h: PairHarness) -> (left: (Double, Double), right: (Double, Double)) {
        let (a, b) = PairLayout.rects(p, p, in: Rect(size: TestScreen.size))
        return ((a.center.x / 1000, 0.5), (b.center.x / 1000, 0.5))
    }

    @Test func aTapOnOneHalfInBrowseOpensThatPhotoAlone() {
        var h = PairHarness(sizes: [p, p, l])
        let (left, right) = halves(h)
        // The first tap stops the show on the pair; the pair stays on screen.
        h.script = GestureScript().tap(0.5, 0.5, at: 1)
        var engine = h.engine(at: 1.5)
        #expect(engine.mode == .browse)
        #expect(Set(engine.scene(at: ShowTime(seconds: 1.5), imageSize: h.imageSize).slidesDrawn) == [0, 1])
        // A tap on the right half opens the right photo alone, at its own fit.
        h.script = h.script.tap(right.0, right.1, at: 2)
        engine = h.engine(at: 3)
        #expect(engine.mode == .browse)
        #expect(engine.show.index == 1)
        #expect(engine.show.pairs.partner == nil)
        let drawn = engine.scene(at: ShowTime(seconds: 3), imageSize: h.imageSize)
        #expect(drawn.slidesDrawn == [1])
        let fit = FitMode.contain.rect(for: p, in: Rect(size: TestScreen.size))
        for case .image(_, let rect, _) in drawn.ops {
            #expect(abs(rect.minX - fit.minX) < 0.01 && abs(rect.width - fit.width) < 0.01)
        }
        // The left half opens the left photo.
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(left.0, left.1, at: 2)
        engine = h.engine(at: 3)
        #expect(engine.show.index == 0 && engine.show.pairs.partner == nil)
        #expect(engine.scene(at: ShowTime(seconds: 3), imageSize: h.imageSize).slidesDrawn == [0])
    }

    @Test func aTapBetweenTheHalvesOpensNeither() {
        var h = PairHarness(sizes: [p, p, l])
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 2)
        let engine = h.engine(at: 3)
        #expect(engine.mode == .browse)
        #expect(engine.show.pairs.partner == 1)
        #expect(!engine.overlaysVisible)
    }
}

@Suite("Pairing in a playlist file")
struct PairingPlaylistTests {
    @Test func theDefaultsTakeAPairKey() throws {
        let text = """
            { "version": 1, "defaults": { "pair": true }, "items": [ { "image": "a.jpg" } ] }
            """
        let outcome = PlaylistDecoder.decode(text, file: "/show/frame.json") { _ in .file }
        #expect(outcome.diagnostics.isEmpty)
        let playlist = try #require(outcome.document?.playlists.first)
        #expect(playlist.defaults.pair == true)
        let wrong = PlaylistDecoder.decode(
            #"{ "version": 1, "defaults": { "pair": "yes" }, "items": [ { "image": "a.jpg" } ] }"#,
            file: "/show/frame.json"
        ) { _ in .file }
        #expect(!wrong.diagnostics.isEmpty)
    }
}

/// A photo of a pair that fails to decode, or is hidden, leaves the other one alone.
@Suite("A pair losing one of its photos")
struct PairLossTests {
    let p = PairHarness.portrait
    let l = PairHarness.landscape

    /// The size of each slide by its file (`photoN`), so it holds after slides leave the list.
    func sizes(_ h: PairHarness, _ engine: ShowEngine) -> (Int) -> Size? {
        let slides = engine.show.slides
        return { i in
            guard slides.indices.contains(i), let n = Int(slides[i].path.dropFirst("photo".count)) else { return nil }
            return h.sizes[n]
        }
    }

    func drawn(_ h: PairHarness, _ engine: ShowEngine, at time: Double) -> [String] {
        let scene = engine.scene(at: ShowTime(seconds: time), imageSize: sizes(h, engine))
        return scene.slidesDrawn.map { engine.show.slides[$0].path }
    }

    @Test func aPartnerThatFailsLeavesTheFirstPhotoAloneAtItsOwnFit() throws {
        let h = PairHarness(sizes: [p, p, l])
        var engine = h.engine(at: 1)
        #expect(engine.show.pairs.partner == 1)
        engine.removeSlide(at: 1)
        #expect(engine.show.pairs.partner == nil)
        let scene = engine.scene(at: ShowTime(seconds: 1.5), imageSize: sizes(h, engine))
        #expect(scene.slidesDrawn == [0])
        let fit = FitMode.contain.rect(for: p, in: Rect(size: TestScreen.size))
        for case .image(_, let rect, _) in scene.ops { #expect(rect == fit) }
    }

    @Test func theFirstPhotoFailingLeavesItsPartnerAloneNotBesideItself() {
        let h = PairHarness(sizes: [p, p, l])
        var engine = h.engine(at: 1)
        engine.removeSlide(at: 0)
        #expect(engine.show.index == 0)
        #expect(engine.show.pairs.partner == nil)
        #expect(drawn(h, engine, at: 1.5) == ["photo1"])
    }

    @Test func theFirstPhotoFailingGivesAPartnerFurtherOnItsOwnPlaceBack() {
        // portrait, landscape, portrait: the first and the third share a slide.
        let h = PairHarness(sizes: [p, l, p, l])
        var engine = h.engine(at: 1)
        #expect(engine.show.pairs.partner == 2)
        engine.removeSlide(at: 0)
        #expect(engine.show.pairs.partner == nil)
        #expect(drawn(h, engine, at: 1.5) == ["photo1"])
        // The portrait is no longer passed over: it comes next, alone.
        #expect(engine.show.index(after: 0) == 1)
        #expect(engine.show.pairs.taken.isEmpty)
    }

    @Test func hidingThePartnerLeavesTheFirstPhotoAlone() {
        let h = PairHarness(sizes: [p, p, l])
        var engine = h.engine(at: 1)
        let hidden = engine.hide("photo1", at: ShowTime(seconds: 1.5))
        #expect(hidden)
        #expect(engine.currentPath == "photo0")
        #expect(engine.show.pairs.partner == nil)
        #expect(drawn(h, engine, at: 1.5) == ["photo0"])
    }

    @Test func hidingTheFirstPhotoShowsItsPartnerAloneNotBesideItself() {
        let h = PairHarness(sizes: [p, p, l])
        var engine = h.engine(at: 1)
        let hidden = engine.hide("photo0", at: ShowTime(seconds: 1.5))
        #expect(hidden)
        #expect(engine.currentPath == "photo1")
        #expect(engine.show.pairs.partner == nil)
        #expect(drawn(h, engine, at: 1.5) == ["photo1"])
    }

    @Test func hidingTheFirstPhotoOfAPairAcrossALandscapeShowsTheLandscapeAloneThenThePortrait() {
        let h = PairHarness(sizes: [p, l, p, l])
        var engine = h.engine(at: 1)
        #expect(engine.show.pairs.partner == 2)
        let hidden = engine.hide("photo0", at: ShowTime(seconds: 1.5))
        #expect(hidden)
        #expect(engine.currentPath == "photo1")
        #expect(engine.show.pairs.partner == nil)
        #expect(drawn(h, engine, at: 1.5) == ["photo1"])
        let next = engine.show.index(after: engine.show.index)
        #expect(next.map { engine.show.slides[$0].path } == "photo2")
    }

    @Test func theInfoPanelOverAPairTellsOfTheFirstPhotoAndItsHideLeavesThePartnerAlone() throws {
        var h = PairHarness(sizes: [p, p, l])
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        let opened = h.engine(at: 1.5)
        #expect(opened.mode == .browse && opened.browse.info?.isOpen == true)
        let scene = opened.scene(at: ShowTime(seconds: 1.5), imageSize: h.imageSize, metadata: h.metadata)
        // The pair stays under the panel, which tells of the first photo.
        #expect(Set(scene.slidesDrawn) == [0, 1])
        let texts = scene.ops.compactMap { op -> String? in
            if case .text(let block, _, _) = op { return block.text }
            return nil
        }
        #expect(texts.contains("photo0") && !texts.contains("photo1"))
        let panel = opened.browse.infoPanel(show: opened.show, imageSize: h.imageSize, metadata: h.metadata)
        let hide = try #require(panel.buttonRects(output: TestScreen.size)).hide
        h.script = h.script.tap(hide.center.x / TestScreen.size.width, hide.center.y / TestScreen.size.height, at: 2)
        let engine = h.engine(at: 3)
        #expect(engine.marks.isHidden("photo0"))
        #expect(engine.currentPath == "photo1")
        #expect(engine.show.pairs.partner == nil)
        #expect(drawn(h, engine, at: 3) == ["photo1"])
    }

    @Test func browsingBackToAPairsFirstPhotoGivesItsPartnerItsPlaceBack() {
        // A pair, paged away from and back to while browsing: the first photo is browsed
        // alone, so its partner is no longer passed over.
        let h = PairHarness(sizes: [p, l, p, l])
        var engine = h.engine(at: 1)
        engine.show.cut(to: 1, at: ShowTime(seconds: 2))
        #expect(engine.show.index(after: 1) == 3, "the partner was shown with the first photo")
        engine.show.cut(to: 0, at: ShowTime(seconds: 3))
        #expect(engine.show.pairs.partner == nil)
        #expect(engine.show.index(after: 0) == 1)
        #expect(engine.show.index(after: 1) == 2)
    }
}

@Suite("Pictures of a pair for remotes")
struct PairPictureTests {
    @Test func aPairAtRestIsTakenButNotTheFadeIntoIt() throws {
        var options = ShowStyle()
        options.pair = true
        options.interval = 4
        options.transitionDuration = 0.5
        let output = TestScreen.size
        let names = ["l", "p", "q"]
        var director = ShowDirector(
            slides: names.map { Slide(path: $0) }, setup: DirectorSettings(show: options), output: output)
        let loaded: [String: LoadedImage] = [
            "l": LoadedImage(sourceSize: PairHarness.landscape, decodedFor: output),
            "p": LoadedImage(sourceSize: PairHarness.portrait, decodedFor: output),
            "q": LoadedImage(sourceSize: PairHarness.portrait, decodedFor: output),
        ]
        let images = LoadedImages(loaded, allReady: true)
        var capture = PictureCapture()
        func wants(_ t: Double) -> (Bool, FrameOutput) {
            let out = director.run(to: ShowTime(seconds: t), images: images)
            return (capture.wants(out, mode: .attract, interval: 1, at: MonotonicInstant(seconds: t)), out)
        }
        let (_, first) = wants(0)
        #expect(first.scene.slidesDrawn.count <= 1)
        // Fading from the landscape into the pair: never taken.
        let (fadeWanted, fade) = wants(4.2)
        #expect(fade.scene.slidesDrawn.count == 3 && !fade.restingPair && !fadeWanted)
        _ = wants(4.4)
        #expect(capture.rest == .moving)
        // The pair at rest: taken once it has rested.
        let (early, rest) = wants(5)
        #expect(rest.scene.slidesDrawn.count == 2 && rest.restingPair && !early)
        let (rested, _) = wants(6.1)
        #expect(rested)
    }
}
