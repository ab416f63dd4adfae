/// A small piece drawn over the slides. The show loads only the overlays asked
/// for, tells each when it is set up, when the slides change and when the page
/// changes, and asks it for its draw operations every frame.
public protocol OverlayComponent: Sendable {
    /// A short name for logs and options.
    var name: String { get }
    /// Called once, when the overlay joins the show.
    mutating func setUp(slides: [Slide])
    /// Called when the list of slides changes (a playlist reload).
    mutating func slidesChanged(_ slides: [Slide])
    /// Called when another slide becomes the current one.
    mutating func pageChanged(to index: Int, of count: Int)
    /// The operations to draw over the slides in this frame.
    func ops(for frame: OverlayFrame) -> [DrawOp]
}

extension OverlayComponent {
    public mutating func setUp(slides: [Slide]) {}
    public mutating func slidesChanged(_ slides: [Slide]) {}
    public mutating func pageChanged(to index: Int, of count: Int) {}
}
