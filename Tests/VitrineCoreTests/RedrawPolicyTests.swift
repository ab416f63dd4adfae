import Testing

@testable import VitrineCore

/// A reading of the monotonic clock `seconds` after its start.
private func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: seconds) }

@Suite struct RedrawPolicyTests {
    let still = Scene(
        size: Size(width: 10, height: 10), background: .black,
        ops: [.image(slide: 0, rect: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 1)])

    @Test func theSamePictureIsNotDrawnTwice() {
        var policy = RedrawPolicy(keepAlive: 0.5)
        #expect(policy.needsDrawing(still, keys: ["a"], at: at(0)), "the first frame is drawn")
        policy.presented(still, keys: ["a"], at: at(0))
        #expect(!policy.needsDrawing(still, keys: ["a"], at: at(0.1)))
        #expect(!policy.needsDrawing(still, keys: ["a"], at: at(0.49)))
        #expect(policy.needsDrawing(still, keys: ["a"], at: at(0.5)), "kept alive twice a second")
    }

    @Test func anyChangeIsDrawn() {
        var policy = RedrawPolicy()
        policy.presented(still, keys: ["a"], at: at(0))
        var faded = still
        faded.ops[0] = .image(slide: 0, rect: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0.5)
        #expect(policy.needsDrawing(faded, keys: ["a"], at: at(0.1)), "another picture")
        #expect(policy.needsDrawing(still, keys: ["b"], at: at(0.1)), "slide 0 is another image now")
        #expect(policy.needsDrawing(still, keys: ["a"], at: at(-1)), "a clock that went backwards")
        policy.invalidate()
        #expect(policy.needsDrawing(still, keys: ["a"], at: at(0.1)), "after an invalidation")
        policy.presented(still, keys: ["a"], at: at(0.1))
        #expect(!policy.needsDrawing(still, keys: ["a"], at: at(0.2)))
    }
}
