/// The axis a `slide` transition moves along.
public enum SlideAxis: String, CaseIterable, Sendable, Codable {
    case horizontal
    case vertical
}
