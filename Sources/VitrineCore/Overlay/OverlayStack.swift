/// The overlays a show asked for, in drawing order. Empty costs nothing.
public struct OverlayStack: Sendable {
    public private(set) var components: [any OverlayComponent] = []
    /// A tap in browse mode hides and shows them.
    public var visible = true
    private var lastPage: (index: Int, count: Int)?

    public init() {}

    public var isEmpty: Bool { components.isEmpty }
    public var names: [String] { components.map(\.name) }

    /// Adds an overlay and sets it up.
    public mutating func add(_ component: some OverlayComponent, slides: [Slide]) {
        var c = component
        c.setUp(slides: slides)
        components.append(c)
    }

    public mutating func slidesChanged(_ slides: [Slide]) {
        for i in components.indices { components[i].slidesChanged(slides) }
    }

    /// Tells the overlays about the current page when it changed since the last call.
    public mutating func notePage(_ index: Int, of count: Int) {
        if let last = lastPage, last == (index, count) { return }
        lastPage = (index, count)
        for i in components.indices { components[i].pageChanged(to: index, of: count) }
    }

    /// Every overlay's operations for this frame; none while hidden.
    public func ops(for frame: OverlayFrame) -> [DrawOp] {
        guard visible else { return [] }
        return components.flatMap { $0.ops(for: frame) }
    }
}
