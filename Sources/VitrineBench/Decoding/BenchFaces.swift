import Foundation
import Glibc
import VitrineCore
import VitrineMedia

/// What looking for faces adds to a 12 MP photo's decode: the demo's astronaut enlarged into
/// a 4000x3000 JPEG, decoded for the screen with and without faces, in process, taking turns.
enum BenchFaces {
    static func measure(output: Size, runs: Int, folder: URL) throws {
        print(
            "Faces in a 12 MP photo (4000x3000 JPEG, decoded for \(Int(output.width))x\(Int(output.height)), "
                + "\(runs) runs after a warm-up)")
        let picture = twelveMegapixels()
        guard let jpeg = JPEGEncoder.encode(picture, quality: 90) else {
            print("    not measured: the test photo could not be encoded\n")
            return
        }
        let url = folder.appendingPathComponent("faces-12mp.jpg")
        try Data(jpeg).write(to: url)
        let plain = DecodeRequest(path: url.path, output: output, fit: .contain, background: .black)
        var faces = plain
        faces.faces = true
        let decoder = MediaDecoder()
        _ = try decoder.decode(faces)  // the detector is made once, at the first photo
        var plainTimes: [Double] = []
        var faceTimes: [Double] = []
        var detectTimes: [Double] = []
        var detectCPU: [Double] = []
        var found: [Rect]?
        for _ in 0..<runs {
            var start = now()
            let image = try decoder.decode(plain)
            plainTimes.append(now() - start)
            start = now()
            let withFaces = try decoder.decode(faces)
            faceTimes.append(now() - start)
            found = withFaces.metadata?.faces
            start = now()
            let cpu = threadCPU()
            _ = decoder.faces.faces(in: image.pixels)
            detectCPU.append(threadCPU() - cpu)
            detectTimes.append(now() - start)
        }
        let decode = BenchCommand.median(plainTimes)
        let both = BenchCommand.median(faceTimes)
        let detect = BenchCommand.median(detectTimes)
        print("    decode alone           \(BenchCommand.ms(decode))")
        print(
            "    decode + faces         \(BenchCommand.ms(both))  (\(String(format: "%+.1f ms", (both - decode) * 1000)))"
        )
        print(
            "    face detection alone   \(BenchCommand.ms(detect)) (CPU \(BenchCommand.ms(BenchCommand.median(detectCPU)))), "
                + "on a copy \(decoder.faces.longSide) px long; target < 150 ms")
        print("    faces found: \(found?.count ?? 0)\n")
    }

    /// A 4000x3000 photo with the demo's astronaut (when found) enlarged 4x in its left part.
    static func twelveMegapixels() -> PixelBuffer {
        var picture = BenchInputs.photo(width: 4000, height: 3000, seed: 5)
        let candidates = ["assets/demo/astronaut.png", "/usr/share/vitrine/demo/astronaut.png"]
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
            let face = try? MediaDecoder().decode(
                DecodeRequest(path: path, output: Size(width: 4096, height: 4096), fit: .contain, background: .black))
        else { return picture }
        let scale = 4
        for y in 0..<min(3000 - 400, face.pixels.height * scale) {
            for x in 0..<min(4000 - 600, face.pixels.width * scale) {
                picture[600 + x, 400 + y] = face.pixels[x / scale, y / scale]
            }
        }
        return picture
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
