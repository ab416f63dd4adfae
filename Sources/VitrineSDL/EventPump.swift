import CSDL2
import VitrineCore
import VitrinePOSIX

/// What one poll of SDL's events brought.
struct PolledEvents {
    /// Input events in panel coordinates (not yet turned by the rotation).
    var input: [InputEvent] = []
    /// The window was closed.
    var quit = false
    /// The renderer lost its textures (a VT switch or a lost display on KMS/DRM).
    var texturesLost = false
    /// The window's contents must be drawn again (exposed, resized, shown).
    var exposed = false
    /// Ctrl+Alt+F<n> asked for virtual terminal n (not passed on as a key).
    var terminal: Int?
}

/// SDL events as the core's input events. Window events are seen by the
/// pointer too: a button released outside the window is let go on focus loss.
struct EventPump {
    private var pointers = PointerInput()
    /// Whether the video driver waits for events itself (X11 and Wayland wait on their
    /// connection; elsewhere SDL would poll every millisecond, so the pump sleeps in slices).
    private let driverWaits: Bool
    /// The event a wait returned, handed out by the next poll first.
    private var held: SDL_Event?
    /// Where a driver without a wait of its own looks for events while resting, when its input
    /// devices cannot be waited on.
    static let restSlice = 0.05
    /// On KMS/DRM: the input devices, waited on while resting; nil elsewhere, or when
    /// `/dev/input` cannot be watched (then the pump looks every `restSlice`).
    let devices: InputDeviceWait?

    /// On KMS/DRM (`videoDriver` "kmsdrm") an absolute pointer's position is read from the
    /// device, as SDL 2.26 passes its raw axis values on unscaled.
    init(videoDriver: String = "") {
        if videoDriver == "kmsdrm" { pointers.absolutePosition = AbsolutePointer.position(ofMouse:) }
        driverWaits = ["x11", "wayland"].contains(videoDriver)
        devices = videoDriver == "kmsdrm" ? Self.watchDevices() : nil
    }

    /// The input devices to rest on, said once in the log.
    private static func watchDevices() -> InputDeviceWait? {
        let log = Log("input")
        do {
            let devices = try InputDeviceWait()
            log.info(
                "at rest the loop sleeps until one of the \(devices.watched.count) input devices in "
                    + "\(devices.folder) has events")
            return devices
        } catch {
            log.warning("cannot watch /dev/input (\(error)); at rest the loop looks for input every 50 ms")
            return nil
        }
    }

    /// Every event SDL has queued, stamped with show time `time`.
    mutating func poll(window: OpaquePointer?, time: ShowTime) -> PolledEvents {
        var polled = PolledEvents()
        if let event = held {
            held = nil
            take(event, window: window, time: time, into: &polled)
        }
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { take(event, window: window, time: time, into: &polled) }
        return polled
    }

    /// Sleeps until an event comes or `length` passes (a signal also ends the wait on X11). SDL
    /// counts the wait in whole milliseconds.
    mutating func wait(for length: Seconds) {
        guard held == nil, length > .zero else { return }
        let milliseconds = Int32(min(length.milliseconds, Double(Int32.max)).rounded(.down))
        if driverWaits {
            var event = SDL_Event()
            if SDL_WaitEventTimeout(&event, milliseconds) == 1 { held = event }
            return
        }
        if let devices {
            // What came before the drain is in SDL's own copy of the devices' events: taken
            // now. What comes after wakes the wait.
            devices.drain()
            SDL_PumpEvents()
            if SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE { return }
            _ = devices.wait(milliseconds: milliseconds)
            return
        }
        var left = milliseconds
        while left > 0 {
            let slice = min(left, Int32(Self.restSlice * 1000))
            SDL_Delay(UInt32(slice))
            left -= slice
            SDL_PumpEvents()
            if SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE { return }
        }
    }

    mutating func take(_ event: SDL_Event, window: OpaquePointer?, time: ShowTime, into polled: inout PolledEvents) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            polled.quit = true
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            polled.texturesLost = true
        case SDL_KEYDOWN:
            let mod = UInt32(event.key.keysym.mod)
            let function = Int(event.key.keysym.sym) - Int(SDLK_F1.rawValue) + 1
            if let terminal = ConsoleHandover.terminal(
                forFunctionKey: function, control: mod & KMOD_CTRL.rawValue != 0, alt: mod & KMOD_ALT.rawValue != 0)
            {
                polled.terminal = terminal
            } else if let key = KeyMap.key(event.key.keysym.sym) {
                polled.input.append(InputEvent(time: time, kind: .key(key)))
            }
        default:
            if SDL_EventType(event.type) == SDL_WINDOWEVENT { polled.exposed = true }
            if let input = pointers.translate(event, window: window, time: time) { polled.input.append(input) }
        }
    }
}
