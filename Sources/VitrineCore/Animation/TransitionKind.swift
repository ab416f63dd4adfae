/// How one slide replaces another.
public enum TransitionKind: String, CaseIterable, Sendable, Codable {
    /// Cross-fade from the outgoing slide to the incoming one.
    case fade
    /// The incoming slide grows from a source rectangle while cross-fading.
    case zoom
    /// The incoming slide pushes the outgoing one out.
    case slide
    /// A cut.
    case none
}
