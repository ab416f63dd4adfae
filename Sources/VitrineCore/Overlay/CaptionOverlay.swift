import Foundation

/// A caption on a translucent band at the top or bottom of the screen.
public struct CaptionOverlay: OverlayComponent {
    public let name = "caption"
    public var kind: CaptionKind
    public var edge: OverlayEdge
    /// Lines at most before the text is cut with an ellipsis.
    public var maxLines = 2
    /// The caption of slides whose item gives none (`--caption-template`).
    public var template: String?
    /// Place names for `{place}`; nil leaves it out.
    public var places: PlaceNames?
    /// The show's time zone, for `{years-ago}`.
    public var zone: TimeZone = .current

    public init(kind: CaptionKind, edge: OverlayEdge = .bottom) {
        self.kind = kind
        self.edge = edge
    }

    /// The caption text for a slide, or nil when it has none.
    public func text(for slide: Slide?, metadata: ImageMetadata?, wallTime: Date? = nil) -> String? {
        guard let slide else { return nil }
        let text: String?
        switch kind {
        case .none:
            text = nil
        case .playlist:
            let template = CaptionTemplate(slide.caption ?? self.template ?? "")
            let facts = CaptionFacts(
                path: slide.path, metadata: metadata, title: slide.title, now: wallTime, zone: zone, places: places,
                taken: slide.taken)
            text = template.render(facts.value)
        case .filename:
            text = ((slide.path as NSString).lastPathComponent as NSString).deletingPathExtension
        case .exifDate:
            text = metadata?.description ?? metadata?.dateTaken.map(Self.readableDate)
        }
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }

    /// `2024:05:17 14:03:00` → `2024-05-17 14:03` (and `2012-09-17T15:53:45-04:00` → `2012-09-17 15:53`).
    static func readableDate(_ exif: String) -> String {
        let parts = exif.replacingOccurrences(of: "T", with: " ").split(separator: " ")
        guard let date = parts.first else { return exif }
        let day = date.replacingOccurrences(of: ":", with: "-")
        guard parts.count > 1 else { return day }
        return day + " " + parts[1].prefix(5)
    }

    /// The band's height in overlay units (hundredths of the shorter side).
    public var bandUnits: Double { 4 * 1.3 * Double(maxLines) + 4 }

    public func ops(for frame: OverlayFrame) -> [DrawOp] {
        guard let text = text(for: frame.slide, metadata: frame.metadata, wallTime: frame.wallTime) else { return [] }
        let u = frame.unit
        let size = 4 * u
        let padding = 2 * u
        let height = bandUnits * u
        // The band belongs to the photo: across its own width (not the bars), at its edge, moving
        // and fading with it. Without a photo drawn, across the screen.
        let screen = Rect(size: frame.output)
        let area: Rect
        if let photo = frame.photo {
            // A photo larger than the screen (zoomed, or long) is cut to it; a smaller one keeps its
            // own extent, so the caption slides off the screen with it rather than being re-wrapped.
            var x = (photo.minX, photo.maxX)
            var y = (photo.minY, photo.maxY)
            if photo.width > screen.width { x = (max(photo.minX, screen.minX), min(photo.maxX, screen.maxX)) }
            if photo.height > screen.height { y = (max(photo.minY, screen.minY), min(photo.maxY, screen.maxY)) }
            area = Rect(x: x.0, y: y.0, width: x.1 - x.0, height: y.1 - y.0)
            guard area.width > 8 * u, area.height > 0, area.intersection(screen) != nil else { return [] }
        } else {
            area = screen
        }
        let bandHeight = min(height, area.height)
        let band = Rect(
            x: area.x, y: edge == .top ? area.minY : area.maxY - bandHeight, width: area.width, height: bandHeight)
        let inset = min(4 * u, band.width / 8)
        let box = Rect(
            x: band.x + inset, y: band.y + padding, width: band.width - 2 * inset,
            height: max(0, band.height - 2 * padding))
        let alpha = min(max(frame.photoAlpha, 0), 1)
        guard alpha > 0 else { return [] }
        return [
            .fill(rect: band, color: .black, alpha: 0.45 * alpha),
            .text(TextBlock(text, size: size, maxLines: maxLines), box: box, alpha: alpha),
        ]
    }
}
