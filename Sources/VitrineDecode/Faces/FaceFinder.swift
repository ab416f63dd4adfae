import CFaceDetect
import Synchronization
import VitrineBase

/// Finds the faces in decoded photos, on a small grey copy (at most `longSide` pixels on its
/// long side), so a photo of any size costs about the same. Keeps one detector, made ahead
/// (`prepare`) or else at the first photo, and uses it one photo at a time.
public final class FaceFinder: Sendable {
    /// The long side of the copy faces are looked for in.
    public let longSide: Int
    /// The least score dlib must give a face. Its own default, 0, also reports patterns in
    /// clothes and walls (the demo astronaut's suit scores about 0.1, her face about 1.4); a
    /// face scored below this is left out, and a photo whose faces are all missed is cropped
    /// in its middle, as without faces.
    public let threshold: Double
    private let detector = Mutex<Detector?>(nil)

    public init(longSide: Int = 800, threshold: Double = 0.5) {
        self.longSide = max(64, longSide)
        self.threshold = threshold.isFinite ? threshold : 0.5
    }

    /// Makes the detector now (dlib takes a second or two), unless it is made already; false
    /// when dlib could not make it (the first photo then tries again).
    @discardableResult
    public func prepare() -> Bool {
        detector.withLock { (held: inout Detector?) -> Bool in
            if held == nil { held = FaceDetector().map(Detector.init) }
            return held != nil
        }
    }

    /// Whether the detector is made (by `prepare` or an earlier photo).
    public var isReady: Bool {
        detector.withLock { $0 != nil }
    }

    /// The faces in `image`, as boxes in 0…1 of its width and height, clipped to it; nil when
    /// the detector could not be made or failed (`reason` says why).
    public func faces(in image: PixelBuffer, reason: ((String) -> Void)? = nil) -> [Rect]? {
        guard image.width > 0, image.height > 0 else { return [] }
        let scale = min(1, Double(longSide) / Double(max(image.width, image.height)))
        let width = max(1, Int((Double(image.width) * scale).rounded()))
        let height = max(1, Int((Double(image.height) * scale).rounded()))
        let grey = Self.grey(image, width: width, height: height)
        // A small photo is doubled first, to find faces smaller than dlib's 80 pixels.
        let upsample = max(width, height) <= longSide / 2 ? 1 : 0
        return detector.withLock { (held: inout Detector?) -> [Rect]? in
            if held == nil { held = FaceDetector().map(Detector.init) }
            guard let held else {
                reason?("the face detector could not be made")
                return nil
            }
            do throws(FaceDetectionError) {
                let boxes = try held.detector.detect(
                    grey: grey, width: width, height: height, upsample: upsample, threshold: threshold)
                return boxes.compactMap { box in
                    let x0 = Double(max(0, box.left)) / Double(width)
                    let y0 = Double(max(0, box.top)) / Double(height)
                    let x1 = Double(min(width, box.right)) / Double(width)
                    let y1 = Double(min(height, box.bottom)) / Double(height)
                    guard x1 > x0, y1 > y0 else { return nil }
                    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                }
            } catch {
                reason?("face detection failed: \(error.reason)")
                return nil
            }
        }
    }

    /// `image` area-reduced to `width` × `height`, as 8-bit luma (BT.601).
    static func grey(_ image: PixelBuffer, width: Int, height: Int) -> [UInt8] {
        var small = image
        if width < image.width || height < image.height {
            var reducer = AreaReducer(
                sourceWidth: image.width, sourceHeight: image.height, width: width, height: height)
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<image.height { reducer.add(rowAt: y, of: pixels, pitch: image.width) }
            }
            small = reducer.finish()
        }
        return small.pixels.map { pixel in
            let r = (pixel >> 16) & 0xFF
            let g = (pixel >> 8) & 0xFF
            let b = pixel & 0xFF
            return UInt8((77 * r + 150 * g + 29 * b) >> 8)
        }
    }

    /// The detector, handed between threads only under the lock.
    private final class Detector: @unchecked Sendable {
        let detector: FaceDetector
        init(_ detector: FaceDetector) { self.detector = detector }
    }
}
