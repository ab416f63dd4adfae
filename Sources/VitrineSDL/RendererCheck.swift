import VitrineCore
import VitrineMedia

/// Whether the renderer really draws: once, the first frame that shows a photo with light in
/// it in full is read back before it is presented; a frame that comes back black there is a
/// renderer that presents only black (a missing GL library, a broken driver), and the loop
/// replaces it with the next one. A photo that is dark itself is not judged on.
struct RendererCheck {
    /// Set once a frame was judged (or could not be read back): nothing more is asked.
    private(set) var done = false
    /// Decoded images with enough light in them to judge a frame on.
    private var lit: Set<String> = []

    /// The grid of points looked at, on each side.
    static let grid = 16
    /// A channel at least this bright is light.
    static let light: UInt32 = 48
    /// A frame is black when no point looked at has a channel above this.
    static let dark: UInt32 = 12

    /// What the read-back frame says about the renderer.
    enum Verdict: Equatable {
        /// Not the frame to judge on.
        case notJudged
        /// The photo is on the screen.
        case draws
        /// Black where the photo should be.
        case black
        /// The frame could not be read back; the renderer is trusted.
        case unreadable
    }

    /// A decoded image arrived: remembered when it has light to judge by.
    mutating func decoded(_ path: String, pixels: PixelBuffer) {
        guard !done, Self.hasLight(pixels) else { return }
        lit.insert(path)
    }

    /// Whether `out` is the frame to read back: it shows content, and a lit photo drawn opaque.
    func wants(_ out: FrameOutput) -> Bool {
        guard !done, out.showsContent else { return false }
        return out.scene.ops.contains { op in
            guard case .image(let slide, _, let alpha) = op, alpha >= 0.99, let key = out.path(slide) else {
                return false
            }
            return lit.contains(key)
        }
    }

    /// Judges the frame read back for a frame `wants` chose (nil when it could not be read).
    mutating func judge(_ picture: PixelBuffer?) -> Verdict {
        guard !done else { return .notJudged }
        guard let picture else {
            done = true
            return .unreadable
        }
        if Self.isBlack(picture) { return .black }
        done = true
        return .draws
    }

    /// Gives up judging (no other renderer is left to try).
    mutating func stop() { done = true }

    /// At least an eighth of the points looked at are light.
    static func hasLight(_ pixels: PixelBuffer) -> Bool {
        let samples = points(pixels)
        guard !samples.isEmpty else { return false }
        return samples.filter { brightest($0) >= light }.count * 8 >= samples.count
    }

    /// No point looked at has a channel above `dark`.
    static func isBlack(_ pixels: PixelBuffer) -> Bool {
        points(pixels).allSatisfy { brightest($0) <= dark }
    }

    private static func brightest(_ argb: UInt32) -> UInt32 {
        max((argb >> 16) & 0xFF, (argb >> 8) & 0xFF, argb & 0xFF)
    }

    /// The pixels at the centres of a `grid`×`grid` division of the picture.
    private static func points(_ pixels: PixelBuffer) -> [UInt32] {
        guard pixels.width > 0, pixels.height > 0 else { return [] }
        var out: [UInt32] = []
        out.reserveCapacity(grid * grid)
        for row in 0..<grid {
            let y = min(pixels.height - 1, (2 * row + 1) * pixels.height / (2 * grid))
            for column in 0..<grid {
                let x = min(pixels.width - 1, (2 * column + 1) * pixels.width / (2 * grid))
                out.append(pixels[x, y])
            }
        }
        return out
    }
}
