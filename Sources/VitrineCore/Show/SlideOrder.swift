/// In which order a folder's images play.
public enum SlideOrder: String, CaseIterable, Sendable, Codable {
    case name
    case mtime
    case shuffle
}
