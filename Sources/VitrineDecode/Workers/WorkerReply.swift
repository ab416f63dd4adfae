import VitrineBase

/// A worker's answer: the pixels' size (the pixels are in shared memory) or why it failed.
struct WorkerReply: Codable, Equatable {
    var width = 0
    var height = 0
    var sourceWidth = 0.0
    var sourceHeight = 0.0
    var description: String?
    var dateTaken: String?
    /// Everything the EXIF block said (camera, exposure, GPS as well).
    var metadata: ImageMetadata?
    /// The backdrop's size; its pixels follow the image's in the shared memory.
    var backdropWidth = 0
    var backdropHeight = 0
    /// For a request that wanted faces: whether the face detector was made before the request
    /// came (else the decode made it). Nil for other requests.
    var detectorReady: Bool?
    var failure: String?

    static func failed(_ reason: String) -> WorkerReply {
        WorkerReply(failure: reason)
    }
}
