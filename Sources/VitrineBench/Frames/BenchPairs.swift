import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// `--pair` against the cross-fade, in the same run and on the same canvas: a pair frame (two
/// portrait photos side by side) must cost no more than a cross-fade frame of two full-screen
/// photos. The pair's fade in, from a full-screen photo, is shown beside them.
enum BenchPairs {
    static func measure(width: Int, height: Int, frames: Int) throws {
        let output = Size(width: Double(width), height: Double(height))
        let bench = try FrameBenchmark(width: width, height: height)
        // Two full-screen photos, and two 3:4 portraits as the decode worker delivers them for
        // this screen (letterboxed to its height).
        let portrait = (width: max(1, height * 3 / 4), height: height)
        let images: [String: PixelBuffer] = [
            "a": BenchInputs.photo(width: width, height: height, seed: 11),
            "b": BenchInputs.photo(width: width, height: height, seed: 23),
            "p": BenchInputs.photo(width: portrait.width, height: portrait.height, seed: 37),
            "q": BenchInputs.photo(width: portrait.width, height: portrait.height, seed: 41),
        ]
        let moving = [8.4, 8.4 + 1.0 / 60]
        let fade = scenes(["a", "b"], pair: false, images: images, output: output, at: moving)
        // The pair is shown from 8 s; at 10 s it is at rest, at 8.4 s it fades in over "a".
        let pairAtRest = scenes(["a", "p", "q", "b"], pair: true, images: images, output: output, at: [10])
        let pairFade = scenes(["a", "p", "q", "b"], pair: true, images: images, output: output, at: moving)
        guard pairAtRest.first?.slidesDrawn.count == 2 else {
            print("Pairs: not measured, the show did not pair the two portraits\n")
            return
        }
        let copy = bench.plainCopy(images["a"] ?? PixelBuffer(width: 1, height: 1, color: 0), frames: frames)
        print("Pairs at \(width)x\(height) (--pair, Swift compositor, median of \(frames); same run, same canvas)")
        print(
            "    " + BenchCommand.pad("frame", 22) + BenchCommand.pad("compositor", 20)
                + BenchCommand.pad("CPU (all threads)", 22) + "against the cross-fade")
        var figures: [String: (wall: Double, cpu: Double)] = [:]
        let plain = ["a", "b"]
        let paired = ["a", "p", "q", "b"]
        for (label, list, names) in [
            ("cross-fade", fade, plain), ("pair", pairAtRest, paired), ("pair fading in", pairFade, paired),
        ] {
            let wall = bench.draw(list, images: images, key: key(names), compositor: true, frames: frames)
            figures[label] = (wall, bench.lastCPU)
        }
        let base = figures["cross-fade"] ?? (.nan, .nan)
        for label in ["cross-fade", "pair", "pair fading in"] {
            let f = figures[label] ?? (.nan, .nan)
            print(
                "    " + BenchCommand.pad(label, 22)
                    + BenchCommand.pad("\(BenchCommand.ms(f.wall))  \(BenchCommand.ratio(f.wall / copy))x", 20)
                    + BenchCommand.pad("\(BenchCommand.ms(f.cpu))", 22)
                    + "\(BenchCommand.ratio(f.wall / base.wall))x (CPU \(BenchCommand.ratio(f.cpu / base.cpu))x)")
        }
        let pair = figures["pair"] ?? (.nan, .nan)
        let met = pair.wall <= base.wall
        print(
            "    a pair frame costs \(BenchCommand.ratio(pair.wall / base.wall))x a cross-fade frame "
                + "(target ≤ 1.00x): \(met ? "met" : "NOT met")\n")
    }

    /// The scenes of a show of `names` at each of `times`, every photo decoded.
    static func scenes(
        _ names: [String], pair: Bool, images: [String: PixelBuffer], output: Size, at times: [Double]
    ) -> [Scene] {
        var options = ShowStyle()
        options.pair = pair
        var director = ShowDirector(
            slides: names.map { Slide(path: $0) }, setup: DirectorSettings(show: options), output: output)
        var loaded: [String: LoadedImage] = [:]
        for name in names {
            guard let image = images[name] else { continue }
            loaded[name] = LoadedImage(sourceSize: image.size, decodedFor: output)
        }
        let ready = LoadedImages(loaded, allReady: true)
        return times.map { t in director.run(to: ShowTime(seconds: t), images: ready).scene }
    }

    /// The image name of each slide of a show of `names`.
    static func key(_ names: [String]) -> (Int) -> String? {
        { names.indices.contains($0) ? names[$0] : nil }
    }
}
