import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

@Suite("Headless show")
struct HeadlessShowTests {
    @Test("each transition decodes exactly one new image, once")
    func oneDecodePerTransition() throws {
        var options = ShowOptions()
        options.interval = 1
        options.transitionDuration = 0.5
        let slides = (0..<7).map { Slide(source: "slide-\($0).png") }
        let show = try HeadlessShow(
            slides: slides, options: options, size: Size(width: 64, height: 36), decoder: PatternDecoder())
        try show.run(transitions: 40, frameTime: 0.25)
        try show.settle()
        #expect(show.transitions == 40)
        #expect(show.frames == 160)
        // Three to start with (current, next, previous), then the new next one each time.
        #expect(show.decodes == 3 + 40)
    }

    @Test("a show whose images all fail to decode stops with a reason")
    func nothingDecodes() throws {
        struct Broken: ImageDecoding {
            func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
                throw DecodeError(path: request.path, reason: "broken")
            }
        }
        let show = try HeadlessShow(
            slides: [Slide(source: "x.png"), Slide(source: "y.png")], options: ShowOptions(),
            size: Size(width: 64, height: 36), decoder: Broken())
        #expect(throws: HeadlessShow.Stalled.self) { try show.run(transitions: 1, frameTime: 0.25) }
    }
}
