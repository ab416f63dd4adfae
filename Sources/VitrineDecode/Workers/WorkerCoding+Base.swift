import VitrineBase

// The shared types the worker's messages carry, as JSON (the names of their properties).

extension ImageMetadata: WorkerMessage {
    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        let fields = try WorkerFields(json, "metadata")
        self.init(
            description: try fields.optionalString("description"), dateTaken: try fields.optionalString("dateTaken"))
        dateOffset = try fields.optionalString("dateOffset")
        camera = try fields.optionalString("camera")
        lens = try fields.optionalString("lens")
        exposureTime = try fields.optionalDouble("exposureTime")
        fNumber = try fields.optionalDouble("fNumber")
        iso = try fields.optionalInt("iso")
        focalLength = try fields.optionalDouble("focalLength")
        latitude = try fields.optionalDouble("latitude")
        longitude = try fields.optionalDouble("longitude")
        if let list = fields.optional("faces") {
            guard case .array(let boxes) = list else { throw WorkerJSON.Problem("the field faces is not an array") }
            var faces: [Rect] = []
            for box in boxes { faces.append(try Rect(json: box)) }
            self.faces = faces
        }
    }

    var json: WorkerJSON {
        .fields([
            "description": description.json, "dateTaken": dateTaken.json, "dateOffset": dateOffset.json,
            "camera": camera.json, "lens": lens.json, "exposureTime": exposureTime.json, "fNumber": fNumber.json,
            "iso": iso.json, "focalLength": focalLength.json, "latitude": latitude.json,
            "longitude": longitude.json, "faces": faces.map { .array($0.map(\.json)) },
        ])
    }
}

extension Rect: WorkerMessage {
    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        let fields = try WorkerFields(json, "a rectangle")
        self.init(
            x: try fields.double("x"), y: try fields.double("y"), width: try fields.double("width"),
            height: try fields.double("height"))
    }

    var json: WorkerJSON {
        .object(["x": .double(x), "y": .double(y), "width": .double(width), "height": .double(height)])
    }
}

extension RGBColor: WorkerMessage {
    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        let fields = try WorkerFields(json, "a colour")
        self.init(r: try fields.byte("r"), g: try fields.byte("g"), b: try fields.byte("b"))
    }

    var json: WorkerJSON {
        .object(["r": .int(Int(r)), "g": .int(Int(g)), "b": .int(Int(b))])
    }
}

extension FitMode {
    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        guard case .string(let name) = json, let mode = FitMode(rawValue: name) else {
            throw WorkerJSON.Problem("the fit is not contain or cover")
        }
        self = mode
    }

    var json: WorkerJSON { .string(rawValue) }
}

extension DecodeLimits: WorkerMessage {
    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        let fields = try WorkerFields(json, "the limits")
        self.init(
            maxPixels: try fields.int("maxPixels"), maxFileBytes: try fields.int("maxFileBytes"),
            maxChunkBytes: try fields.int("maxChunkBytes"), maxProgressiveBytes: try fields.int("maxProgressiveBytes"))
    }

    var json: WorkerJSON {
        .object([
            "maxPixels": .int(maxPixels), "maxFileBytes": .int(maxFileBytes), "maxChunkBytes": .int(maxChunkBytes),
            "maxProgressiveBytes": .int(maxProgressiveBytes),
        ])
    }
}
