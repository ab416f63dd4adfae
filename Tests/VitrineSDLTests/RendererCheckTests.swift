import Testing
import VitrineMedia

@testable import VitrineCore
@testable import VitrineSDL

/// The check that the renderer really draws, and the order renderers are tried in.
@Suite("Renderer check")
struct RendererCheckTests {
    /// A 64×36 photo: light in its top half, `dark` below.
    private func photo(light: UInt32 = PixelBuffer.argb(200, 180, 160), dark: UInt32 = PixelBuffer.argb(5, 5, 5))
        -> PixelBuffer
    {
        var buffer = PixelBuffer(width: 64, height: 36, color: dark)
        for y in 0..<18 { for x in 0..<64 { buffer[x, y] = light } }
        return buffer
    }

    /// A frame drawing slide 0 (`/a.jpg`) at `alpha`, with content or not.
    private func frame(alpha: Double, showsContent: Bool = true) -> FrameOutput {
        var out = FrameOutput(
            scene: Scene(
                size: Size(width: 64, height: 36), background: .black,
                ops: [.image(slide: 0, rect: Rect(x: 0, y: 0, width: 64, height: 36), alpha: alpha)]),
            paths: [0: "/a.jpg"], decodes: DecodePlan(), requests: [], status: "showing 1/1",
            rotation: .none, exitCode: nil)
        out.showsContent = showsContent
        return out
    }

    @Test func theFirstLitPhotoDrawnInFullIsReadBackOnce() {
        var check = RendererCheck()
        // Not decoded yet: nothing to judge on.
        #expect(!check.wants(frame(alpha: 1)))
        check.decoded("/a.jpg", pixels: photo())
        #expect(!check.wants(frame(alpha: 0.5)), "a fade-in is not judged on")
        #expect(!check.wants(frame(alpha: 1, showsContent: false)))
        #expect(check.wants(frame(alpha: 1)))
        #expect(check.judge(photo()) == .draws)
        #expect(check.done)
        #expect(!check.wants(frame(alpha: 1)))
    }

    @Test func aBlackFrameWherePhotoShouldBeIsARendererThatDrawsNothing() {
        var check = RendererCheck()
        check.decoded("/a.jpg", pixels: photo())
        #expect(check.judge(PixelBuffer(width: 1920, height: 1080, color: PixelBuffer.argb(0, 0, 0))) == .black)
        // Not done: the next renderer is judged on the next such frame.
        #expect(!check.done)
        #expect(check.wants(frame(alpha: 1)))
        #expect(check.judge(nil) == .unreadable)
        #expect(check.done)
    }

    @Test func aDarkPhotoIsNotJudgedOn() {
        var check = RendererCheck()
        check.decoded("/a.jpg", pixels: photo(light: PixelBuffer.argb(20, 20, 20)))
        #expect(!check.wants(frame(alpha: 1)))
        // A photo with a little light in it (a sixteenth of the picture) is not enough either.
        var speck = PixelBuffer(width: 64, height: 64, color: 0)
        for y in 0..<16 { for x in 0..<16 { speck[x, y] = PixelBuffer.argb(255, 255, 255) } }
        #expect(!RendererCheck.hasLight(speck))
        #expect(RendererCheck.hasLight(photo()))
        #expect(!RendererCheck.isBlack(photo()))
        #expect(RendererCheck.isBlack(photo(light: PixelBuffer.argb(10, 12, 8), dark: 0)))
    }

    @Test func onKMSDRMOpenGLES2ComesBeforeOpenGLThenSoftware() {
        #expect(Display.rendererOrder(.auto, videoDriver: "kmsdrm") == [.opengles2, .opengl, .software])
        #expect(Display.rendererOrder(.auto, videoDriver: "x11") == [.auto, .software])
        #expect(Display.rendererOrder(.opengl, videoDriver: "kmsdrm") == [.opengl])
        #expect(Display.rendererOrder(.software, videoDriver: "x11") == [.software])
    }
}
