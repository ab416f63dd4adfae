/// Where an overlay sits.
public enum OverlayEdge: String, CaseIterable, Sendable, Codable {
    case top
    case bottom
}
