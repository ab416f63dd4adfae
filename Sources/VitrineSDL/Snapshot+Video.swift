import VitrineCore
import VitrineMedia

extension Snapshot {
    /// The exact frame of each clip the scene draws, as its slide's image.
    func drawClips(_ out: FrameOutput, _ clips: VideoStills, outputs: [String: Size], on canvas: OffscreenCanvas) {
        for moment in out.videos {
            guard let info = clips.infos[moment.path] else { continue }
            switch clips.frame(moment, output: outputs[moment.path] ?? size) {
            case .success(let pixels): canvas.drawer.setImage(pixels, sourceSize: info.size, for: moment.path)
            case .failure(let error): log.warning("skipping \(error)")
            }
        }
    }
}
