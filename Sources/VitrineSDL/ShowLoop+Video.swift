import Foundation
import VitrineCore
import VitrineMedia

/// Whether the play loop's clips render on the GPU.
enum VideoGLState {
    case untried
    case using(RendererVideoTextures)
    case software
}

/// The play loop's video steps: a clip's newest frame becomes its slide's image,
/// so transitions, fit, rotation and overlays draw it as they draw a photo.
extension ShowLoop {
    /// New frames go into the drawer; a clip's first frame also tells the director its size and length.
    func takeVideoFrames() -> [(path: String, reason: String)] {
        var (frames, failed) = video.deck.poll(now: ProcessInfo.processInfo.systemUptime)
        // A paused clip gives no new frame: after the drawer lost its images, its last one goes back in.
        let fresh = Set(frames.map(\.path))
        frames += video.deck.latestFrames.filter { images.images[$0.path] == nil && !fresh.contains($0.path) }
        for frame in frames {
            guard keep(frame) else { continue }
            if images.images[frame.path] == nil {
                images.images[frame.path] = LoadedImage(sourceSize: frame.info.size, decodedFor: frame.output)
                if let length = frame.info.length { images.clipLengths[frame.path] = length }
            }
            screen.redraw.invalidate()
        }
        return failed
    }

    /// Puts a clip's frame in the drawer: its pixels, or the texture it was rendered into.
    private func keep(_ frame: VideoDeck.Frame) -> Bool {
        if let pixels = frame.pixels {
            return canvas.drawer.setImage(pixels, sourceSize: frame.info.size, for: frame.path)
        }
        guard case .using(let target) = video.gl, let renderer = canvas.drawer as? SceneRenderer,
            let texture = target.texture(for: frame.path)
        else { return false }
        renderer.setTexture(texture, sourceSize: frame.info.size, for: frame.path)
        return true
    }

    /// Opens the clips the plan wants (ahead of their slides, as photos are decoded ahead).
    func scheduleVideos(_ plan: DecodePlan) {
        if case .untried = video.gl, plan.wants.contains(where: \.video) { startVideoGL() }
        let show = director.engine.show
        video.deck.schedule(
            plan.wants, keep: plan.keep, options: show.options, slides: show.slides,
            now: ProcessInfo.processInfo.systemUptime)
    }

    /// On an OpenGL (ES) renderer, clips render into its textures; when that cannot be set up
    /// they take the software path, said once.
    private func startVideoGL() {
        guard let window = canvas as? WindowCanvas, ["opengl", "opengles2"].contains(window.rendererName) else {
            video.gl = .software
            return
        }
        do {
            let target = try window.makeVideoTarget()
            let driver = target.glRenderer
            // Mesa's software rasterisers run every GPU step on the CPU, on the render thread: there
            // the software path costs less (see docs/benchmarks.md), unless OpenGL was asked for.
            let software = Display.isSoftwareRasteriser(driver)
            if software, window.rendererChosenByPlayer {
                Log("video").info(
                    "clips take the software path: the OpenGL driver is a software rasteriser (\(driver)), "
                        + "where it costs less; --renderer \(window.rendererName) renders them through OpenGL")
                video.gl = .software
                return
            }
            video.gl = .using(target)
            video.deck.gl = target
            Log("video").info(
                "clips render through OpenGL on the \(window.rendererName) renderer (driver: \(driver))")
        } catch {
            Log("video").warning("clips take the software path: \(error)")
            video.gl = .software
        }
    }

    /// Closes the clips and the GL target before the renderer they render into goes.
    func dropVideoGL() {
        video.deck.closeAll()
        video.deck.gl = nil
        video.gl = .untried
    }
}
