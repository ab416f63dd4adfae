import CSDL2
import Glibc
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
        let a = input.translate(
            finger(SDL_FINGERDOWN, id: 987_654_321, x: 0.25, y: 0.5), window: nil, time: ShowTime(seconds: 1))
        let b = input.translate(
            finger(SDL_FINGERDOWN, id: -5, x: 0.75, y: 0.5), window: nil, time: ShowTime(seconds: 1.1))
        #expect(a?.kind == .down(id: 1, x: 0.25, y: 0.5))
        #expect(b?.kind == .down(id: 2, x: 0.75, y: 0.5))
        #expect(b?.time == ShowTime(seconds: 1.1))
        let moved = input.translate(
            finger(SDL_FINGERMOTION, id: -5, x: 0.5, y: 0.25), window: nil, time: ShowTime(seconds: 1.2))
        #expect(moved?.kind == .move(id: 2, x: 0.5, y: 0.25))
        let lifted = input.translate(
            finger(SDL_FINGERUP, id: 987_654_321, x: 0.25, y: 0.5), window: nil, time: ShowTime(seconds: 1.3))
        #expect(lifted?.kind == .up(id: 1, x: 0.25, y: 0.5))
        let again = input.translate(
            finger(SDL_FINGERDOWN, id: 42, x: 0.1, y: 0.1), window: nil, time: ShowTime(seconds: 1.4))
        #expect(again?.kind == .down(id: 1, x: Double(Float(0.1)), y: Double(Float(0.1))))
    }

    @Test func motionOfAnUnknownFingerIsDropped() {
        var input = PointerInput()
        #expect(
            input.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.5, y: 0.5), window: nil, time: ShowTime(seconds: 1))
                == nil)
        #expect(
            input.translate(finger(SDL_FINGERUP, id: 7, x: 0.5, y: 0.5), window: nil, time: ShowTime(seconds: 1)) == nil
        )
    }

    @Test func mouseEventsMadeFromTouchesAreIgnoredAndTheLeftButtonIsFingerZero() {
        var input = PointerInput()
        var synthesised = SDL_Event()
        synthesised.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        synthesised.button.which = UInt32.max
        synthesised.button.button = UInt8(SDL_BUTTON_LEFT)
        #expect(input.translate(synthesised, window: nil, time: ShowTime(seconds: 1)) == nil)
        var right = synthesised
        right.button.which = 0
        right.button.button = UInt8(SDL_BUTTON_RIGHT)
        #expect(input.translate(right, window: nil, time: ShowTime(seconds: 1)) == nil)
        var left = right
        left.button.button = UInt8(SDL_BUTTON_LEFT)
        if case .down(let id, _, _) = input.translate(left, window: nil, time: ShowTime(seconds: 1))?.kind {
            #expect(id == 0)
        } else {
            Issue.record("the left button did not touch down")
        }
        // Moving without the button down is hovering, not dragging.
        var motion = SDL_Event()
        motion.motion.type = SDL_MOUSEMOTION.rawValue
        #expect(input.translate(motion, window: nil, time: ShowTime(seconds: 1.1)) != nil)
        var release = left
        release.button.type = SDL_MOUSEBUTTONUP.rawValue
        _ = input.translate(release, window: nil, time: ShowTime(seconds: 1.2))
        #expect(input.translate(motion, window: nil, time: ShowTime(seconds: 1.3)) == nil)
    }

    /// A button event of mouse `which` at SDL's window coordinates (x, y).
    func button(_ type: SDL_EventType, which: UInt32, x: Int32, y: Int32) -> SDL_Event {
        var e = SDL_Event()
        e.button.type = type.rawValue
        e.button.which = which
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.x = x
        e.button.y = y
        return e
    }

    @Test func anAbsolutePointerTapsWhereTheDeviceSaysNotWhereSDLClampedIt() {
        var input = PointerInput()
        // A test double for reading /dev/input (no input devices here): mouse 7 is a tablet
        // touched at its centre; any other id is a relative mouse.
        input.absolutePosition = { id in id == 7 ? (x: 0.5, y: 0.5) : nil }
        // SDL 2.26 on KMS/DRM: the raw 16384 clamped to the window's last pixel.
        let down = input.translate(
            button(SDL_MOUSEBUTTONDOWN, which: 7, x: 1279, y: 719), window: nil, time: ShowTime(seconds: 1))
        #expect(down?.kind == .down(id: 0, x: 0.5, y: 0.5))
        let up = input.translate(
            button(SDL_MOUSEBUTTONUP, which: 7, x: 16384, y: 0), window: nil, time: ShowTime(seconds: 1.1))
        #expect(up?.kind == .up(id: 0, x: 0.5, y: 0.5))
        // A relative mouse keeps SDL's coordinates (no window: 1×1, so pixel 0 is its middle).
        let mouse = input.translate(
            button(SDL_MOUSEBUTTONDOWN, which: 3, x: 0, y: 0), window: nil, time: ShowTime(seconds: 2))
        #expect(mouse?.kind == .down(id: 0, x: 0.5, y: 0.5))
        let moved = input.translate(
            {
                var e = SDL_Event()
                e.motion.type = SDL_MOUSEMOTION.rawValue
                e.motion.which = 3
                e.motion.x = 1
                return e
            }(), window: nil, time: ShowTime(seconds: 2.1))
        #expect(moved?.kind == .move(id: 0, x: 1.5, y: 0.5))
    }

    @Test func anAxisRangeScalesToTheScreen() throws {
        // QEMU's usb-tablet: 0…32767 on both axes.
        let tablet = AbsolutePointer.Axis(minimum: 0, maximum: 32767)
        let centre = try #require(tablet.normalised(16384))
        #expect(abs(centre - 0.5) < 0.0001)
        #expect(tablet.normalised(0) == 0)
        #expect(tablet.normalised(32767) == 1)
        // A panel with an offset range, and values past its ends (clamped).
        let panel = AbsolutePointer.Axis(minimum: 200, maximum: 3900)
        #expect(panel.normalised(2050) == 0.5)
        #expect(panel.normalised(100) == 0)
        #expect(panel.normalised(5000) == 1)
        #expect(AbsolutePointer.Axis(minimum: 5, maximum: 5).normalised(5) == nil)
    }

    @Test func aDescriptorThatIsNoInputDeviceHasNoAbsolutePosition() {
        // Standard input, and a descriptor open on /dev/null: neither is /dev/input/event*.
        #expect(AbsolutePointer.position(ofMouse: 0) == nil)
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        #expect(fd >= 0)
        #expect(AbsolutePointer.position(ofMouse: UInt32(fd)) == nil)
        #expect(AbsolutePointer.position(ofMouse: UInt32.max) == nil)
    }
}
