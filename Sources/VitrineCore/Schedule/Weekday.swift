/// A day of the week, named as in playlist files.
public enum Weekday: String, CaseIterable, Sendable, Codable {
    case mon, tue, wed, thu, fri, sat, sun

    /// Three letters, capitalised, for printing.
    public var shortName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
