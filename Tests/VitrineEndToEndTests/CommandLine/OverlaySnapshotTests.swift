import Foundation
import Testing
import VitrineMedia
import VitrineTestSupport

/// Overlays in `vitrine snapshot` frames, checked by their pixels.
@Suite struct OverlaySnapshotTests {
    let folder: TemporaryFolder
    let outputs: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        outputs = try TemporaryFolder()
        for (i, grey) in [200, 180, 160, 140, 120, 100].enumerated() {
            let g = UInt8(grey)
            try TestImage.writeBMP(folder.at("photo-\(i).bmp"), width: 64, height: 36, color: (g, g, g))
        }
    }

    func frame(_ extra: [String], source: String? = nil) throws -> PixelBuffer {
        let out = outputs.at("\(UUID().uuidString).png")
        let result = try CLIRunner.run(
            ["snapshot", source ?? folder.path, "--at", "1", "--size", "320x180", "--out", out] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try TestImage.read(out)
    }

    /// Mean brightness of a horizontal strip.
    func brightness(_ p: PixelBuffer, rows: Range<Int>) -> Double {
        var sum = 0
        for y in rows { for x in 0..<p.width { sum += p.rgb(x, y).g } }
        return Double(sum) / Double(rows.count * p.width)
    }

    @Test func captionBandWhereConfiguredOnly() throws {
        let plain = try frame([])
        let bottom = try frame(["--caption", "filename"])
        let top = try frame(["--caption", "filename", "--caption-position", "top"])
        // The band darkens its edge of a 200-grey photo; the other edge stays as it was.
        #expect(abs(brightness(plain, rows: 170..<178) - 200) < 2)
        #expect(brightness(bottom, rows: 172..<178) < 140, "a bottom band")
        #expect(abs(brightness(bottom, rows: 2..<8) - 200) < 2, "no band at the top")
        #expect(brightness(top, rows: 2..<8) < 140, "a top band")
        #expect(abs(brightness(top, rows: 172..<178) - 200) < 2)
        // The caption text (white) is in the band.
        let textRows = (150..<180).filter { y in (0..<320).contains { bottom.rgb($0, y).g > 240 } }
        #expect(!textRows.isEmpty, "caption text is drawn")
    }

    @Test func pageDotsCountTheSlides() throws {
        let dark = try TemporaryFolder()
        for i in 0..<7 {
            try TestImage.writeBMP(dark.at("\(i).bmp"), width: 64, height: 36, color: (30, 30, 30))
        }
        func dots(_ extra: [String]) throws -> Int {
            let out = outputs.at("\(UUID().uuidString).png")
            let result = try CLIRunner.run(
                ["snapshot", dark.path, "--at", "1", "--size", "640x360", "--out", out] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let image = try TestImage.read(out)
            // Count the runs of lit pixels along the dots' centre row, 5 units (18 px) from the bottom.
            var runs = 0
            var inRun = false
            for x in 0..<640 {
                let lit = image.rgb(x, 360 - 18).g > 90
                if lit && !inRun { runs += 1 }
                inRun = lit
            }
            return runs
        }
        #expect(try dots(["--page-indicator", "always"]) == 7, "seven slides, seven dots")
        #expect(try dots([]) == 0, "no dots in attract mode by default")
    }

    @Test func statusScreenForAnEmptyFolder() throws {
        let empty = try TemporaryFolder()
        let image = try frame(["--wait-for-images"], source: empty.path)
        #expect(image.rgb(2, 2) == (0x1C, 0x25, 0x30), "the calm status background")
        let lit = (0..<180).flatMap { y in (0..<320).map { (($0), y) } }.filter { image.rgb($0.0, $0.1).r > 200 }
        #expect(lit.count > 100, "large centred text")
        let xs = lit.map(\.0)
        let centre = Double((xs.min() ?? 0) + (xs.max() ?? 0)) / 2
        #expect(abs(centre - 160) < 20, "centred, got \(centre)")
    }

    @Test func clockOverlayDrawsInTheCorner() throws {
        let with = try frame(["--clock-overlay", "%H:%M"])
        let without = try frame([])
        func whiteInCorner(_ p: PixelBuffer) -> Int {
            var n = 0
            for y in 0..<30 { for x in 200..<320 where p.rgb(x, y).g > 240 { n += 1 } }
            return n
        }
        #expect(whiteInCorner(with) > 20)
        #expect(whiteInCorner(without) == 0)
    }
}

/// The clock overlay reads the show's clock: `--clock` at t = 0 plus the show time.
@Suite struct ClockOverlaySnapshotTests {
    @Test func clockFollowsTheShowClock() throws {
        let folder = try TemporaryFolder()
        let outputs = try TemporaryFolder()
        try TestImage.writeBMP(folder.at("a.bmp"), width: 64, height: 36, color: (40, 40, 40))
        func corner(clock: String, at: String) throws -> [UInt32] {
            let out = outputs.at("\(UUID().uuidString).png")
            let result = try CLIRunner.run([
                "snapshot", folder.path, "--clock", clock, "--clock-overlay", "%H:%M", "--at", at, "--size",
                "320x180", "--out", out,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try TestImage.read(out)
            return (0..<30).flatMap { y in (200..<320).map { image[$0, y] } }
        }
        let sixOneAtStart = try corner(clock: "2026-12-24T18:01:00", at: "1")
        let sixAfterAMinute = try corner(clock: "2026-12-24T18:00:00", at: "61")
        let sixAtStart = try corner(clock: "2026-12-24T18:00:00", at: "1")
        let sixAfterHalfAMinute = try corner(clock: "2026-12-24T18:00:00", at: "30")
        #expect(sixOneAtStart == sixAfterAMinute, "18:00 + 60 s shows 18:01")
        #expect(sixAtStart == sixAfterHalfAMinute, "the text changes on the minute only")
        #expect(sixAtStart != sixAfterAMinute, "18:00 and 18:01 differ")
    }
}
