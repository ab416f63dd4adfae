/// What to decode, most urgent first, and which images to keep; everything
/// else the drawer holds can go.
public struct DecodePlan: Equatable, Sendable {
    public var wants: [DecodeWant] = []
    public var keep: Set<String> = []

    public init(wants: [DecodeWant] = [], keep: Set<String> = []) {
        self.wants = wants
        self.keep = keep
    }
}
