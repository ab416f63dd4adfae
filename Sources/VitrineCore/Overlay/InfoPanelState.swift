import Foundation

/// The info panel opening or closing.
public struct InfoPanelState: Equatable, Sendable {
    public var openedAt: ShowTime
    public var closedAt: ShowTime?

    /// 0 closed … 1 open.
    public func progress(at time: ShowTime) -> Double {
        let opening = min(max((time - openedAt).value / InfoPanel.openDuration, 0), 1)
        guard let closedAt else { return opening }
        let closing = min(max((time - closedAt).value / InfoPanel.closeDuration, 0), 1)
        return opening * (1 - closing)
    }

    public var isOpen: Bool { closedAt == nil }

    public func isGone(at time: ShowTime) -> Bool {
        closedAt.map { time >= $0 + Seconds(InfoPanel.closeDuration) } ?? false
    }
}
