import VitrineCore
import VitrineMedia

/// The decoding options `play`, `snapshot` and `bench` share.
public struct DecodeOptions: Sendable {
    public var maxPixels = DecodeLimits.defaultMaxPixels
    public var deadline: Seconds = 10

    public init() {}

    public static let help = """
          --max-pixels N                 largest image decoded, in pixels or with M for megapixels (default 50M)
          --decode-timeout SECONDS       time one image may take to decode before it is skipped (default 10)
        """

    /// Applies `option` if it is a decoding option; returns false otherwise.
    public mutating func apply(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case "--max-pixels":
            let text = try scanner.value(for: option)
            guard let pixels = Self.pixels(text) else {
                throw UsageError("--max-pixels \(text): expected a number of pixels, for example 50M or 24000000")
            }
            maxPixels = pixels
        case "--decode-timeout": deadline = try scanner.seconds(for: option)
        default: return false
        }
        return true
    }

    public var limits: DecodeLimits { DecodeLimits(maxPixels: maxPixels) }

    /// The decoder the display uses: a worker process with these limits (below the frames'
    /// priority unless told otherwise). `faces`: the show will want faces found (a cover fit
    /// or Ken Burns), so each worker makes its face detector as it starts.
    public func isolatedDecoder(priority: WorkerPriority = .default, faces: Bool = false) -> IsolatedDecoder {
        IsolatedDecoder(
            IsolatedDecoder.Configuration(deadline: deadline, limits: limits, priority: priority, faces: faces))
    }

    /// `50M`, `12.5M` or a plain count.
    static func pixels(_ text: String) -> Int? {
        let lower = text.lowercased()
        if lower.hasSuffix("m"), let mp = Double(lower.dropLast()), mp > 0, mp <= 10_000 {
            return Int(mp * 1_000_000)
        }
        guard let count = Int(text), count > 0 else { return nil }
        return count
    }
}
