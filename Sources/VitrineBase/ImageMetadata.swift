/// What an image carries about itself (EXIF), for captions and the info panel.
/// Every field is optional: what the file does not say stays nil.
public struct ImageMetadata: Equatable, Sendable, Codable {
    /// EXIF ImageDescription.
    public var description: String?
    /// EXIF DateTimeOriginal as written, `YYYY:MM:DD HH:MM:SS`.
    public var dateTaken: String?
    /// EXIF OffsetTimeOriginal, `+02:00`: the offset from UTC of `dateTaken`, when written.
    public var dateOffset: String?
    /// Make and model, as `Canon EOS 5D`.
    public var camera: String?
    /// EXIF LensModel.
    public var lens: String?
    /// Shutter time in seconds.
    public var exposureTime: Double?
    /// Aperture, the f-number.
    public var fNumber: Double?
    public var iso: Int?
    /// Focal length in millimetres.
    public var focalLength: Double?
    /// Degrees, north positive.
    public var latitude: Double?
    /// Degrees, east positive.
    public var longitude: Double?
    /// The faces found in the photo (not read from the file: detected as it was decoded), each a
    /// box in the upright image with coordinates from 0 to 1 of its width and height; nil when
    /// not looked for.
    public var faces: [Rect]?

    public init(description: String? = nil, dateTaken: String? = nil) {
        self.description = description
        self.dateTaken = dateTaken
    }

    /// True when no field is known.
    public var isEmpty: Bool { self == ImageMetadata() }
}
