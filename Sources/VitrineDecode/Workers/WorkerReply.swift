import VitrineBase

/// A worker's answer: the pixels' size (the pixels are in shared memory) or why it failed.
struct WorkerReply: WorkerMessage, Equatable {
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

    init(
        width: Int = 0, height: Int = 0, sourceWidth: Double = 0, sourceHeight: Double = 0, description: String? = nil,
        dateTaken: String? = nil, metadata: ImageMetadata? = nil, backdropWidth: Int = 0, backdropHeight: Int = 0,
        detectorReady: Bool? = nil, failure: String? = nil
    ) {
        self.width = width
        self.height = height
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.description = description
        self.dateTaken = dateTaken
        self.metadata = metadata
        self.backdropWidth = backdropWidth
        self.backdropHeight = backdropHeight
        self.detectorReady = detectorReady
        self.failure = failure
    }

    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        let fields = try WorkerFields(json, "the reply")
        width = try fields.int("width")
        height = try fields.int("height")
        sourceWidth = try fields.double("sourceWidth")
        sourceHeight = try fields.double("sourceHeight")
        description = try fields.optionalString("description")
        dateTaken = try fields.optionalString("dateTaken")
        metadata = try fields.optional("metadata").map { (value) throws(WorkerJSON.Problem) in
            try ImageMetadata(json: value)
        }
        backdropWidth = try fields.int("backdropWidth")
        backdropHeight = try fields.int("backdropHeight")
        detectorReady = try fields.optionalBool("detectorReady")
        failure = try fields.optionalString("failure")
    }

    var json: WorkerJSON {
        .fields([
            "width": .int(width), "height": .int(height), "sourceWidth": .double(sourceWidth),
            "sourceHeight": .double(sourceHeight), "description": description.json, "dateTaken": dateTaken.json,
            "metadata": metadata?.json, "backdropWidth": .int(backdropWidth), "backdropHeight": .int(backdropHeight),
            "detectorReady": detectorReady.json, "failure": failure.json,
        ])
    }

    static func failed(_ reason: String) -> WorkerReply {
        WorkerReply(failure: reason)
    }
}
