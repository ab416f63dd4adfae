import CSDL2
import Foundation
import VitrineCore

/// Where a show loop's time comes from.
protocol FrameClock {
    mutating func tick() -> FrameTick
    /// Whether the loop waits for the images it asked for before the next frame
    /// (accelerated headless runs), instead of drawing on while they decode.
    var waitsForDecodes: Bool { get }
    /// Lets up to `length` pass with nothing to draw, waking early for an event on `canvas`.
    mutating func rest(for length: Seconds, on canvas: any ShowCanvas)
}
