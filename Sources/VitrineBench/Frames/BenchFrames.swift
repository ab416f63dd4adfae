import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// The software-renderer frame measurements of `vitrine bench`.
enum BenchFrames {
    static func measure(_ show: BenchMotion.Show, frames: Int) throws {
        let width = Int(show.output.width)
        let height = Int(show.output.height)
        let bench = try FrameBenchmark(width: width, height: height)
        let images = show.images
        let byName = show.byName
        let key = show.key
        let copy = bench.plainCopy(images[0], frames: frames)
        let copyCPU = bench.lastCPU
        let copyFastest = bench.lastFastest
        print("Software frames at \(width)x\(height) (SDL software renderer, median of \(frames))")
        print(
            "    " + BenchCommand.pad("frame", 15) + BenchCommand.pad("compositor", 20)
                + BenchCommand.pad("CPU (all threads)", 22) + BenchCommand.pad("fastest", 18) + "SDL alpha path")
        print(
            "    " + BenchCommand.pad("plain copy", 15) + BenchCommand.pad("\(BenchCommand.ms(copy))  1.00x", 20)
                + BenchCommand.pad("\(BenchCommand.ms(copyCPU))  1.00x", 22)
                + BenchCommand.pad("\(BenchCommand.ms(copyFastest))  1.00x", 18) + "(the yardstick)")
        var worst = 0.0
        var worstCPU = 0.0
        var worstFastest = 0.0
        // Fade and zoom are drawn as the player draws them: the frames at the
        // time and one frame (1/60 s) later, in turn. The zoomed image moves
        // fast, so it is sampled with nearest pixels; "zoom, at rest" repeats
        // one frame, drawn bilinearly, as a zoomed image standing still is.
        // Ken Burns moves under a pixel a frame, so it stays bilinear; "Ken
        // Burns fade" is the cross-fade between two drifting photos.
        for (label, transition, motion, time, moving) in [
            ("still", TransitionKind.fade, DwellMotion.still, 2.0, false), ("fade", .fade, .still, 8.4, true),
            ("zoom", .zoom, .still, 8.4, true), ("zoom, at rest", .zoom, .still, 8.4, false),
            ("Ken Burns", .fade, .kenburns, 4.0, true), ("Ken Burns fade", .fade, .kenburns, 8.4, true),
        ] {
            let scenes = show.scenes(transition, motion: motion, at: moving ? [time, time + 1.0 / 60] : [time])
            let ours = bench.draw(scenes, images: byName, key: key, compositor: true, frames: frames)
            let oursCPU = bench.lastCPU
            let oursFastest = bench.lastFastest
            let sdl = bench.draw(scenes, images: byName, key: key, compositor: false, frames: frames)
            if moving {
                worst = max(worst, ours / copy)
                worstCPU = max(worstCPU, oursCPU / copyCPU)
                worstFastest = max(worstFastest, oursFastest / copyFastest)
            }
            print(
                "    " + BenchCommand.pad(label, 15)
                    + BenchCommand.pad("\(BenchCommand.ms(ours))  \(BenchCommand.ratio(ours / copy))x", 20)
                    + BenchCommand.pad("\(BenchCommand.ms(oursCPU))  \(BenchCommand.ratio(oursCPU / copyCPU))x", 22)
                    + BenchCommand.pad(
                        "\(BenchCommand.ms(oursFastest))  \(BenchCommand.ratio(oursFastest / copyFastest))x", 18)
                    + "\(BenchCommand.ms(sdl))  \(BenchCommand.ratio(sdl / copy))x")
        }
        print(
            "    moving frames with the compositor: up to \(BenchCommand.ratio(worst))x a plain copy (target ≤ 4x); "
                + "CPU up to \(BenchCommand.ratio(worstCPU))x, \(BenchCommand.ratio(worstCPU / 2))x on two cores; "
                + "fastest frames up to \(BenchCommand.ratio(worstFastest))x\n")
    }
}
