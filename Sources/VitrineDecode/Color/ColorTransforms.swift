/// The transforms to sRGB a decode worker has made, kept per source colour space so
/// a folder of photos from one phone builds its transform once. Bounded: past
/// `capacity` profiles the oldest half is dropped.
public final class ColorTransforms: @unchecked Sendable {
    private let lock = Lock()
    private var transforms: [SourceColor: ColorTransform?] = [:]
    private var order: [SourceColor] = []
    private let capacity: Int

    public init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// How many source colour spaces have been looked at (with or without a transform).
    public var count: Int { lock.withLock { transforms.count } }

    /// Converts `image` from `source` to sRGB in place. An sRGB-like coded colour, or a
    /// profile Little CMS cannot use, leaves the pixels as they are; returns whether it converted.
    @discardableResult
    public func convert(_ image: inout PixelBuffer, from source: SourceColor?) -> Bool {
        guard let source else { return false }
        if case .coded(let coded) = source, coded.isSRGBLike { return false }
        return lock.withLock {
            guard let transform = transformLocked(source) else { return false }
            image.pixels.withUnsafeMutableBufferPointer { transform.apply($0) }
            return true
        }
    }

    private func transformLocked(_ source: SourceColor) -> ColorTransform? {
        if let known = transforms[source] { return known }
        if order.count >= capacity {
            for old in order.prefix(capacity / 2 + 1) { transforms[old] = nil }
            order.removeFirst(min(order.count, capacity / 2 + 1))
        }
        let made = ColorTransform(from: source)
        transforms[source] = .some(made)
        order.append(source)
        return made
    }
}
