import CSDL2
import Foundation

/// Which OpenGL driver SDL's accelerated renderer runs on, asked of a short-lived process of
/// its own (`vitrine gl-probe`) before the player opens its window. Where the driver is a
/// software rasteriser, `--renderer auto` draws with the software renderer, and the driver
/// (Mesa's llvmpipe with LLVM: some 30 MB once loaded, never given back) never loads in the
/// player itself.
public enum GLProbe {
    /// What a probe found: SDL's name of its accelerated renderer, and the OpenGL driver behind
    /// it (`GL_RENDERER`; empty when the renderer is not OpenGL).
    public struct Found: Equatable, Sendable {
        public var renderer: String
        public var driver: String
    }

    /// Seconds a probe may take before it is given up (the player then looks for itself).
    static let deadline = 10.0

    /// The probe's side: opens a hidden window and SDL's accelerated renderer on it, prints
    /// `renderer<TAB>driver` and returns the exit code (1 when no such renderer could be made).
    public static func runHere() -> Int32 {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { return 1 }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        guard let window = SDL_CreateWindow("Vitrine", 0, 0, 16, 16, SDL_WINDOW_HIDDEN.rawValue) else { return 1 }
        defer { SDL_DestroyWindow(window) }
        // Refused only when the environment set the driver at a higher priority: then that one is probed.
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "")
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, accelerated) else { return 1 }
        defer { SDL_DestroyRenderer(renderer) }
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name.map({ String(cString: $0) }) else {
            return 1
        }
        let driver = name == "opengl" || name == "opengles2" ? Display.glRenderer(of: renderer) : ""
        print(line(Found(renderer: name, driver: driver)))
        return 0
    }

    /// Runs `executable gl-probe` with this process's environment; nil when it failed, took
    /// longer than `deadline` or said nothing readable.
    public static func ask(executable: String = "/proc/self/exe") -> Found? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["gl-probe"]
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in done.signal() }
        do {
            try child.run()
        } catch {
            return nil
        }
        guard done.wait(timeout: .now() + deadline) == .success else {
            child.terminate()
            child.waitUntilExit()
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return child.terminationStatus == 0 ? parse(text) : nil
    }

    static func line(_ found: Found) -> String { "\(found.renderer)\t\(found.driver)" }

    /// The probe's line read back; nil for anything else.
    static func parse(_ text: String) -> Found? {
        let parts = text.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else { return nil }
        return Found(renderer: String(parts[0]), driver: String(parts[1]))
    }
}
