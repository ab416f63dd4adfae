import VitrineBase

/// What the display process asks a decode worker.
struct WorkerRequest: WorkerMessage, Equatable {
    var path: String
    var outputWidth: Double
    var outputHeight: Double
    var fit: FitMode
    var background: RGBColor
    var maxSide: Int
    var limits: DecodeLimits
    var backdrop: Bool
    var faces: Bool

    init(_ request: DecodeRequest, limits: DecodeLimits) {
        self.path = request.path
        self.outputWidth = request.output.width
        self.outputHeight = request.output.height
        self.fit = request.fit
        self.background = request.background
        self.maxSide = request.maxSide
        self.limits = limits
        self.backdrop = request.backdrop
        self.faces = request.faces
    }

    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        let fields = try WorkerFields(json, "the request")
        path = try fields.string("path")
        outputWidth = try fields.double("outputWidth")
        outputHeight = try fields.double("outputHeight")
        fit = try FitMode(json: fields.value("fit"))
        background = try RGBColor(json: fields.value("background"))
        maxSide = try fields.int("maxSide")
        limits = try DecodeLimits(json: fields.value("limits"))
        backdrop = try fields.bool("backdrop")
        faces = try fields.bool("faces")
    }

    var json: WorkerJSON {
        .object([
            "path": .string(path), "outputWidth": .double(outputWidth), "outputHeight": .double(outputHeight),
            "fit": fit.json, "background": background.json, "maxSide": .int(maxSide), "limits": limits.json,
            "backdrop": .bool(backdrop), "faces": .bool(faces),
        ])
    }

    var decodeRequest: DecodeRequest {
        DecodeRequest(
            path: path, output: Size(width: outputWidth, height: outputHeight), fit: fit, background: background,
            maxSide: maxSide, backdrop: backdrop, faces: faces)
    }

    /// The most bytes the result can take: the fitted size never exceeds the
    /// output for `contain`, and `maxSide` by the output's long side for `cover`.
    var maxResultBytes: Int {
        let w = Int(min(outputWidth.rounded(.up), Double(maxSide))) + 1
        let h = Int(min(outputHeight.rounded(.up), Double(maxSide))) + 1
        // The backdrop follows the pixels.
        let backdropBytes = backdrop ? Backdrop.maxSide * Backdrop.maxSide * 4 : 0
        switch fit {
        case .contain: return w * h * 4 + backdropBytes
        case .cover: return (maxSide + 1) * max(w, h) * 4 + backdropBytes
        }
    }
}
