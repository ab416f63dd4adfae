import CSDL2
import Glibc
import VitrineCore
import VitrineMedia

/// Times frames drawn with SDL's software renderer into a memory surface:
/// a plain full-screen texture copy as the yardstick, then scenes drawn by
/// SDL's own path (`SceneRenderer`, alpha-modulated copies) and by the Swift
/// compositor (`SoftwareSceneRenderer`).
public final class FrameBenchmark {
    public let width: Int
    public let height: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer

    public init(width: Int, height: Int) throws(DisplayError) {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw DisplayError(description: "cannot create a surface: \(SDLError.message())") }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw DisplayError(description: "cannot create the software renderer: \(SDLError.message())")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Seconds per frame (median of `frames`) of one full-screen copy of an opaque texture, no blending.
    public func plainCopy(_ image: PixelBuffer, frames: Int) -> Double {
        guard let texture = Texture.upload(image, to: renderer) else { return .nan }
        // A measurement of the copy: SDL's calls here fail only for a renderer or texture that is
        // not valid, and these are alive while it runs.
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
        return median(frames) {
            SDL_RenderCopy(renderer, texture.handle, nil, nil)
            SDL_RenderFlush(renderer)
        }
    }

    /// Seconds per frame (median) of `scenes` drawn in turn, one a frame, by
    /// SDL's renderer path or by the Swift compositor. One scene: the same
    /// frame again and again, as while the show stands still; two scenes a
    /// frame apart: the frames of something moving, as the player draws them.
    public func draw(
        _ scenes: [Scene], images: [String: PixelBuffer], key: @escaping (Int) -> String?, compositor: Bool,
        frames: Int, backdrops: [String: PixelBuffer] = [:]
    )
        -> Double
    {
        guard !scenes.isEmpty else { return .nan }
        let drawer: any SceneDrawing =
            compositor
            ? SoftwareSceneRenderer(renderer: renderer, target: { [surface] in surface })
            : SceneRenderer(renderer: renderer)
        defer { drawer.removeAll() }
        for (name, pixels) in images { drawer.setImage(pixels, sourceSize: pixels.size, for: name) }
        for (name, pixels) in backdrops { drawer.setBackdrop(pixels, for: name) }
        var next = 0
        return median(frames) {
            drawer.draw(scenes[next], key: key)
            SDL_RenderFlush(renderer)
            next = (next + 1) % scenes.count
        }
    }

    /// The surface's pixels after the last frame.
    public func pixels() -> PixelBuffer { PixelBuffer(copying: surface) }

    /// The median CPU time (every thread of the process) of the frames last
    /// measured, in seconds: unlike their wall time, hardly changed by other
    /// programs' load on the machine.
    public private(set) var lastCPU = Double.nan

    /// The wall time of the fastest of the frames last measured, in seconds:
    /// what the frame costs when nothing else holds the cores meanwhile.
    public private(set) var lastFastest = Double.nan

    private func median(_ frames: Int, _ body: () -> Void) -> Double {
        body()  // warm up: first-use allocations are not a frame's cost
        var times: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<max(1, frames) {
            let used = Self.processCPU()
            let start = SDL_GetPerformanceCounter()
            body()
            times.append(Double(SDL_GetPerformanceCounter() - start) / Double(SDL_GetPerformanceFrequency()))
            cpu.append(Self.processCPU() - used)
        }
        times.sort()
        cpu.sort()
        lastCPU = cpu[cpu.count / 2]
        lastFastest = times[0]
        return times[times.count / 2]
    }

    private static func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
