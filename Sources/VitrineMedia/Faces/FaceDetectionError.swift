import CFaceDetect
import Synchronization
import VitrineCore

/// Why dlib found no faces: its message.
struct FaceDetectionError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
