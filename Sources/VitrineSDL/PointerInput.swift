import CSDL2
import VitrineCore

/// SDL's finger, mouse and wheel events as the core's input events, in
/// normalised output coordinates. Touchscreen fingers get small ids from 1 up
/// (SDL's are arbitrary 64-bit numbers); the left mouse button is finger 0;
/// the wheel zooms about the pointer.
struct PointerInput {
    /// SDL finger → the id the core sees.
    private var fingers: [SDL_FingerID: Int] = [:]
    private var mouseDown = false

    /// SDL's id for mouse events synthesised from touches, which arrive as fingers already.
    private static let touchMouseID = UInt32.max
    /// Where mouse `id` points, as 0…1 of the screen, when SDL's coordinates for it cannot be
    /// trusted (an absolute pointer on KMS/DRM: `AbsolutePointer`); nil uses SDL's.
    var absolutePosition: ((_ id: UInt32) -> (x: Double, y: Double)?)?

    mutating func translate(_ event: SDL_Event, window: OpaquePointer?, time: ShowTime) -> InputEvent? {
        switch SDL_EventType(event.type) {
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            return finger(event.tfinger, time: time)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, Int32(b.button) == SDL_BUTTON_LEFT else { return nil }
            let (x, y) = absolutePosition?(b.which) ?? Self.normalised(b.x, b.y, window: window)
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
                mouseDown = true
                return InputEvent(time: time, kind: .down(id: 0, x: x, y: y))
            }
            guard mouseDown else { return nil }
            mouseDown = false
            return InputEvent(time: time, kind: .up(id: 0, x: x, y: y))
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard mouseDown, m.which != Self.touchMouseID else { return nil }
            let (x, y) = absolutePosition?(m.which) ?? Self.normalised(m.x, m.y, window: window)
            return InputEvent(time: time, kind: .move(id: 0, x: x, y: y))
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != Self.touchMouseID, w.y != 0 else { return nil }
            var px: Int32 = 0
            var py: Int32 = 0
            SDL_GetMouseState(&px, &py)
            let (x, y) = absolutePosition?(w.which) ?? Self.normalised(px, py, window: window)
            let flipped = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
            return InputEvent(time: time, kind: .wheel(x: x, y: y, dy: Double(flipped ? -w.y : w.y)))
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue):
            // A button released outside the window never comes back: let go of it here.
            guard mouseDown else { return nil }
            mouseDown = false
            return InputEvent(time: time, kind: .up(id: 0, x: -1, y: -1))
        default:
            return nil
        }
    }

    private mutating func finger(_ f: SDL_TouchFingerEvent, time: ShowTime) -> InputEvent? {
        let x = Double(f.x)
        let y = Double(f.y)
        switch SDL_EventType(f.type) {
        case SDL_FINGERDOWN:
            var id = 1
            while fingers.values.contains(id) { id += 1 }
            fingers[f.fingerId] = id
            return InputEvent(time: time, kind: .down(id: id, x: x, y: y))
        case SDL_FINGERMOTION:
            guard let id = fingers[f.fingerId] else { return nil }
            return InputEvent(time: time, kind: .move(id: id, x: x, y: y))
        default:
            guard let id = fingers.removeValue(forKey: f.fingerId) else { return nil }
            return InputEvent(time: time, kind: .up(id: id, x: x, y: y))
        }
    }

    /// Window coordinates (SDL's points) to 0…1 of the window, which the output fills.
    private static func normalised(_ x: Int32, _ y: Int32, window: OpaquePointer?) -> (x: Double, y: Double) {
        var w: Int32 = 1
        var h: Int32 = 1
        if let window { SDL_GetWindowSize(window, &w, &h) }
        return ((Double(x) + 0.5) / Double(max(w, 1)), (Double(y) + 0.5) / Double(max(h, 1)))
    }
}
