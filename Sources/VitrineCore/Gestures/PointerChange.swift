/// What an input event did to the set of fingers.
public enum PointerChange: Equatable, Sendable {
    case added(Pointer)
    case moved(Pointer)
    /// The finger lifted; `pointer` holds its last position.
    case removed(Pointer)

    public var pointer: Pointer {
        switch self {
        case .added(let p), .moved(let p), .removed(let p): return p
        }
    }
}
