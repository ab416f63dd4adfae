import Foundation

/// The direction a pan must take to be recognised.
public enum PanAxis: String, Equatable, Sendable {
    /// Any direction.
    case free
    /// More sideways than up or down (ties count as sideways).
    case horizontal
    /// More up or down than sideways.
    case vertical
}
