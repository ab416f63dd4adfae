import CSDL2
import Glibc
import VitrineCore
import VitrineMedia

/// Times frames shown in a real window on SDL's software renderer, as `play`
/// draws them: the composing of the pictures into the window's surface apart
/// from the present (SDL_RenderPresent, which hands the surface to the display
/// server), and the CPU the process used meanwhile.
public final class WindowBenchmark {
    /// One run's figures.
    public struct Result: Sendable {
        /// Medians, in seconds, of composing a frame and of presenting it.
        public var compose: Double
        public var present: Double
        /// Frames shown per second of wall time, and the CPU used over that time (1 = one core busy).
        public var framesPerSecond: Double
        public var cpu: Double
        /// The same at 60 Hz, paced as the player paces the software renderer:
        /// frames shown per second, how many came over 1.5 ticks after the one
        /// before, and the CPU used.
        public var pacedPerSecond: Double
        public var late: Int
        public var pacedCPU: Double
        /// The SDL video driver and how the window's surface reaches the screen.
        public var driver: String
        public var framebuffer: String
    }

    private let display: Display
    private let drawer: SoftwareSceneRenderer

    /// Opens a window of `size` (nil: fullscreen) on the software renderer; throws when there is no display.
    public init(size: Size?) throws(DisplayError) {
        var options = DisplayOptions()
        options.windowed = size
        options.renderer = .software
        if let driver = SDL_GetHint(SDL_HINT_VIDEODRIVER) { options.videoDriver = String(cString: driver) }
        display = try Display(options)
        let window = display.window
        drawer = SoftwareSceneRenderer(renderer: display.renderer, target: { SDL_GetWindowSurface(window) })
    }

    deinit {
        drawer.removeAll()
    }

    /// The drawable size of the window.
    public var outputSize: Size { display.outputSize }

    /// Draws `scenes` one after another for `frames` frames as fast as they
    /// present, then `frames` more at 60 Hz.
    public func run(
        _ scenes: [Scene], images: [String: PixelBuffer], key: @escaping (Int) -> String?, frames: Int
    ) -> Result {
        for (name, pixels) in images { drawer.setImage(pixels, sourceSize: pixels.size, for: name) }
        let frequency = Double(SDL_GetPerformanceFrequency())
        let seconds = { (start: UInt64) in Double(SDL_GetPerformanceCounter() - start) / frequency }
        var composing: [Double] = []
        var presenting: [Double] = []
        var event = SDL_Event()
        // A few frames first, so the window is mapped and its surface made.
        for i in 0..<(frames + 5) {
            while SDL_PollEvent(&event) != 0 {}
            if i == 5 {
                composing.removeAll()
                presenting.removeAll()
            }
            let start = SDL_GetPerformanceCounter()
            drawer.draw(scenes[i % max(1, scenes.count)], key: key)
            let drawn = SDL_GetPerformanceCounter()
            composing.append(Double(drawn - start) / frequency)
            display.present()
            presenting.append(seconds(drawn))
        }
        let cpuBefore = Self.cpuSeconds()
        let wallStart = SDL_GetPerformanceCounter()
        for i in 0..<frames {
            while SDL_PollEvent(&event) != 0 {}
            drawer.draw(scenes[i % max(1, scenes.count)], key: key)
            display.present()
        }
        let wall = seconds(wallStart)
        let cpu = (Self.cpuSeconds() - cpuBefore) / max(wall, 1e-9)
        var pacer = FramePacer()
        var late = 0
        let pacedCPUBefore = Self.cpuSeconds()
        let pacedStart = SDL_GetPerformanceCounter()
        var last = pacedStart
        for i in 0..<frames {
            while SDL_PollEvent(&event) != 0 {}
            drawer.draw(scenes[i % max(1, scenes.count)], key: key)
            display.present()
            let now = SDL_GetPerformanceCounter()
            if i > 0, Double(now - last) / frequency > 1.5 * pacer.period { late += 1 }
            last = now
            pacer.wait()
        }
        let pacedWall = seconds(pacedStart)
        let pacedCPU = (Self.cpuSeconds() - pacedCPUBefore) / max(pacedWall, 1e-9)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        return Result(
            compose: Self.median(composing), present: Self.median(presenting),
            framesPerSecond: Double(frames) / max(wall, 1e-9), cpu: cpu,
            pacedPerSecond: Double(frames) / max(pacedWall, 1e-9), late: late, pacedCPU: pacedCPU, driver: driver,
            framebuffer: drawer.lastFrameDirect ? "composed into the window surface" : "through a texture")
    }

    /// CPU seconds (user and system) this process has used.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        return values.sorted()[values.count / 2]
    }
}
