import VitrineBase

/// The first line of a worker started with `--faces`, once its face detector is made (or
/// dlib failed to make it: `faces` false), before it reads its first request.
struct WorkerReady: Codable, Equatable {
    var faces: Bool
}
