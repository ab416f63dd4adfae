import Foundation
import Testing

@testable import VitrineCore

/// An item's own `motion` (still or Ken Burns) over the show's, and caption fields a template
/// does not know, as the playlist checker reads them.
@Suite struct ItemMotionTests {
    private static func decode(_ text: String) -> PlaylistDecoder.Outcome {
        PlaylistDecoder.decode(text, file: "/show/frame.json") { path in
            (path as NSString).pathExtension.isEmpty ? .directory : .file
        }
    }

    @Test func anItemsMotionIsReadAndGoesToItsSlides() throws {
        let outcome = Self.decode(
            """
            { "version": 1, "items": [
                { "image": "a.jpg", "motion": "kenburns" },
                { "folder": "photos", "motion": "still" },
                { "image": "b.jpg" }
            ] }
            """)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let items = try #require(outcome.document).playlists[0].items
        #expect(items.map(\.motion) == [.kenburns, .still, nil])
        #expect(items[0].slide("/show/a.jpg").motion == .kenburns)
        #expect(items[2].slide("/show/b.jpg").motion == nil)
    }

    @Test func anUnknownMotionIsAnErrorAtItsPlace() {
        let outcome = Self.decode(#"{ "version": 1, "items": [ { "image": "a.jpg", "motion": "zoomy" } ] }"#)
        #expect(outcome.document == nil)
        let problem = outcome.diagnostics.first { $0.path == "items[0].motion" }
        #expect(problem?.severity == .error)
        #expect(problem?.message.contains("kenburns") == true, "\(String(describing: problem))")
    }

    /// Where the slide is drawn at two moments of its dwell: the same for a still slide, not for Ken Burns.
    private static func rects(show motion: DwellMotion, slide: DwellMotion?) -> (Rect?, Rect?) {
        var options = ShowStyle()
        options.interval = 4
        options.transitionDuration = 0
        options.motion = motion
        var first = Slide(path: "a")
        first.motion = slide
        var engine = ShowEngine(
            slides: [first, Slide(path: "b")], options: options, output: Size(width: 1280, height: 720))
        let size = { (_: Int) -> Size? in Size(width: 1280, height: 720) }
        let rect = { (engine: ShowEngine) -> Rect? in
            for op in engine.scene(imageSize: size).ops {
                if case .image(_, let rect, _) = op { return rect }
            }
            return nil
        }
        _ = engine.advance(by: Seconds(0.5)) { _ in true }
        let early = rect(engine)
        _ = engine.advance(by: Seconds(3)) { _ in true }
        return (early, rect(engine))
    }

    @Test func anItemsKenBurnsMovesItsSlideInAStillShowAndStillHoldsItInAMovingOne() {
        let (stillEarly, stillLate) = Self.rects(show: .still, slide: nil)
        #expect(stillEarly != nil && stillEarly == stillLate)
        let (movingEarly, movingLate) = Self.rects(show: .still, slide: .kenburns)
        #expect(movingEarly != nil && movingLate != nil && movingEarly != movingLate)
        #expect((movingLate?.width ?? 0) > (movingEarly?.width ?? 0))
        let (heldEarly, heldLate) = Self.rects(show: .kenburns, slide: .still)
        #expect(heldEarly != nil && heldEarly == heldLate)
    }

    @Test func captionFieldsNoPhotoCanFillAreNamedWithAGuess() {
        #expect(CaptionTemplate("{date:long} · {place}").unknownFieldsSentence == nil)
        #expect(CaptionTemplate("{date:medium}").unknownFields.isEmpty)
        let one = CaptionTemplate("{date:long} · {plac}")
        #expect(one.unknownFields == ["plac"])
        let sentence = one.unknownFieldsSentence ?? ""
        #expect(sentence.hasPrefix("“{plac}” (did you mean {place}?) is not a caption field, so it is left out"))
        #expect(sentence.contains("{date:long}") && sentence.contains("{years-ago}"))
        let two = CaptionTemplate("{weather} {mood} {weather}")
        #expect(two.unknownFields == ["weather", "mood"])
        #expect(two.unknownFieldsSentence?.hasPrefix("“{weather}” and “{mood}” are not caption fields") == true)
    }

    @Test func theCheckerWarnsOfAnUnknownCaptionFieldAndStillPlays() throws {
        let outcome = Self.decode(#"{ "version": 1, "items": [ { "image": "a.jpg", "caption": "{file} {plac}" } ] }"#)
        #expect(outcome.document != nil)
        let problem = try #require(outcome.diagnostics.first { $0.path == "items[0].caption" })
        #expect(problem.severity == .warning)
        #expect(problem.message.contains("did you mean {place}?"))
    }
}
