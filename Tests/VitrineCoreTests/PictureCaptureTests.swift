import Foundation
import Testing

@testable import VitrineCore

/// When the screen's picture is taken for remotes.
@Suite struct PictureCaptureTests {
    private func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: seconds) }

    /// A frame drawing the slide whose file is `path`, with `text` over it when given.
    private func frame(_ path: String, text: String? = nil, slides: Int = 1) -> FrameOutput {
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        var ops: [DrawOp] = (0..<slides).map { .image(slide: $0, rect: rect, alpha: 1) }
        if let text { ops.append(.text(TextBlock(text, size: 20), box: rect, alpha: 1)) }
        return FrameOutput(
            scene: Scene(size: Size(width: 100, height: 100), background: .black, ops: ops),
            paths: Dictionary(uniqueKeysWithValues: (0..<slides).map { ($0, slides == 1 ? path : "\(path)\($0)") }),
            decodes: DecodePlan(), requests: [], status: "", rotation: .none, exitCode: nil)
    }

    @Test func aPictureIsTakenOnceItHasRestedAndAgainOnlyAfterAChangeAndTheInterval() {
        var capture = PictureCapture()
        let a = frame("/a.jpg")
        let r1 = capture.wants(a, mode: .attract, interval: 5, at: at(0))
        #expect(!r1)
        let r2 = capture.wants(a, mode: .attract, interval: 5, at: at(0.9))
        #expect(!r2, "not rested yet")
        let r3 = capture.wants(a, mode: .attract, interval: 5, at: at(1))
        #expect(r3)
        capture.taken(a, mode: .attract, at: at(1))
        let r4 = capture.wants(a, mode: .attract, interval: 5, at: at(10))
        #expect(!r4, "the same picture is not sent again")
        let b = frame("/b.jpg")
        let r5 = capture.wants(b, mode: .attract, interval: 5, at: at(2))
        #expect(!r5)
        let r6 = capture.wants(b, mode: .attract, interval: 5, at: at(3.5))
        #expect(!r6, "rested, but within the interval")
        let r7 = capture.wants(b, mode: .attract, interval: 5, at: at(6))
        #expect(r7)
    }

    @Test func noPictureWhileNoneIsWantedOrDuringATransition() {
        var capture = PictureCapture()
        let r8 = capture.wants(frame("/a.jpg"), mode: .attract, interval: nil, at: at(5))
        #expect(!r8)
        let fading = frame("/a.jpg", slides: 2)
        let r9 = capture.wants(fading, mode: .attract, interval: 1, at: at(0))
        #expect(!r9)
        let r10 = capture.wants(fading, mode: .attract, interval: 1, at: at(3))
        #expect(!r10, "a fade never rests")
        #expect(capture.rest == .moving)
    }

    @Test func newTextRestsHalfAsLongAsANewPicture() {
        var capture = PictureCapture()
        let plain = frame("/a.jpg")
        _ = capture.wants(plain, mode: .attract, interval: 1, at: at(0))
        let r11 = capture.wants(plain, mode: .attract, interval: 1, at: at(1))
        #expect(r11)
        capture.taken(plain, mode: .attract, at: at(1))
        let noticed = frame("/a.jpg", text: "Display off in 1 minute")
        let r12 = capture.wants(noticed, mode: .attract, interval: 1, at: at(2))
        #expect(!r12)
        let r13 = capture.wants(noticed, mode: .attract, interval: 1, at: at(2.4))
        #expect(!r13)
        let r14 = capture.wants(noticed, mode: .attract, interval: 1, at: at(2.5))
        #expect(r14)
    }

    @Test func aDarkPanelSendsOneDarkPicture() {
        var capture = PictureCapture()
        let r15 = capture.panelDark(interval: nil, at: at(0))
        #expect(!r15, "no remotes, no picture")
        let r16 = capture.panelDark(interval: 5, at: at(0))
        #expect(r16)
        let r17 = capture.panelDark(interval: 5, at: at(30))
        #expect(!r17, "once")
        #expect(capture.last?.keys == PictureCapture.darkKeys)
        let a = frame("/a.jpg")
        _ = capture.wants(a, mode: .attract, interval: 5, at: at(31))
        let r18 = capture.wants(a, mode: .attract, interval: 5, at: at(32))
        #expect(r18, "the lit picture after it")
    }
}
