/// What the screen is doing.
public enum ShowMode: String, CaseIterable, Sendable {
    /// The slideshow advancing by itself.
    case attract
    /// A visitor is looking at one image: paused, swipe, zoom, pan, dismiss.
    case browse
    /// A wall of thumbnails.
    case grid
}
