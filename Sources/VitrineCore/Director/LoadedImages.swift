/// One image the drawer holds: its upright size in the file, the output size it
/// was decoded for, and what the file says about itself.
public struct LoadedImage: Equatable, Sendable {
    public var sourceSize: Size
    public var decodedFor: Size
    public var metadata: ImageMetadata?

    public init(sourceSize: Size, decodedFor: Size, metadata: ImageMetadata? = nil) {
        self.sourceSize = sourceSize
        self.decodedFor = decodedFor
        self.metadata = metadata
    }
}

/// What the drawer holds of the slides' images, by source path, as a value:
/// which slides are ready to be shown and how large their images are.
public struct LoadedImages: Equatable, Sendable {
    public var images: [String: LoadedImage]
    /// The ideal timeline of a snapshot: every slide counts as ready, late images do not exist.
    public var allReady: Bool
    /// Seconds each open video clip lasts, by source path (a clip's slide lasts as long by default).
    public var clipLengths: [String: Seconds] = [:]

    public init(_ images: [String: LoadedImage] = [:], allReady: Bool = false) {
        self.images = images
        self.allReady = allReady
    }

    public func isReady(_ source: String) -> Bool { allReady || images[source] != nil }
    public func size(_ source: String) -> Size? { images[source]?.sourceSize }
}
