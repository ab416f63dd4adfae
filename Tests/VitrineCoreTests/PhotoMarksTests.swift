import Testing

@testable import VitrineCore

/// Hide and Favourite from the info panel, and the marks kept between runs.
@Suite("Hide and favourite")
struct PhotoMarksTests {
    /// The engine after `events` (show times), with the panel's buttons or without.
    func engine(_ events: [InputEvent], at time: Double, actions: Bool = true, marks: PhotoMarks? = nil)
        -> ShowEngine
    {
        var touch = TouchOptions()
        touch.panelActions = actions
        var engine = ShowEngine(
            slides: (0..<4).map { Slide(path: "/photos/slide\($0).jpg") }, options: ShowStyle(),
            output: TestScreen.size, touch: touch)
        if let marks { engine.setMarks(marks, at: ShowTime(seconds: 0)) }
        for e in events { engine.enqueue(e) }
        _ = engine.run(
            to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: { _ in Size(width: 800, height: 600) })
        return engine
    }

    /// The panel's buttons on the test screen, for the slide showing.
    func buttons(_ engine: ShowEngine) throws -> InfoPanel.ButtonRects {
        let panel = engine.browse.infoPanel(
            show: engine.show, imageSize: { _ in Size(width: 800, height: 600) }, metadata: { _ in nil })
        return try #require(panel.buttonRects(output: TestScreen.size))
    }

    func tap(_ r: Rect, at t: Double) -> [InputEvent] {
        GestureScript().tap(r.center.x / TestScreen.size.width, r.center.y / TestScreen.size.height, at: t).events
    }

    func texts(_ e: ShowEngine, at time: Double) -> [String] {
        e.scene(at: ShowTime(seconds: time), imageSize: { _ in Size(width: 800, height: 600) }, metadata: { _ in nil })
            .ops.compactMap {
                if case .text(let block, _, _) = $0 { return block.text }
                return nil
            }
    }

    @Test func hideTakesThePhotoOutOfTheShowAndMovesOn() throws {
        let open = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        let opened = engine(open, at: 1.5)
        #expect(opened.currentPath == "/photos/slide0.jpg")
        let hide = try buttons(opened).hide
        var e = engine(open + tap(hide, at: 2), at: 3)
        #expect(e.show.count == 3)
        #expect(!e.show.slides.map(\.path).contains("/photos/slide0.jpg"))
        #expect(e.currentPath == "/photos/slide1.jpg", "the next photo shows")
        #expect(e.browse.info?.isOpen != true, "the panel closes")
        let events = e.takeMarkEvents()
        #expect(events == [.hidden("/photos/slide0.jpg")])
        let again = e.takeMarkEvents()
        #expect(again.isEmpty, "taken once")
        // A folder listed again keeps it out.
        e.replaceSlides(
            (0..<5).map { Slide(path: "/photos/slide\($0).jpg") }, keeping: e.currentPath, at: ShowTime(seconds: 3))
        #expect(e.show.count == 4)
        #expect(!e.show.slides.map(\.path).contains("/photos/slide0.jpg"))
        // Shown again, it is back.
        let shown = e.unhide("/photos/slide0.jpg", at: ShowTime(seconds: 3))
        #expect(shown)
        #expect(e.show.count == 5)
        #expect(e.currentPath == "/photos/slide1.jpg", "the photo showing stays")
        let back = e.takeMarkEvents()
        #expect(back == [.shownAgain("/photos/slide0.jpg")])
    }

    @Test func favouriteTurnsOverAndTheButtonSaysSo() throws {
        let open = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        let star = try buttons(engine(open, at: 1.5)).favourite
        let once = engine(open + tap(star, at: 2), at: 2.5)
        #expect(once.marks.isFavourite("/photos/slide0.jpg"))
        #expect(once.browse.info?.isOpen == true, "the panel stays open")
        #expect(texts(once, at: 2.5).contains("★ Favourite"))
        #expect(once.show.count == 4)
        let twice = engine(open + tap(star, at: 2) + tap(star, at: 3), at: 3.5)
        #expect(!twice.marks.isFavourite("/photos/slide0.jpg"))
        #expect(texts(twice, at: 3.5).contains("☆ Favourite"))
        var e = twice
        let events = e.takeMarkEvents()
        #expect(events == [.favourite("/photos/slide0.jpg", true), .favourite("/photos/slide0.jpg", false)])
    }

    @Test func withoutPanelActionsThereAreNoButtonsAndATapThereDoesNothingToThePhotos() throws {
        let open = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        let hide = try buttons(engine(open, at: 1.5)).hide
        let e = engine(open + tap(hide, at: 2), at: 3, actions: false)
        #expect(e.show.count == 4)
        #expect(e.marks == PhotoMarks())
        #expect(!texts(engine(open, at: 1.5, actions: false), at: 1.5).contains("Hide"))
    }

    @Test func marksKeptFromAnEarlierRunHideAtTheStart() {
        let e = engine([], at: 1, marks: PhotoMarks(hidden: ["/photos/slide0.jpg", "/photos/slide2.jpg"]))
        #expect(e.show.slides.map(\.path) == ["/photos/slide1.jpg", "/photos/slide3.jpg"])
    }

    @Test func theFileRoundTripsAndBadFilesSayWhy() throws {
        var marks = PhotoMarks()
        let first = marks.hide("/a/1.jpg")
        let second = marks.hide("/a/1.jpg")
        #expect(first && !second)
        let starred = marks.setFavourite("/a/\"quoted\".jpg", true)
        #expect(starred)
        let text = marks.json.rendered
        let back = try PhotoMarks.parse(text).get()
        #expect(back == marks)
        #expect(back.isHidden("/a/1.jpg"))
        #expect(back.isFavourite("/a/\"quoted\".jpg"))
        if case .failure(let e) = PhotoMarks.parse("{\"hidden\": [1]}") {
            #expect(e.reason.contains("hidden holds a number"))
        } else {
            Issue.record("a number is not a path")
        }
        if case .success = PhotoMarks.parse("[") { Issue.record("not JSON") }
    }

    @Test func theMarksAreBounded() {
        var marks = PhotoMarks()
        for i in 0..<(PhotoMarks.capacity + 10) { _ = marks.hide("/p/\(i).jpg") }
        #expect(marks.hidden.count == PhotoMarks.capacity)
        #expect(!marks.isHidden("/p/0.jpg"), "the oldest go first")
        #expect(marks.isHidden("/p/\(PhotoMarks.capacity + 9).jpg"))
    }

    @Test func theRemoteCommandsReadBackAndRefuseBadFields() throws {
        for command in [
            RemoteCommand.hide(name: "pier.jpg"), .unhide(name: "/p/pier.jpg"), .favourite(name: "a.jpg", on: false),
        ] {
            #expect(try RemoteCommandParser.parse(command.json.rendered).command == command)
        }
        #expect(
            try RemoteCommandParser.parse("{\"command\":\"favourite\",\"file\":\"a.jpg\"}").command
                == .favourite(name: "a.jpg", on: true))
        #expect(throws: RemoteCommandError.self) { try RemoteCommandParser.parse("{\"command\":\"hide\"}") }
        #expect(throws: RemoteCommandError.self) {
            try RemoteCommandParser.parse("{\"command\":\"favourite\",\"file\":\"a\",\"on\":\"yes\"}")
        }
    }
}
