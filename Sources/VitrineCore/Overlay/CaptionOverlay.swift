import Foundation

/// Where a caption's text comes from.
public enum CaptionSource: String, CaseIterable, Sendable, Codable {
    case none
    /// The playlist item's `caption`.
    case playlist
    /// The file name without its extension.
    case filename
    /// The EXIF ImageDescription, else the date the photo was taken.
    case exifDate = "exif-date"
}

/// A caption on a translucent band at the top or bottom of the screen.
public struct CaptionOverlay: OverlayComponent {
    public let name = "caption"
    public var source: CaptionSource
    public var edge: OverlayEdge
    /// Lines at most before the text is cut with an ellipsis.
    public var maxLines = 2

    public init(source: CaptionSource, edge: OverlayEdge = .bottom) {
        self.source = source
        self.edge = edge
    }

    /// The caption text for a slide, or nil when it has none.
    public func text(for slide: Slide?, metadata: ImageMetadata?) -> String? {
        guard let slide else { return nil }
        let text: String?
        switch source {
        case .none:
            text = nil
        case .playlist:
            text = slide.caption
        case .filename:
            text = ((slide.source as NSString).lastPathComponent as NSString).deletingPathExtension
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
        guard let text = text(for: frame.slide, metadata: frame.metadata) else { return [] }
        let u = frame.unit
        let size = 4 * u
        let padding = 2 * u
        let height = bandUnits * u
        let band = Rect(
            x: 0, y: edge == .top ? 0 : frame.output.height - height, width: frame.output.width, height: height)
        let box = Rect(
            x: band.x + 4 * u, y: band.y + padding, width: band.width - 8 * u, height: band.height - 2 * padding)
        return [
            .fill(rect: band, color: .black, alpha: 0.45),
            .text(TextBlock(text, size: size, maxLines: maxLines), box: box, alpha: 1),
        ]
    }
}
