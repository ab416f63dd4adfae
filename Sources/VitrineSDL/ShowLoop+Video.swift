import Foundation
import VitrineCore
import VitrineMedia

/// The play loop's video steps: a clip's newest frame becomes its slide's image,
/// so transitions, fit, rotation and overlays draw it as they draw a photo.
extension ShowLoop {
    /// New frames go into the drawer; a clip's first frame also tells the director its size and length.
    func takeVideoFrames() -> [(path: String, reason: String)] {
        var (frames, failed) = videos.poll(now: ProcessInfo.processInfo.systemUptime)
        // A paused clip gives no new frame: after the drawer lost its images, its last one goes back in.
        let fresh = Set(frames.map(\.path))
        frames += videos.latestFrames.filter { images.images[$0.path] == nil && !fresh.contains($0.path) }
        for frame in frames {
            guard canvas.drawer.setImage(frame.pixels, sourceSize: frame.info.size, for: frame.path) else { continue }
            if images.images[frame.path] == nil {
                images.images[frame.path] = LoadedImage(sourceSize: frame.info.size, decodedFor: frame.output)
                if let length = frame.info.length { images.clipLengths[frame.path] = length }
            }
            redraw.invalidate()
        }
        return failed
    }

    /// Opens the clips the plan wants (ahead of their slides, as photos are decoded ahead).
    func scheduleVideos(_ plan: DecodePlan) {
        let show = director.engine.show
        videos.schedule(
            plan.wants, keep: plan.keep, options: show.options, slides: show.slides,
            now: ProcessInfo.processInfo.systemUptime)
    }
}
