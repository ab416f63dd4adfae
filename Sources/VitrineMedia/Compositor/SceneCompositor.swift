import CMalloc
import Foundation
import VitrineCore

/// Draws a `Scene` into 32-bit pixels in software, the way SDL's software
/// renderer would (rectangles truncated to whole pixels, bilinear scaling with
/// pixel centres, "over" blending with the op's alpha), but fast: fixed-point
/// byte loops the compiler vectorises, one pass over each output row with every
/// op applied while the row is in cache, and a cross-fade blended from both
/// images at once.
public struct SceneCompositor: Sendable {
    public let width: Int
    public let height: Int
    /// Cores to draw with: a tall frame is cut into 2 × min(`cores`, active
    /// cores) row bands, drawn at the same time (1: one band, on the calling thread).
    public var cores: Int
    /// The thread that draws beside the caller when `cores` is 2 or more (the
    /// caller going down the frame, the worker up, until they meet), for frames
    /// of `workerPixels` or more. Nil: the frame is cut into bands handed to
    /// Dispatch's thread pool instead.
    public var worker: BandWorker?

    public init(width: Int, height: Int, cores: Int = 2, worker: BandWorker? = nil) {
        self.width = width
        self.height = height
        self.cores = cores
        self.worker = worker
    }

    /// How a stretched image is sampled.
    public enum Sampling: Sendable {
        /// Bilinear, as SDL's linear stretch: smooth, for frames at rest or moving slowly.
        case bilinear
        /// The source pixel under each output pixel's centre: about half the cost,
        /// for images moving fast enough that the coarser result is not seen.
        case nearest
    }

    /// Draws `scene` into `target`, `pitch` pixels apart row to row. `image`
    /// gives a slide's pixels, or nil when it is not loaded (the op is skipped).
    /// Stretched images are sampled bilinearly, except the ops whose indices
    /// in `scene.ops` are in `nearest`.
    /// Tall frames are drawn in horizontal bands at the same time (see
    /// `cores`): each band has its own steps, so their scratch rows are not
    /// shared, and writes only its own rows.
    /// `backdrop` gives a slide's backdrop (`DrawOp.backdrop`), best at the output's size,
    /// when it is copied rather than stretched.
    /// Returns how many images it stretched (bilinearly or at the nearest pixels), rather than
    /// copied or blended at their own size.
    @discardableResult
    public func draw(
        _ scene: Scene, into target: UnsafeMutablePointer<UInt32>, pitch: Int, nearest: Set<Int> = [],
        image: (Int) -> PixelBuffer?, backdrop: (Int) -> PixelBuffer? = { _ in nil }
    ) -> Int {
        let steps = prepare(scene, nearest: nearest, image: image, backdrop: backdrop)
        let stretched = steps.count(where: { $0.kind == .scaled || $0.kind == .nearest })
        let bg = scene.background
        let background = 0xFF00_0000 | UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b)
        let bands = Self.bandCount(height: height, cores: cores)
        guard bands > 1 else {
            drawRows(0..<height, steps: steps, into: target, pitch: pitch, background: background)
            return stretched
        }
        let address = UInt(bitPattern: target)
        if let worker {
            guard width * height >= Self.workerPixels else {
                drawRows(0..<height, steps: steps, into: target, pitch: pitch, background: background)
                return stretched
            }
            // One list of steps per thread: each keeps its own interpolated rows,
            // reused from row to row as the thread goes down (or up) the frame.
            let work = BandWork(steps: [steps, steps.map { $0.copy() }])
            worker.run(rows: height, group: Self.rowGroup) { [self] rows, thread in
                guard let target = UnsafeMutablePointer<UInt32>(bitPattern: address) else { return }
                drawRows(
                    rows, upward: thread == 1, steps: work.steps[thread], into: target, pitch: pitch,
                    background: background)
            }
            return stretched
        }
        // Each band gets its own copies of the steps (sharing their tables and
        // pixels); the target crosses as an address, and every band writes
        // disjoint rows of it, which outlives the concurrent calls.
        let work = BandWork(steps: (0..<bands).map { band in band == 0 ? steps : steps.map { $0.copy() } })
        let rowsPerBand = (height + bands - 1) / bands
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            guard let target = UnsafeMutablePointer<UInt32>(bitPattern: address) else { return }
            let rows = min(height, band * rowsPerBand)..<min(height, (band + 1) * rowsPerBand)
            drawRows(rows, steps: work.steps[band], into: target, pitch: pitch, background: background)
        }
        return stretched
    }

    /// `pixels` stretched into `rect` (bilinearly) exactly as `draw` stretches an image op
    /// there, once: the part inside the frame, and where it lies (whole pixels). An image op
    /// of that rectangle and those pixels, at any alpha, then draws the same frame as the op
    /// did, copied or blended with no scaling (a photo smaller than the screen, or not at
    /// its decoded size, while it fades). Nil when the image needs no scaling (its
    /// rectangle is its size) or none of it is in the frame.
    public func scaledLayer(_ pixels: PixelBuffer, in rect: Rect) -> (rect: Rect, pixels: PixelBuffer)? {
        let placed = Self.truncated(rect)
        guard pixels.width > 0, pixels.height > 0, placed.width != pixels.width || placed.height != pixels.height,
            let step = CompositeStep.image(
                pixels, in: placed, alpha: 256, frameWidth: width, frameHeight: height)
        else { return nil }
        let rows = step.rows
        let columns = step.columns
        let w = columns.count
        var out = [UInt32](repeating: 0, count: w * rows.count)
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Output row y of the frame is layer row y − top; the step writes from its first column on.
            let origin = UInt(bitPattern: base - rows.lowerBound * w - columns.lowerBound)
            @Sendable func drawing(_ part: Range<Int>, upward: Bool, with step: CompositeStep) {
                guard let origin = UnsafeMutablePointer<UInt32>(bitPattern: origin) else { return }
                for index in 0..<part.count {
                    let y = rows.lowerBound + (upward ? part.upperBound - 1 - index : part.lowerBound + index)
                    step.apply(to: origin + y * w, y: y)
                }
            }
            guard let worker, cores > 1, w * rows.count >= Self.workerPixels else {
                drawing(0..<rows.count, upward: false, with: step)
                return
            }
            let work = BandWork(steps: [[step], [step.copy()]])
            worker.run(rows: rows.count, group: Self.rowGroup) { part, thread in
                drawing(part, upward: thread == 1, with: work.steps[thread][0])
            }
        }
        let area = Rect(
            x: Double(columns.lowerBound), y: Double(rows.lowerBound), width: Double(w), height: Double(rows.count))
        return (area, PixelBuffer(width: w, height: rows.count, pixels: out))
    }

    /// Gives the heap's free memory back to the system, after layers (`scaledLayer`, screen-sized
    /// images made once) were let go: glibc serves blocks of that size from the heap once one as
    /// large was freed, and keeps what is freed there.
    public static func giveBackFreedMemory() {
        // The result says only whether any memory went back.
        _ = malloc_trim(0)
    }

    /// How many bands a frame `height` rows tall is drawn in, never so thin
    /// that starting them costs more than they save.
    static func bandCount(height: Int, cores: Int) -> Int {
        let threads = min(cores, activeCores)
        // Twice as many bands as threads: the bands are handed out as threads
        // come free, so one that starts late (a busy core) leaves less undone.
        return threads > 1 ? max(1, min(2 * threads, height / 64)) : 1
    }

    /// Rows a thread takes at a time from a `BandWorker`'s frame.
    static let rowGroup = 16

    /// Frames smaller than this (a quarter megapixel) are drawn on the calling
    /// thread alone even with a worker: they take well under a millisecond, less
    /// than waking a second thread may cost on a busy machine.
    static let workerPixels = 1 << 18

    /// Cores this process may use, asked once (not on every frame).
    private static let activeCores = ProcessInfo.processInfo.activeProcessorCount

    /// The steps of every band, handed to the concurrent calls. Unchecked:
    /// each band uses only its own list (steps keep per-band scratch rows).
    private struct BandWork: @unchecked Sendable {
        let steps: [[CompositeStep]]
    }

    private func drawRows(
        _ rows: Range<Int>, upward: Bool = false, steps: [CompositeStep], into target: UnsafeMutablePointer<UInt32>,
        pitch: Int, background: UInt32
    ) {
        // Scratch for the fused blends, reused row to row.
        var scratch = FusionScratch()
        for index in 0..<rows.count {
            let y = upward ? rows.upperBound - 1 - index : rows.lowerBound + index
            let row = target + y * pitch
            clear(row, y: y, steps: steps, color: background, opaque: &scratch.opaque)
            var i = 0
            while i < steps.count {
                guard steps[i].rows.contains(y) else {
                    i += 1
                    continue
                }
                if steps[i].kind == .copy, steps[i].isOpaque {
                    i = drawOpaqueWithBlendsOver(steps, from: i, row: row, y: y, scratch: &scratch)
                } else {
                    steps[i].apply(to: row, y: y)
                    i += 1
                }
            }
        }
    }

    /// Draws opaque copy step `i`, and the opaque copy steps right after it that lie beside it
    /// on row `y` (a blurred fill's bars beside its photo), together with the blended steps
    /// after them whose columns on row `y` do not overlap one another and each lie over at most
    /// one of those opaque steps (a cross-fade, the incoming photo's bars over the outgoing
    /// one's, or the background fills and the incoming image of a zoom): each of those blends
    /// straight from the opaque pixels under it, which are copied only where no such step
    /// covers them. Returns the index of the next step to draw.
    private func drawOpaqueWithBlendsOver(
        _ steps: [CompositeStep], from i: Int, row: UnsafeMutablePointer<UInt32>, y: Int,
        scratch: inout FusionScratch
    ) -> Int {
        scratch.covered.removeAll(keepingCapacity: true)
        scratch.fused.removeAll(keepingCapacity: true)
        scratch.group.removeAll(keepingCapacity: true)
        scratch.group.append(i)
        var next = i + 1
        while next < steps.count, steps[next].isOpaque, steps[next].kind == .copy {
            if !steps[next].rows.contains(y) {
                next += 1
                continue
            }
            let columns = steps[next].columns
            guard !scratch.group.contains(where: { steps[$0].columns.overlaps(columns) }) else { break }
            scratch.group.append(next)
            next += 1
        }
        let opaqueEnd = next
        while next < steps.count, !steps[next].isOpaque {
            // Steps that miss this row do not change it: look past them.
            if !steps[next].rows.contains(y) {
                next += 1
                continue
            }
            let columns = steps[next].columns
            guard !scratch.covered.contains(where: { $0.overlaps(columns) }) else { break }
            // Over one opaque step at most: its pixels are the ones under it (a step beside them
            // all, a backdrop's bar say, is blended over the row).
            var under = -1
            var overTwo = false
            for k in scratch.group where steps[k].columns.overlaps(columns) {
                if under >= 0 { overTwo = true }
                under = k
            }
            guard !overTwo else { break }
            scratch.covered.append(columns)
            scratch.fused.append((next, under))
            next += 1
        }
        for k in scratch.group { steps[k].copy(to: row, y: y, skipping: &scratch.covered) }
        guard !scratch.fused.isEmpty else { return opaqueEnd }
        for (j, k) in scratch.fused {
            guard k >= 0 else {
                steps[j].apply(to: row, y: y)
                continue
            }
            let below = steps[k]
            below.withSourceRow(y) { start in
                steps[j].apply(to: row, y: y, under: CompositeStep.Underlay(columns: below.columns, start: start))
            }
        }
        return next
    }

    /// Lists reused from row to row, so the row loop allocates nothing.
    private struct FusionScratch {
        var covered: [Range<Int>] = []
        /// Blended steps drawn with the opaque ones, each with the opaque step under it (or −1).
        var fused: [(step: Int, under: Int)] = []
        /// The opaque copy steps drawn together.
        var group: [Int] = []
        var opaque: [Range<Int>] = []
    }

    /// The scene drawn into a new buffer.
    public func render(
        _ scene: Scene, nearest: Set<Int> = [], image: (Int) -> PixelBuffer?,
        backdrop: (Int) -> PixelBuffer? = { _ in nil }
    ) -> PixelBuffer {
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress {
                draw(scene, into: base, pitch: width, nearest: nearest, image: image, backdrop: backdrop)
            }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// The scene drawn into a new buffer on the calling thread alone, in runs of
    /// `group` rows, each drawn from its last row up, the runs from the bottom
    /// of the frame up: the order the `BandWorker`'s thread draws in.
    func renderUpward(_ scene: Scene, group: Int, image: (Int) -> PixelBuffer?) -> PixelBuffer {
        let steps = prepare(scene, nearest: [], image: image)
        let bg = scene.background
        let background = 0xFF00_0000 | UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b)
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var end = height
            while end > 0 {
                let rows = max(0, end - group)..<end
                drawRows(rows, upward: true, steps: steps, into: base, pitch: width, background: background)
                end = rows.lowerBound
            }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// Clears the row to the background, except where an opaque step paints every pixel anyway
    /// (the photo, and a blurred fill's bars beside it): those columns are written once, not twice.
    private func clear(
        _ row: UnsafeMutablePointer<UInt32>, y: Int, steps: [CompositeStep], color: UInt32,
        opaque: inout [Range<Int>]
    ) {
        opaque.removeAll(keepingCapacity: true)
        for step in steps where step.isOpaque && step.rows.contains(y) {
            // Kept sorted by where they start (a few a row: an insertion).
            var at = opaque.count
            while at > 0, opaque[at - 1].lowerBound > step.columns.lowerBound { at -= 1 }
            opaque.insert(step.columns, at: at)
        }
        var from = 0
        for columns in opaque {
            if columns.lowerBound > from { (row + from).update(repeating: color, count: columns.lowerBound - from) }
            from = max(from, columns.upperBound)
        }
        if from < width { (row + from).update(repeating: color, count: width - from) }
    }

    private func prepare(
        _ scene: Scene, nearest: Set<Int>, image: (Int) -> PixelBuffer?,
        backdrop: (Int) -> PixelBuffer? = { _ in nil }
    ) -> [CompositeStep] {
        var steps: [CompositeStep] = []
        for (index, op) in scene.ops.enumerated() {
            switch op {
            case .image(let slide, let rect, let alpha):
                let a = Self.coverage(alpha)
                guard a > 0, let pixels = image(slide), pixels.width > 0, pixels.height > 0,
                    let step = CompositeStep.image(
                        pixels, in: Self.truncated(rect), alpha: a, frameWidth: width, frameHeight: height,
                        sampling: nearest.contains(index) ? .nearest : .bilinear)
                else { continue }
                steps.append(step)
            case .backdrop(let slide, let rect, let clip, let alpha):
                let a = Self.coverage(alpha)
                guard a > 0, let pixels = backdrop(slide), pixels.width > 0, pixels.height > 0,
                    let step = CompositeStep.image(
                        pixels, in: Self.truncated(rect), alpha: a, frameWidth: width, frameHeight: height,
                        clip: Self.truncated(clip))
                else { continue }
                steps.append(step)
            case .fill(let rect, let color, let alpha):
                let a = Self.coverage(alpha)
                guard a > 0,
                    let step = CompositeStep.fill(
                        color, in: Self.truncated(rect, atLeastOne: true), alpha: a, frameWidth: width,
                        frameHeight: height)
                else { continue }
                steps.append(step)
            case .text, .disc, .arc:
                // Text and shapes need fonts and anti-aliased outlines: the SDL side draws them over the frame.
                continue
            }
        }
        return steps
    }

    /// Whole-pixel rectangle as SDL's software renderer makes it: each value
    /// passed as a `float` (as the renderers take it), then truncated toward zero.
    static func truncated(_ rect: Rect, atLeastOne: Bool = false) -> (x: Int, y: Int, width: Int, height: Int) {
        let clamp = { (v: Double) -> Int in Int(Float(max(-1e9, min(1e9, v)))) }
        let w = clamp(rect.width)
        let h = clamp(rect.height)
        return (clamp(rect.x), clamp(rect.y), atLeastOne ? max(w, 1) : w, atLeastOne ? max(h, 1) : h)
    }

    /// Coverage in 0…256 (256 = opaque).
    static func coverage(_ alpha: Double) -> UInt16 {
        UInt16(max(0, min(256, (alpha * 256).rounded())))
    }
}
