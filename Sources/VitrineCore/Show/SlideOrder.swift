/// In which order a folder's images play.
public enum SlideOrder: String, CaseIterable, Sendable, Codable {
    case name
    case mtime
    case shuffle
}

/// What the fair shuffle draws earlier in each cycle (`--favour`).
public enum ShuffleFavour: String, CaseIterable, Sendable, Codable {
    /// Photos whose file is within a month (4×) or a year (2×) of the folder's newest.
    case recent
}
