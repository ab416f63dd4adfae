import Foundation
import VitrineCore
import VitrineMedia

/// The frame at a time of a show that plays a playlist file: the schedule
/// picks the playlist from the wall time (`--clock` + show time), and during
/// an off window the frame is black.
public struct ScheduledSnapshot {
    public var content: PlaylistContent
    public var options: (String) -> ShowOptions
    public var size: Size
    public var decoder: any ImageDecoding
    public var wallOrigin: Date
    public var fallbackZone: TimeZone = .current
    public var overlays = OverlayOptions()
    public var touch = TouchOptions()
    public var log = Log("snapshot")

    public init(
        content: PlaylistContent, options: @escaping (String) -> ShowOptions, size: Size, decoder: any ImageDecoding,
        wallOrigin: Date
    ) {
        self.content = content
        self.options = options
        self.size = size
        self.decoder = decoder
        self.wallOrigin = wallOrigin
    }

    /// The canvas holding the frame, and the state report of that moment.
    public struct Frame {
        public let canvas: OffscreenCanvas
        public let report: StateReport
        public let scene: Scene
    }

    /// Runs the programme and the show up to `time` and draws that frame. Slides whose
    /// image cannot be decoded are dropped (one warning each) and the timeline worked out again.
    public func render(at time: Double, input: [InputEvent] = []) throws -> Frame {
        var content = self.content
        var decoded: [String: DecodedImage] = [:]
        while true {
            let (engine, programme) = ScheduledRun.run(
                content: content, options: options, wallOrigin: wallOrigin, fallbackZone: fallbackZone, output: size,
                touch: touch, input: input, to: time
            ) { engine in
                engine.overlays = overlays.stack(slides: engine.show.slides)
                engine.wallClockOrigin = wallOrigin.timeIntervalSince1970
            }
            let slides = engine.show.slides
            var report = engine.report(at: time)
            report.playlist = programme.playlist
            report.displayOn = programme.displayOn
            let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height), fontPath: overlays.font)
            guard programme.displayOn else {
                // Off: black, and nothing decoded.
                let black = Scene(size: size, background: .black)
                canvas.draw(black) { _ in nil }
                return Frame(canvas: canvas, report: report, scene: black)
            }
            let needed = Set(engine.show.visibleSlides(at: time).map { slides[$0].source })
            var dropped = false
            for path in needed.sorted() where decoded[path] == nil {
                let fit = slides.first { $0.source == path }?.fit ?? engine.show.options.fit
                let request = DecodeRequest(
                    path: path, output: size, fit: fit, background: engine.show.options.background)
                do {
                    decoded[path] = try decoder.decode(request)
                } catch {
                    log.warning("skipping \(error)")
                    _ = content.markFailed(path)
                    dropped = true
                }
            }
            if dropped { continue }
            for (path, image) in decoded where needed.contains(path) {
                canvas.scene.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
            }
            let scene = engine.scene(
                at: time, imageSize: { i in decoded[slides[i].source]?.sourceSize },
                metadata: { i in decoded[slides[i].source]?.metadata })
            canvas.draw(scene) { i in slides.indices.contains(i) ? slides[i].source : nil }
            return Frame(canvas: canvas, report: report, scene: scene)
        }
    }
}
