import VitrineCore
import VitrineMedia

/// The frame at a time of a show, on the ideal timeline (every image decoded
/// when it is wanted, as if nothing were ever late), drawn with SDL's software
/// renderer into a memory surface: no display needed. It runs the same
/// director as `play`, so rotation, the grid, per-slide fit, pause and the
/// schedule come from one place.
public struct Snapshot {
    /// The output's (panel's) size.
    public var size: Size
    public var decoder: any ImageDecoding
    public var fontPath: String?
    public var log = Log("snapshot")
    /// Where the steps' times go (`--timings`); nil measures nothing.
    public var timings: StepTimings?

    public init(size: Size, decoder: any ImageDecoding, fontPath: String? = nil) {
        self.size = size
        self.decoder = decoder
        self.fontPath = fontPath
    }

    /// The canvas holding the frame, and the state report of that moment.
    public struct Frame {
        public let canvas: OffscreenCanvas
        public let report: StateReport
        public let scene: Scene
    }

    public struct NoImages: Error, CustomStringConvertible {
        public var description: String { "no image could be decoded; nothing to show" }
    }

    /// Runs a fresh director (from `makeDirector`, given the files found
    /// undecodable so far) to `time`, decodes what that frame and the show's
    /// state want, and runs again with the images' sizes known, until nothing
    /// more is wanted; then draws the frame.
    public func render(at time: ShowTime, makeDirector: (Set<String>) -> ShowDirector) throws -> Frame {
        let timings = timings ?? StepTimings()
        var decoded: [String: (image: DecodedImage, output: Size)] = [:]
        var failed: Set<String> = []
        var director = timings.measure("director made") { makeDirector(failed) }
        // Clips first: their lengths shape the timeline.
        var clips = VideoStills()
        clips.probe(director.engine.show.slides, output: size)
        for failure in clips.failures {
            log.warning("skipping \(failure.reason)")
            failed.insert(failure.path)
        }
        if !clips.failures.isEmpty { director = timings.measure("director made") { makeDirector(failed) } }
        var clipOutputs: [String: Size] = [:]
        var out = timings.measure("director run to the time") {
            director.run(
                to: time, images: clips.loaded(LoadedImages(allReady: true), outputs: clipOutputs))
        }
        for _ in 0..<10 {
            let wants = Self.drawnWants(
                out, engine: director.engine, at: time, decodedSoFar: decoded.count)
            guard !wants.isEmpty else { break }
            for want in wants {
                if want.video {
                    clipOutputs[want.path] = want.output
                    continue
                }
                // Asked once per image and size: a want already served is not decoded again.
                if let have = decoded[want.path], have.output == want.output { continue }
                let request = DecodeRequest(
                    path: want.path, output: want.output, fit: want.fit, background: want.background,
                    backdrop: want.backdrop, faces: want.faces)
                do {
                    decoded[want.path] = (
                        try timings.measure("decode") { () throws(DecodeError) in
                            try decoder.decode(request)
                        }, want.output
                    )
                } catch {
                    log.warning("skipping \(error)")
                    failed.insert(want.path)
                }
            }
            let images = decoded.filter { !failed.contains($0.key) }.mapValues {
                LoadedImage(sourceSize: $0.image.sourceSize, decodedFor: $0.output, metadata: $0.image.metadata)
            }
            director = timings.measure("director made") { makeDirector(failed) }
            out = timings.measure("director run to the time") {
                director.run(
                    to: time,
                    images: clips.loaded(LoadedImages(images, allReady: true), outputs: clipOutputs))
            }
        }
        if director.engine.show.count == 0, !failed.isEmpty { throw NoImages() }
        let canvas = try timings.measure("canvas (SDL software renderer)") { () throws(OffscreenCanvas.Failure) in
            try OffscreenCanvas(width: Int(size.width), height: Int(size.height), fontPath: fontPath, composed: true)
        }
        for (path, entry) in decoded where out.decodes.keep.contains(path) && !failed.contains(path) {
            canvas.drawer.setImage(entry.image.pixels, sourceSize: entry.image.sourceSize, for: path)
            if let backdrop = entry.image.backdrop { canvas.drawer.setBackdrop(backdrop, for: path) }
        }
        drawClips(out, clips, outputs: clipOutputs, on: canvas)
        timings.measure("compose") { canvas.draw(out.scene, rotation: out.rotation, key: out.path) }
        return Frame(canvas: canvas, report: director.report(at: time), scene: out.scene)
    }

    /// The plan's wants that the frame itself draws (the slides shown at `time`, and any other
    /// the scene draws): a snapshot shows one frame, so the neighbours a show decodes ahead are
    /// not decoded. The slideshow only: a grid or browsing lays out only the images it knows,
    /// so there every want is taken, as is every want of a frame that draws none of them
    /// before anything is decoded.
    static func drawnWants(_ out: FrameOutput, engine: ShowEngine, at time: ShowTime, decodedSoFar: Int)
        -> [DecodeWant]
    {
        guard engine.mode == .attract else { return out.decodes.wants }
        let show = engine.show
        let slides = show.slides
        let visible = show.visibleSlides(at: time)
        // With `--pair`, the photos that may share a visible slide: their kinds decide its partner.
        let shown = out.scene.slidesDrawn + visible + visible.flatMap { show.pairCandidates(after: $0) }
        let drawn = Set(shown.compactMap { slides.indices.contains($0) ? slides[$0].path : nil })
        let wants = out.decodes.wants.filter { drawn.contains($0.path) }
        return wants.isEmpty && decodedSoFar == 0 ? out.decodes.wants : wants
    }
}

extension Show {
    /// The slides a frame at `time` draws.
    public func visibleSlides(at time: ShowTime) -> [Int] {
        guard count > 0 else { return [] }
        if let t = transition, !t.isFinished(at: time) {
            return [t.from, t.to] + [t.fromPartner, pairs.partner].compactMap { $0 }
        }
        return [index] + [pairs.partner].compactMap { $0 }
    }
}
