import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// What `--fill blur` adds to a software-rendered frame: letterboxed 4:3 photos on the
/// screen drawn with and without their backdrop, in the same run, by the compositor.
enum BenchFill {
    static func measure(width: Int, height: Int, frames: Int) throws {
        let output = Size(width: Double(width), height: Double(height))
        // 4:3 photos at the size they are decoded for the screen: bars left and right.
        let photoWidth = height * 4 / 3
        let images = [
            BenchInputs.photo(width: photoWidth, height: height, seed: 11),
            BenchInputs.photo(width: photoWidth, height: height, seed: 23),
        ]
        let show = BenchMotion.Show(output: output, images: images)
        let names = show.names
        var backdrops: [String: PixelBuffer] = [:]
        var made: [Double] = []
        for (name, image) in zip(names, images) {
            let start = BenchFaces.now()
            backdrops[name] = Backdrop.make(from: image, output: output)
            made.append(BenchFaces.now() - start)
        }
        let (byName, key) = (show.byName, show.key)
        func scenes(fill: FillStyle?, motion: DwellMotion, at times: [Double]) -> [Scene] {
            var options = ShowStyle()
            options.motion = motion
            options.fill = fill
            return show.scenes(options, at: times)
        }
        let bench = try FrameBenchmark(width: width, height: height)
        print(
            "Blur fill at \(width)x\(height): \(photoWidth)x\(height) photos letterboxed, compositor on the SDL "
                + "software renderer, median of \(frames); backdrop \(backdrops["a"].map { "\($0.width)x\($0.height)" } ?? "-") "
                + "made in \(BenchCommand.ms(made.max() ?? 0)) in the decode")
        print(
            "    " + BenchCommand.pad("frame", 16) + BenchCommand.pad("letterboxed", 14)
                + BenchCommand.pad("with blur fill", 16) + BenchCommand.pad("added", 12) + "CPU added")
        var worst = 0.0
        for (label, motion, times) in [
            ("still", DwellMotion.still, [2.0]), ("Ken Burns", .kenburns, [4.0, 4.0 + 1.0 / 60]),
            ("fade", .still, [8.4, 8.4 + 1.0 / 60]),
        ] {
            // Taking turns, twice, so a change in the machine's load weighs on both alike.
            var plain: [Double] = []
            var filled: [Double] = []
            var plainCPU: [Double] = []
            var filledCPU: [Double] = []
            for _ in 0..<2 {
                plain.append(
                    bench.draw(
                        scenes(fill: nil, motion: motion, at: times), images: byName, key: key, compositor: true,
                        frames: frames))
                plainCPU.append(bench.lastCPU)
                filled.append(
                    bench.draw(
                        scenes(fill: .blur, motion: motion, at: times), images: byName, key: key, compositor: true,
                        frames: frames, backdrops: backdrops))
                filledCPU.append(bench.lastCPU)
            }
            let added = (filled.min() ?? .nan) - (plain.min() ?? .nan)
            let addedCPU = (filledCPU.min() ?? .nan) - (plainCPU.min() ?? .nan)
            worst = max(worst, added)
            print(
                "    " + BenchCommand.pad(label, 16) + BenchCommand.pad(BenchCommand.ms(plain.min() ?? .nan), 14)
                    + BenchCommand.pad(BenchCommand.ms(filled.min() ?? .nan), 16)
                    + BenchCommand.pad(String(format: "%+.2f ms", added * 1000), 12)
                    + String(format: "%+.2f ms", addedCPU * 1000))
        }
        print(String(format: "    the fill adds up to %+.2f ms a frame (target < 0.5 ms)\n", worst * 1000))
    }
}
