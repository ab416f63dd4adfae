import VitrineCore

/// Decoded images kept for reuse under a byte budget: inserting past the
/// budget drops the least recently used images first, so the pixels held
/// never exceed it, however large the sources were.
public struct DecodedImageCache: Sendable {
    /// The most bytes of pixels kept.
    public var budget: Int {
        didSet { evict() }
    }
    /// The bytes of pixels kept now (backdrops included).
    public private(set) var bytes = 0

    private var entries: [DecodeRequest: Entry] = [:]
    private var clock = 0

    private struct Entry {
        var image: DecodedImage
        var lastUse: Int
    }

    public init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// The default budget: three images the size of the output.
    public static func defaultBudget(for output: Size) -> Int {
        3 * Int(output.width) * Int(output.height) * 4
    }

    public var count: Int { entries.count }

    public func contains(_ request: DecodeRequest) -> Bool { entries[request] != nil }

    /// The image decoded for `request`, marked as just used.
    public mutating func image(for request: DecodeRequest) -> DecodedImage? {
        guard var entry = entries[request] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[request] = entry
        return entry.image
    }

    /// Keeps `image`, evicting older ones to stay within the budget. An image
    /// larger than the whole budget is not kept.
    public mutating func insert(_ image: DecodedImage, for request: DecodeRequest) {
        remove(request)
        let size = Self.bytes(of: image)
        guard size <= budget else { return }
        clock += 1
        entries[request] = Entry(image: image, lastUse: clock)
        bytes += size
        evict()
    }

    public mutating func remove(_ request: DecodeRequest) {
        if let old = entries.removeValue(forKey: request) { bytes -= Self.bytes(of: old.image) }
    }

    /// The bytes an image holds: its pixels and its backdrop's.
    private static func bytes(of image: DecodedImage) -> Int {
        image.pixels.byteCount + (image.backdrop?.byteCount ?? 0)
    }

    public mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    private mutating func evict() {
        while bytes > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
        }
    }
}
