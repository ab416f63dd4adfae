/// Where a recognizer is in its life, after UIKit's and Flutter's recognizers.
///
/// Discrete gestures (tap, double tap) go possible → ended or failed.
/// Continuous ones (long press, pan, swipe, pinch) go possible → began →
/// changed… → ended, or failed before they began, or cancelled after.
public enum GestureState: String, Equatable, Sendable {
    case possible
    case began
    case changed
    case ended
    case cancelled
    case failed

    /// Began, changed or ended: the gesture happened.
    public var isRecognized: Bool { self == .began || self == .changed || self == .ended }

    /// Ended, cancelled or failed: nothing more happens until the recognizer is reset.
    public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Began or changed: a continuous gesture in progress.
    public var isActive: Bool { self == .began || self == .changed }
}
