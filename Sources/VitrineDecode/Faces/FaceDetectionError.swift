import CFaceDetect
import Synchronization
import VitrineBase

/// Why dlib found no faces: its message.
struct FaceDetectionError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
