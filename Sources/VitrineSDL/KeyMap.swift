import CSDL2
import VitrineCore

/// SDL key codes to the core's keys.
enum KeyMap {
    static func key(_ code: SDL_Keycode) -> Key? {
        switch code {
        case SDL_Keycode(SDLK_RIGHT.rawValue): return .right
        case SDL_Keycode(SDLK_LEFT.rawValue): return .left
        case SDL_Keycode(SDLK_UP.rawValue): return .up
        case SDL_Keycode(SDLK_DOWN.rawValue): return .down
        case SDL_Keycode(SDLK_SPACE.rawValue): return .space
        case SDL_Keycode(SDLK_HOME.rawValue): return .home
        case SDL_Keycode(SDLK_END.rawValue): return .end
        case SDL_Keycode(SDLK_f.rawValue): return .f
        case SDL_Keycode(SDLK_g.rawValue): return .g
        case SDL_Keycode(SDLK_i.rawValue): return .i
        case SDL_Keycode(SDLK_q.rawValue): return .q
        case SDL_Keycode(SDLK_ESCAPE.rawValue): return .escape
        default: return nil
        }
    }
}
