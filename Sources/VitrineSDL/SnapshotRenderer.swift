import VitrineCore
import VitrineMedia

/// Renders the frame at a time of the ideal timeline (every decode waited
/// for) with SDL's software renderer, no display needed.
public struct SnapshotRenderer {
    public var options: ShowOptions
    public var size: Size
    public var decoder: any ImageDecoding
    public var touch = TouchOptions()
    /// How the picture is turned on the output; `size` is the output's (panel's) size.
    public var rotation: ScreenRotation = .none
    public var log = Log("snapshot")
    public var overlays = OverlayOptions()
    /// Wall-clock time at show time 0 (seconds since 1970), for the clock overlay.
    public var wallClockOrigin: Double?
    /// The screen drawn when there are no slides at all (instead of failing).
    public var emptyStatus: StatusScreen?

    public init(options: ShowOptions, size: Size, decoder: any ImageDecoding) {
        self.options = options
        self.size = size
        self.decoder = decoder
    }

    /// The result: the canvas holding the frame and the show state at that time.
    public struct Frame {
        public let canvas: OffscreenCanvas
        public let engine: ShowEngine
        public let scene: Scene
        public var show: Show { engine.show }
    }

    public struct NoImages: Error, CustomStringConvertible {
        public var description: String { "no image could be decoded; nothing to show" }
    }

    /// Runs the show with fixed steps up to `time` and draws that frame. Slides
    /// whose image cannot be decoded are dropped (one warning each) and the
    /// timeline is worked out again without them.
    public func render(slides: [Slide], at time: Double, input: [InputEvent] = []) throws -> Frame {
        var slides = slides
        var decoded: [String: DecodedImage] = [:]
        var failed: Set<String> = []
        let logical = rotation.logicalSize(for: size)
        while true {
            var engine = ShowEngine(slides: slides, options: options, output: logical, touch: touch)
            engine.overlays = overlays.stack(slides: slides)
            engine.wallClockOrigin = wallClockOrigin
            if slides.isEmpty, failed.isEmpty, let emptyStatus { engine.status = emptyStatus }
            for event in input { engine.enqueue(event) }
            var dropped = false
            // Zoom and pan limits need image sizes: decode the images the input touches as it asks.
            func imageSize(_ i: Int) -> Size? {
                guard slides.indices.contains(i) else { return nil }
                let path = slides[i].source
                if let image = decoded[path] { return image.sourceSize }
                guard !failed.contains(path) else { return nil }
                do {
                    let image = try decoder.decode(
                        DecodeRequest(path: path, output: logical, fit: options.fit, background: options.background))
                    decoded[path] = image
                    return image.sourceSize
                } catch {
                    log.warning("skipping \(error)")
                    failed.insert(path)
                    dropped = true
                    return nil
                }
            }
            _ = engine.run(to: time, isReady: { _ in true }, imageSize: imageSize)
            let needed = Set(engine.visibleSlides(at: time).map { slides[$0].source })
            for path in needed.sorted() where decoded[path] == nil {
                let request = DecodeRequest(
                    path: path, output: logical, fit: options.fit, background: options.background)
                do {
                    decoded[path] = try decoder.decode(request)
                } catch {
                    log.warning("skipping \(error)")
                    failed.insert(path)
                    dropped = true
                }
            }
            if dropped {
                slides.removeAll { failed.contains($0.source) }
                guard !slides.isEmpty else { throw NoImages() }
                continue
            }
            let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height), fontPath: overlays.font)
            for (path, image) in decoded where needed.contains(path) {
                canvas.scene.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
            }
            let scene = engine.scene(
                at: time, imageSize: { i in decoded[slides[i].source]?.sourceSize },
                metadata: { i in decoded[slides[i].source]?.metadata })
            canvas.draw(scene, rotation: rotation) { i in slides.indices.contains(i) ? slides[i].source : nil }
            return Frame(canvas: canvas, engine: engine, scene: scene)
        }
    }
}

extension Show {
    /// The slides a frame at `time` draws.
    public func visibleSlides(at time: Double) -> [Int] {
        guard count > 0 else { return [] }
        if let t = transition, !t.isFinished(at: time) { return [t.from, t.to] }
        return [index]
    }
}
