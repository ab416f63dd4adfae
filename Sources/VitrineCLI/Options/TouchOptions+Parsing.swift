import Foundation
import VitrineCore
import VitrineSystem

extension TouchOptions {
    /// Help lines for these options.
    public static let help = """
          --idle-timeout SECONDS         without input for this long, browse or grid returns to the show (default 30)
          --grid                         start with a wall of thumbnails (key g toggles it)
          --input FILE                   replay an input trace (JSON Lines, as --record-input writes)
          --double-tap-time SECONDS      longest wait for the second tap of a double tap (default 0.3)
          --long-press-time SECONDS      how long a finger rests for a long press (default 0.8)
          --paging horizontal|vertical   which way swipes page (default horizontal); vertical pages with
                                         up and down swipes, slides in vertically and dismisses with a
                                         sideways pull
          --pan-slop FRACTION            how far a finger moves before a touch is a drag, as a fraction
                                         of the shorter screen side (default 0.015)
          --no-panel-actions             no Hide and Favourite buttons in the info panel (a screen that
                                         strangers touch); hidden photos stay hidden
        """

    /// Applies `option` if it is one of these; returns false otherwise.
    public mutating func apply(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case "--idle-timeout": idleTimeout = try scanner.seconds(for: option)
        case "--grid": startInGrid = true
        case "--no-panel-actions": panelActions = false
        case "--input": inputTrace = try scanner.value(for: option)
        case "--double-tap-time": gestures.doubleTapTime = try scanner.seconds(for: option)
        case "--long-press-time": gestures.longPressTime = try scanner.seconds(for: option)
        case "--paging": gestures.pagingAxis = try scanner.choice(for: option, as: SlideAxis.self)
        case "--pan-slop":
            let text = try scanner.value(for: option)
            guard let value = Double(text), value > 0, value < 0.5 else {
                throw UsageError("--pan-slop \(text): expected a fraction of the screen between 0 and 0.5, like 0.015")
            }
            gestures.panSlop = value
        default:
            return false
        }
        return true
    }
}

extension TouchOptions {
    /// The events of `--input`, none without it. A trace that cannot be read is a usage error naming the line.
    public func loadInput() throws(UsageError) -> [InputEvent] {
        guard let path = inputTrace else { return [] }
        do {
            return try InputTrace.load(path)
        } catch {
            throw UsageError(
                "\(error.description); fix the line or record a new trace with 'vitrine play --record-input'")
        }
    }
}
