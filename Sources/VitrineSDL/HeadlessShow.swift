import Foundation
import VitrineCore
import VitrineMedia

/// The play loop without a display, at accelerated time, for soak runs: the
/// same `ShowLoop` as `play` (director, off-thread decodes, textures, rotation)
/// drawing into a memory surface with SDL's software renderer. Each frame
/// advances the same show time and waits for the images the show asked for, so
/// every transition decodes and uploads for real however fast the clock runs.
public final class HeadlessShow {
    private let loop: ShowLoop

    /// Transitions started so far.
    public private(set) var transitions = 0
    /// Images decoded and uploaded so far.
    public var decodes: Int { loop.decodes }
    /// Frames drawn so far.
    public var frames: Int { loop.frames }

    /// Why a run could not go on.
    public struct Stalled: Error, CustomStringConvertible {
        public let description: String
    }

    /// A show of `director` on a `size` surface, each frame `frameTime` of show time.
    public init(director: ShowDirector, size: Size, frameTime: Seconds, decoder: any ImageDecoding) throws {
        let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height), composed: true)
        loop = ShowLoop(
            director: director, canvas: canvas,
            clock: VirtualFrameClock(frame: frameTime, wallOrigin: Date(unixSeconds: 0)),
            decoder: decoder)
    }

    /// Runs frames until `count` more transitions have started. Throws when no
    /// slide can be shown any more, when a decode hangs, or when the show makes
    /// no progress for `patience` frames.
    public func run(transitions count: Int, patience: Int = 100_000) throws(Stalled) {
        let goal = transitions + count
        var lastIndex = loop.director.engine.show.index
        var idle = 0
        while transitions < goal {
            let out = loop.step()
            if out.exitCode != nil || (loop.director.engine.show.count == 0 && loop.frames > 0 && idle > 100) {
                throw Stalled(description: "no image could be decoded")
            }
            if loop.stalled { throw Stalled(description: "an image took longer than 30 s to decode") }
            let index = loop.director.engine.show.index
            if index != lastIndex {
                transitions += 1
                lastIndex = index
                idle = 0
            } else {
                idle += 1
                if idle > patience {
                    throw Stalled(description: "the show made no progress in \(patience) frames; is --no-loop set?")
                }
            }
        }
    }
}
