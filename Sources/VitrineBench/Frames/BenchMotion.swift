import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// The frame measurements of `vitrine bench`: software frames against a plain
/// copy, the window's present against compose, and frame pacing while a large
/// photo decodes.
enum BenchMotion {
    static func run(width: Int, height: Int, frames: Int) throws -> Int32 {
        let show = Show(width: width, height: height)
        try BenchFrames.measure(show, frames: frames)
        try BenchFill.measure(width: width, height: height, frames: frames)
        try BenchPairs.measure(width: width, height: height, frames: frames)
        measureWindow(show, frames: frames)
        try BenchPacing.measure(show, frames: max(240, frames * 4))
        return 0
    }

    /// Two photos the size of the screen and the scenes a show of them draws.
    struct Show {
        let output: Size
        let names = ["a", "b"]
        let images: [PixelBuffer]
        var byName: [String: PixelBuffer] { Dictionary(uniqueKeysWithValues: zip(names, images)) }
        var key: (Int) -> String? {
            let names = names
            return { names.indices.contains($0) ? names[$0] : nil }
        }

        init(width: Int, height: Int) {
            output = Size(width: Double(width), height: Double(height))
            // Two full-screen photos, as a 16:9 slideshow on a 16:9 screen shows them.
            images = [
                BenchInputs.photo(width: width, height: height, seed: 11),
                BenchInputs.photo(width: width, height: height, seed: 23),
            ]
        }

        init(output: Size, images: [PixelBuffer]) {
            self.output = output
            self.images = images
        }

        /// The scenes of the show at each of `times` (seconds from its start).
        func scenes(_ transition: TransitionKind, motion: DwellMotion, at times: [Double]) -> [Scene] {
            var options = ShowStyle()
            options.transition = transition
            options.motion = motion
            return scenes(options, at: times)
        }

        /// The scenes of the show in `options`' style at each of `times`, every image ready.
        func scenes(_ options: ShowStyle, at times: [Double]) -> [Scene] {
            var director = ShowDirector(
                slides: names.map { Slide(path: $0) }, setup: DirectorSettings(show: options), output: output)
            let loaded = LoadedImages(
                Dictionary(
                    uniqueKeysWithValues: zip(names, images).map {
                        ($0, LoadedImage(sourceSize: $1.size, decodedFor: output))
                    }),
                allReady: true)
            return times.map { t in director.run(to: ShowTime(seconds: t), images: loaded).scene }
        }
    }

    /// A Ken Burns show in a real window, when there is a display: compose and present apart.
    private static func measureWindow(_ show: Show, frames: Int) {
        let size = show.output
        print("Window at \(Int(size.width))x\(Int(size.height)), software renderer, Ken Burns (\(frames) frames)")
        let window: WindowBenchmark
        do {
            window = try WindowBenchmark(size: size)
        } catch {
            print("    not measured: \(error)\n")
            return
        }
        let drawn = window.outputSize
        guard drawn == size else {
            print("    not measured: the window is \(Int(drawn.width))x\(Int(drawn.height)), not the size asked for\n")
            return
        }
        let scenes = show.scenes(.fade, motion: .kenburns, at: (0..<frames).map { 2 + Double($0) / 60 })
        let result = window.run(scenes, images: show.byName, key: show.key, frames: frames)
        print("    video driver \(result.driver), frames \(result.framebuffer)")
        print("    compose \(BenchCommand.ms(result.compose)), present \(BenchCommand.ms(result.present)) (medians)")
        print(
            "    unpaced: \(String(format: "%.0f", result.framesPerSecond)) frames/s at "
                + "\(String(format: "%.0f", result.cpu * 100)) % of a core")
        print(
            "    at 60 Hz: \(String(format: "%.1f", result.pacedPerSecond)) frames/s, \(result.late) of "
                + "\(frames) late (over 1.5 ticks), \(String(format: "%.0f", result.pacedCPU * 100)) % of a core "
                + "(target: every frame, ≤ 100 % of a core, half the CPU of two)\n")
    }
}
