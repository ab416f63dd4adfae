import VitrineBase

/// The first line of a worker started with `--faces`, once its face detector is made (or
/// dlib failed to make it: `faces` false), before it reads its first request.
struct WorkerReady: WorkerMessage, Equatable {
    var faces: Bool

    init(faces: Bool) {
        self.faces = faces
    }

    init(json: WorkerJSON) throws(WorkerJSON.Problem) {
        faces = try WorkerFields(json, "the ready message").bool("faces")
    }

    var json: WorkerJSON { .object(["faces": .bool(faces)]) }
}
