import Foundation
import Testing
import VitrineMedia
import VitrineTestSupport

/// Frames of `vitrine snapshot` checked pixel by pixel against what the timeline says.
@Suite struct SnapshotPixelTests {
    let folder: TemporaryFolder
    let outputs: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        outputs = try TemporaryFolder()
        try TestImage.writeBMP(folder.at("a-red.bmp"), width: 64, height: 36, color: (255, 0, 0))
        try TestImage.writeBMP(folder.at("b-blue.bmp"), width: 64, height: 36, color: (0, 0, 255))
    }

    func snapshot(_ extra: [String], at time: String) throws -> (r: Int, g: Int, b: Int, image: PixelBuffer) {
        let out = outputs.at("frame-\(UUID().uuidString).png")
        let result = try CLIRunner.run(
            [
                "snapshot", folder.path, "--at", time, "--size", "160x90", "--out", out, "--interval", "8",
                "--transition-duration", "0.8",
            ] + extra)
        #expect(result.status == 0, "snapshot failed: \(result.stderr)")
        let image = try TestImage.read(out)
        #expect(image.width == 160 && image.height == 90)
        let c = image.rgb(80, 45)
        return (c.r, c.g, c.b, image)
    }

    func near(_ a: (r: Int, g: Int, b: Int), _ b: (Int, Int, Int), within tolerance: Int = 2) -> Bool {
        abs(a.r - b.0) <= tolerance && abs(a.g - b.1) <= tolerance && abs(a.b - b.2) <= tolerance
    }

    @Test func fadeTimeline() throws {
        let red = try snapshot([], at: "4")
        #expect(near((red.r, red.g, red.b), (255, 0, 0)))
        let mid = try snapshot([], at: "8.4")
        #expect(near((mid.r, mid.g, mid.b), (128, 0, 128)), "midpoint of the fade is the 50 % blend, got \(mid)")
        let early = try snapshot([], at: "8.2")
        #expect(early.r > 200 && early.b < 60, "a quarter into an ease-in-out fade is mostly red, got \(early)")
        let blue = try snapshot([], at: "12")
        #expect(near((blue.r, blue.g, blue.b), (0, 0, 255)))
        let looped = try snapshot([], at: "17")
        #expect(near((looped.r, looped.g, looped.b), (255, 0, 0)), "looping brings slide 0 back at t = 16.8")
    }

    @Test func noLoopStopsOnTheLastSlide() throws {
        let last = try snapshot(["--no-loop"], at: "17")
        #expect(near((last.r, last.g, last.b), (0, 0, 255)))
        let later = try snapshot(["--no-loop"], at: "100")
        #expect(near((later.r, later.g, later.b), (0, 0, 255)))
    }

    @Test func zoomMidpoint() throws {
        let frame = try snapshot(["--transition", "zoom"], at: "8.4")
        // The incoming slide covers 80 % of the screen at half opacity: blend in the centre…
        #expect(near((frame.r, frame.g, frame.b), (128, 0, 128)), "centre \(frame)")
        // …and outside it the outgoing slide fades to the background: half red.
        let corner = frame.image.rgb(3, 3)
        #expect(near(corner, (128, 0, 0)), "corner \(corner)")
    }

    @Test func slideMidpoint() throws {
        let frame = try snapshot(["--transition", "slide"], at: "8.4")
        let left = frame.image.rgb(40, 45)
        let right = frame.image.rgb(120, 45)
        #expect(near(left, (255, 0, 0)), "outgoing slide on the left half, got \(left)")
        #expect(near(right, (0, 0, 255)), "incoming slide on the right half, got \(right)")
        let vertical = try snapshot(["--transition", "slide", "--slide-axis", "vertical"], at: "8.4")
        #expect(near(vertical.image.rgb(80, 20), (255, 0, 0)))
        #expect(near(vertical.image.rgb(80, 70), (0, 0, 255)))
    }

    @Test func noneIsACut() throws {
        let before = try snapshot(["--transition", "none"], at: "7.99")
        #expect(near((before.r, before.g, before.b), (255, 0, 0)))
        let after = try snapshot(["--transition", "none"], at: "8.01")
        #expect(near((after.r, after.g, after.b), (0, 0, 255)))
    }

    @Test func kenBurnsZoomsDuringTheDwell() throws {
        let wide = try TemporaryFolder()
        // A pattern with a dark border: zooming in pushes the border off screen.
        try TestImage.writeBMP(wide.at("frame.bmp"), width: 160, height: 90) { x, y in
            x < 8 || y < 8 || x >= 152 || y >= 82 ? (0, 0, 0) : (255, 255, 255)
        }
        func corner(_ time: String) throws -> (r: Int, g: Int, b: Int) {
            let out = outputs.at("k\(time).png")
            let result = try CLIRunner.run([
                "snapshot", wide.path, "--motion", "kenburns", "--at", time, "--size", "160x90", "--out", out,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return try TestImage.read(out).rgb(155, 45)
        }
        #expect(try corner("0").r < 30, "at the start of the dwell the border shows")
        // Slide 0 zooms in and drifts right: its right border leaves the screen.
        #expect(try corner("7").r > 200, "late in the dwell the zoom has pushed the right border out")
    }
}

/// `--fit contain` letterboxes, `--fit cover` fills.
@Suite struct FitTests {
    @Test func wideImageInSixteenByNine() throws {
        let folder = try TemporaryFolder()
        let outputs = try TemporaryFolder()
        try TestImage.writeBMP(folder.at("wide.bmp"), width: 200, height: 100, color: (0, 200, 0))
        func frame(_ fit: String) throws -> PixelBuffer {
            let out = outputs.at("\(fit).png")
            let result = try CLIRunner.run([
                "snapshot", folder.path, "--fit", fit, "--at", "1", "--size", "160x90", "--out", out,
                "--background", "#102030",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return try TestImage.read(out)
        }
        let contain = try frame("contain")
        // 2:1 in 160x90 → 160x80, bars of 5 px at top and bottom in the background colour.
        #expect(contain.rgb(80, 1) == (16, 32, 48))
        #expect(contain.rgb(80, 88) == (16, 32, 48))
        #expect(contain.rgb(80, 45).g > 190)
        #expect(contain.rgb(1, 45).g > 190, "no bars at the sides")
        let cover = try frame("cover")
        for (x, y) in [(80, 1), (80, 88), (1, 45), (158, 45)] {
            #expect(cover.rgb(x, y).g > 190, "cover leaves no bars, (\(x), \(y)) is \(cover.rgb(x, y))")
        }
    }
}
