import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

@Suite("Headless show")
struct HeadlessShowTests {
    @Test("each transition decodes exactly one new image, once")
    func oneDecodePerTransition() throws {
        var options = ShowStyle()
        options.interval = 1
        options.transitionDuration = 0.5
        let slides = (0..<7).map { Slide(path: "slide-\($0).png") }
        let size = Size(width: 64, height: 36)
        let director = ShowDirector(
            slides: slides, setup: DirectorSettings(show: options, waitForImages: false), output: size)
        let show = try HeadlessShow(director: director, size: size, frameTime: 0.25, decoder: PatternDecoder())
        try show.run(transitions: 40)
        #expect(show.transitions == 40)
        // Four frames a transition, and one at the start while the first images decode.
        #expect(show.frames == 1 + 160)
        // Two to start with (current and next: the previous one is not kept by a show moving on
        // by itself), then the new next one each time; the 40th transition's is decoded and
        // taken by the next frame.
        #expect(show.decodes == 2 + 39)
    }

    @Test("a show whose images all fail to decode stops with a reason")
    func nothingDecodes() throws {
        struct Broken: ImageDecoding {
            func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
                throw DecodeError(path: request.path, reason: "broken")
            }
        }
        let size = Size(width: 64, height: 36)
        let director = ShowDirector(
            slides: [Slide(path: "x.png"), Slide(path: "y.png")], setup: DirectorSettings(waitForImages: false),
            output: size)
        let show = try HeadlessShow(director: director, size: size, frameTime: 0.25, decoder: Broken())
        #expect(throws: HeadlessShow.Stalled.self) { try show.run(transitions: 1) }
    }
}
