import CSDL2
import Testing
import VitrineCore

@testable import VitrineSDL

@Suite("SDL events through the player's event pump")
struct EventPumpTests {
    @Test func aButtonReleasedOutsideTheWindowIsLetGoWhenTheWindowLosesFocus() {
        var pump = EventPump()
        var polled = PolledEvents()
        var down = SDL_Event()
        down.button.type = SDL_MOUSEBUTTONDOWN.rawValue
        down.button.which = 0
        down.button.button = UInt8(SDL_BUTTON_LEFT)
        down.button.x = 0
        down.button.y = 0
        pump.take(down, window: nil, time: ShowTime(seconds: 1), into: &polled)
        var focusLost = SDL_Event()
        focusLost.window.type = SDL_WINDOWEVENT.rawValue
        focusLost.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        pump.take(focusLost, window: nil, time: ShowTime(seconds: 2), into: &polled)
        #expect(polled.input.map(\.kind) == [.down(id: 0, x: 0.5, y: 0.5), .up(id: 0, x: -1, y: -1)])
        // The window must be drawn again as well.
        #expect(polled.exposed)
    }

    @Test func keysAreKeysAndQuitIsQuit() {
        var pump = EventPump()
        var polled = PolledEvents()
        var key = SDL_Event()
        key.key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_SPACE.rawValue)
        pump.take(key, window: nil, time: ShowTime(seconds: 3), into: &polled)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        pump.take(quit, window: nil, time: ShowTime(seconds: 3), into: &polled)
        #expect(polled.input == [InputEvent(time: ShowTime(seconds: 3), kind: .key(.space))])
        #expect(polled.quit)
    }
}
