/// Which slides share the screen: the partner of the slide showing, and the slides shown
/// early as partners, which the show then passes over.
public struct SlidePairs: Equatable, Sendable {
    /// The slide shown beside the slide showing (the incoming one during a transition).
    public internal(set) var partner: Int?
    /// Slides shown early as a partner, each with the slide it was shown beside.
    public internal(set) var taken: [Int: Int] = [:]

    /// How many slides after a photo are looked at for its partner.
    public static let window = 4

    public init() {}
}
