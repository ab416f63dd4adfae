import Synchronization
import VitrineCore

/// The latest state and picture of the screen, written by the frame loop and read by the
/// control API's thread.
public final class StateBoard: Sendable {
    private let content = Mutex<(state: RemoteState?, jpeg: [UInt8]?)>((nil, nil))

    public init() {}

    public func set(state: RemoteState) {
        content.withLock { $0.state = state }
    }

    public func set(jpeg: [UInt8]) {
        content.withLock { $0.jpeg = jpeg }
    }

    public var state: RemoteState? { content.withLock { $0.state } }
    public var jpeg: [UInt8]? { content.withLock { $0.jpeg } }
}
