import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// The software-renderer frame measurements of `vitrine bench`.
enum BenchFrames {
    static func measure(width: Int, height: Int, frames: Int) throws {
        let bench = try FrameBenchmark(width: width, height: height)
        let output = Size(width: Double(width), height: Double(height))
        // Two full-screen photos, as a 16:9 slideshow on a 16:9 screen shows them.
        let images = [
            BenchInputs.photo(width: width, height: height, seed: 11),
            BenchInputs.photo(width: width, height: height, seed: 23),
        ]
        let names = ["a", "b"]
        let byName = Dictionary(uniqueKeysWithValues: zip(names, images))
        let key: (Int) -> String? = { names.indices.contains($0) ? names[$0] : nil }
        let copy = bench.plainCopy(images[0], frames: frames)
        print("Software frames at \(width)x\(height) (SDL software renderer, median of \(frames))")
        print("    plain full-screen copy      \(BenchCommand.ms(copy))   1.00x")
        print("    " + BenchCommand.pad("frame", 15) + BenchCommand.pad("compositor", 24) + "SDL alpha path")
        var worst = 0.0
        // Fade and zoom are drawn as the player draws them: the frames at the
        // time and one frame (1/60 s) later, in turn. The zoomed image moves
        // fast, so it is sampled with nearest pixels; "zoom, at rest" repeats
        // one frame, drawn bilinearly, as a zoomed image standing still is.
        for (label, transition, time, moving) in [
            ("still", TransitionKind.fade, 2.0, false), ("fade", .fade, 8.4, true), ("zoom", .zoom, 8.4, true),
            ("zoom, at rest", .zoom, 8.4, false),
        ] {
            var options = ShowOptions()
            options.transition = transition
            var director = ShowDirector(
                slides: names.map { Slide(source: $0) }, setup: ShowSetup(show: options), output: output)
            let loaded = LoadedImages(
                Dictionary(
                    uniqueKeysWithValues: zip(names, images).map {
                        ($0, LoadedImage(sourceSize: $1.size, decodedFor: output))
                    }),
                allReady: true)
            let times = moving ? [time, time + 1.0 / 60] : [time]
            let scenes = times.map { t in director.run(to: t, images: loaded).scene }
            let ours = bench.draw(scenes, images: byName, key: key, compositor: true, frames: frames)
            let sdl = bench.draw(scenes, images: byName, key: key, compositor: false, frames: frames)
            if moving { worst = max(worst, ours / copy) }
            print(
                "    " + BenchCommand.pad(label, 15)
                    + BenchCommand.pad("\(BenchCommand.ms(ours))  \(BenchCommand.ratio(ours / copy))x", 24)
                    + "\(BenchCommand.ms(sdl))  \(BenchCommand.ratio(sdl / copy))x")
        }
        print("    fade and zoom with the compositor: up to \(BenchCommand.ratio(worst))x a plain copy (target ≤ 4x)")
    }
}
