import CSDL2
import Testing
import VitrineCore

@testable import VitrineSDL

@Suite("SDL pointer events to input events")
struct PointerInputTests {
    func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float) -> SDL_Event {
        var e = SDL_Event()
        e.tfinger.type = type.rawValue
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        return e
    }

    @Test func fingersGetSmallIdsThatAreReusedAfterTheyLift() {
        var input = PointerInput()
        let a = input.translate(finger(SDL_FINGERDOWN, id: 987_654_321, x: 0.25, y: 0.5), window: nil, time: 1)
        let b = input.translate(finger(SDL_FINGERDOWN, id: -5, x: 0.75, y: 0.5), window: nil, time: 1.1)
        #expect(a?.kind == .down(id: 1, x: 0.25, y: 0.5))
        #expect(b?.kind == .down(id: 2, x: 0.75, y: 0.5))
        #expect(b?.time == 1.1)
        let moved = input.translate(finger(SDL_FINGERMOTION, id: -5, x: 0.5, y: 0.25), window: nil, time: 1.2)
        #expect(moved?.kind == .move(id: 2, x: 0.5, y: 0.25))
        let lifted = input.translate(finger(SDL_FINGERUP, id: 987_654_321, x: 0.25, y: 0.5), window: nil, time: 1.3)
        #expect(lifted?.kind == .up(id: 1, x: 0.25, y: 0.5))
        let again = input.translate(finger(SDL_FINGERDOWN, id: 42, x: 0.1, y: 0.1), window: nil, time: 1.4)
        #expect(again?.kind == .down(id: 1, x: Double(Float(0.1)), y: Double(Float(0.1))))
    }

    @Test func motionOfAnUnknownFingerIsDropped() {
        var input = PointerInput()
        #expect(input.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.5, y: 0.5), window: nil, time: 1) == nil)
        #expect(input.translate(finger(SDL_FINGERUP, id: 7, x: 0.5, y: 0.5), window: nil, time: 1) == nil)
    }

    @Test func mouseEventsMadeFromTouchesAreIgnoredAndTheLeftButtonIsFingerZero() {
        var input = PointerInput()
        var synthesised = SDL_Event()
        synthesised.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        synthesised.button.which = UInt32.max
        synthesised.button.button = UInt8(SDL_BUTTON_LEFT)
        #expect(input.translate(synthesised, window: nil, time: 1) == nil)
        var right = synthesised
        right.button.which = 0
        right.button.button = UInt8(SDL_BUTTON_RIGHT)
        #expect(input.translate(right, window: nil, time: 1) == nil)
        var left = right
        left.button.button = UInt8(SDL_BUTTON_LEFT)
        if case .down(let id, _, _) = input.translate(left, window: nil, time: 1)?.kind {
            #expect(id == 0)
        } else {
            Issue.record("the left button did not touch down")
        }
        // Moving without the button down is hovering, not dragging.
        var motion = SDL_Event()
        motion.motion.type = SDL_MOUSEMOTION.rawValue
        #expect(input.translate(motion, window: nil, time: 1.1) != nil)
        var release = left
        release.button.type = SDL_MOUSEBUTTONUP.rawValue
        _ = input.translate(release, window: nil, time: 1.2)
        #expect(input.translate(motion, window: nil, time: 1.3) == nil)
    }
}
