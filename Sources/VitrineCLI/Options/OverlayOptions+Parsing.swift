import Foundation
import VitrineCore

extension OverlayOptions {
    public static let help = """
          --caption none|playlist|filename|exif-date
                                         caption under each photo (default none)
          --caption-template TEXT        the caption of photos whose playlist item gives none, with
                                         fields: "{date:long} · {place}" (implies --caption playlist;
                                         fields: date, date:long|short|year|month|time, years-ago,
                                         place, camera, folder, file, title)
          --caption-position top|bottom  (default bottom)
          --clock-overlay FORMAT         a clock in a corner, strftime-style, e.g. %H:%M
          --clock-position top|bottom    (default top)
          --page-indicator browse|always|never
                                         page dots (default browse: while someone browses)
          --page-indicator-position top|bottom
                                         (default bottom)
          --no-loading-ring              no ring when the next photo is late
          --font FILE                    font for all text (default DejaVu Sans)
        """

    /// Applies `option` if it is an overlay option; returns false otherwise.
    public mutating func apply(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case "--caption": caption = try scanner.choice(for: option, as: CaptionKind.self)
        case "--caption-template":
            captionTemplate = try scanner.value(for: option)
            caption = .playlist
        case "--caption-position": captionEdge = try scanner.choice(for: option, as: OverlayEdge.self)
        case "--clock-overlay":
            let format = try scanner.value(for: option)
            guard !format.isEmpty else { throw UsageError("--clock-overlay needs a format, for example %H:%M") }
            clockFormat = format
        case "--clock-position": clockEdge = try scanner.choice(for: option, as: OverlayEdge.self)
        case "--page-indicator": pageIndicator = try scanner.choice(for: option, as: PageIndicatorMode.self)
        case "--page-indicator-position": pageIndicatorEdge = try scanner.choice(for: option, as: OverlayEdge.self)
        case "--no-loading-ring": loadingRing = false
        case "--font": font = try scanner.value(for: option)
        default: return false
        }
        return true
    }
}
