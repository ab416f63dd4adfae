import VitrineCore
import VitrineMedia

/// Renders the frame at a time of the ideal timeline (every decode waited
/// for) with SDL's software renderer, no display needed.
public struct SnapshotRenderer {
    public var options: ShowOptions
    public var size: Size
    public var decoder: any ImageDecoding
    public var log = Log("snapshot")

    public init(options: ShowOptions, size: Size, decoder: any ImageDecoding) {
        self.options = options
        self.size = size
        self.decoder = decoder
    }

    /// The result: the canvas holding the frame and the show state at that time.
    public struct Frame {
        public let canvas: OffscreenCanvas
        public let show: Show
        public let scene: Scene
    }

    public struct NoImages: Error, CustomStringConvertible {
        public var description: String { "no image could be decoded; nothing to show" }
    }

    /// Runs the show with fixed steps up to `time` and draws that frame. Slides
    /// whose image cannot be decoded are dropped (one warning each) and the
    /// timeline is worked out again without them.
    public func render(slides: [Slide], at time: Double) throws -> Frame {
        var slides = slides
        var decoded: [String: DecodedImage] = [:]
        var failed: Set<String> = []
        while true {
            let show = Self.run(Show(slides: slides, options: options), to: time)
            let needed = Set(show.visibleSlides(at: time).map { slides[$0].source })
            var dropped = false
            for path in needed.sorted() where decoded[path] == nil {
                let request = DecodeRequest(
                    path: path, output: size, fit: options.fit, background: options.background)
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
            let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
            for (path, image) in decoded where needed.contains(path) {
                canvas.scene.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
            }
            let scene = SceneBuilder(output: size).build(show, at: time) { i in
                decoded[slides[i].source]?.sourceSize
            }
            canvas.draw(scene) { i in slides.indices.contains(i) ? slides[i].source : nil }
            return Frame(canvas: canvas, show: show, scene: scene)
        }
    }

    /// The show stepped by a fixed-step clock to `time`, every image ready.
    public static func run(_ start: Show, to time: Double, step: Double = 1.0 / 120.0) -> Show {
        var show = start
        var clock = FixedStepClock(step: step)
        while clock.time + step <= time + 1e-9 {
            for t in clock.advance(by: min(clock.maxFrame, time - clock.renderTime)) {
                show.update(to: t) { _ in true }
            }
        }
        show.update(to: time) { _ in true }
        return show
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
