import Glibc
import VitrineCore
import VitrineMedia

/// The play loop without a display, at accelerated time, for soak runs: the
/// same engine, the same off-thread `ImageLoader`, the same `SceneRenderer`
/// textures and the same rotation path as `Player`, drawing into SDL's
/// software renderer. Before each frame it waits for the images the show
/// wants, so every transition decodes and uploads for real however fast the
/// show's clock runs.
public final class HeadlessShow {
    private var engine: ShowEngine
    private let loader: ImageLoader
    private let canvas: OffscreenCanvas
    private let rotation: ScreenRotation
    private let log = Log("soak")
    /// The output size each loaded image was decoded for.
    private var decodedFor: [String: Size] = [:]

    /// Transitions started so far.
    public private(set) var transitions = 0
    /// Images decoded and uploaded so far.
    public private(set) var decodes = 0
    /// Frames drawn so far.
    public private(set) var frames = 0

    /// Why a run could not go on.
    public struct Stalled: Error, CustomStringConvertible {
        public let description: String
    }

    public init(
        slides: [Slide], options: ShowOptions, size: Size, rotation: ScreenRotation = .none,
        decoder: any ImageDecoding
    ) throws {
        self.canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
        self.engine = ShowEngine(slides: slides, options: options, output: rotation.logicalSize(for: size))
        self.loader = ImageLoader(decoder: decoder)
        self.rotation = rotation
    }

    private var slides: [Slide] { engine.show.slides }

    /// Runs frames of `frameTime` show seconds each until `count` more
    /// transitions have started. Throws when no slide can be shown any more,
    /// or when the show makes no progress for `patience` frames.
    public func run(transitions count: Int, frameTime: Double, patience: Int = 100_000) throws(Stalled) {
        let goal = transitions + count
        var lastIndex = engine.show.index
        var idle = 0
        while transitions < goal {
            try loadWanted()
            let current = slides
            _ = engine.advance(by: frameTime) { canvas.scene.hasImage(current[$0].source) }
            if engine.show.index != lastIndex {
                transitions += 1
                lastIndex = engine.show.index
                idle = 0
            } else {
                idle += 1
                if idle > patience {
                    throw Stalled(description: "the show made no progress in \(patience) frames; is --no-loop set?")
                }
            }
            requestDecodes()
            let frame = engine.scene { i in canvas.scene.imageSize(slides[i].source) }
            canvas.draw(frame, rotation: rotation) { i in slides.indices.contains(i) ? slides[i].source : nil }
            frames += 1
        }
    }

    /// Waits until every image the show wants is decoded and uploaded, so
    /// that a measurement does not catch a decode with its file open.
    public func settle() throws(Stalled) {
        try loadWanted()
    }

    /// Requests the wanted images and waits until each is uploaded or dropped.
    private func loadWanted() throws(Stalled) {
        // Thirty seconds without a single decode finishing is a hung decoder, not a slow one.
        while true {
            // Received before requesting again: a decode that finished but was not
            // taken yet is no longer in flight, and would be requested a second time.
            receiveDecodes()
            requestDecodes()
            guard engine.show.count > 0 else { throw Stalled(description: "no image could be decoded") }
            let missing = engine.wantedSlides.filter { !canvas.scene.hasImage(slides[$0].source) }
            if missing.isEmpty { return }
            // Decoding runs on the loader's thread: wait for it to finish one.
            guard loader.waitForDecode(seconds: 30) else {
                throw Stalled(description: "an image took longer than 30 s to decode")
            }
        }
    }

    private func receiveDecodes() {
        for (request, result) in loader.drain() {
            switch result {
            case .success(let image):
                if canvas.scene.setImage(image.pixels, sourceSize: image.sourceSize, for: request.path) {
                    decodedFor[request.path] = request.output
                    decodes += 1
                } else {
                    log.warning("skipping \(request.path): the renderer refused its texture")
                    remove(request.path)
                }
            case .failure(let error):
                log.warning("skipping \(error)")
                remove(request.path)
            }
        }
    }

    private func remove(_ path: String) {
        while let i = slides.firstIndex(where: { $0.source == path }) {
            engine.removeSlide(at: i)
        }
    }

    /// As the player does: keep the wanted slides decoded for the output, free the rest.
    private func requestDecodes() {
        let output = engine.output
        var keep: Set<String> = []
        for i in engine.wantedSlides {
            let slide = slides[i]
            keep.insert(slide.source)
            if decodedFor[slide.source] == output, canvas.scene.hasImage(slide.source) { continue }
            loader.request(
                DecodeRequest(
                    path: slide.source, output: output, fit: slide.fit ?? engine.show.options.fit,
                    background: engine.show.options.background))
        }
        canvas.scene.retainOnly(keep)
        decodedFor = decodedFor.filter { keep.contains($0.key) }
    }
}
