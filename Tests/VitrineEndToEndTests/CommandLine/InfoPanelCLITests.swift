import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// The info panel in `vitrine snapshot` frames: present, over a dimmed photo, closed by a tap outside.
@Suite struct InfoPanelCLITests {
    let folder: TemporaryFolder
    let outputs: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        outputs = try TemporaryFolder()
        try TestImage.writeBMP(folder.at("light.bmp"), width: 160, height: 90, color: (230, 220, 200))
    }

    func frame(_ events: [InputEvent], at time: Double) throws -> PixelBuffer {
        let trace = outputs.at("trace-\(UUID().uuidString).jsonl")
        try (events.map(InputTrace.line(for:)).joined(separator: "\n") + "\n").write(
            toFile: trace, atomically: true, encoding: .utf8)
        let out = outputs.at("frame-\(UUID().uuidString).png")
        let result = try CLIRunner.run(
            ["snapshot", folder.path, "--at", String(time), "--size", "320x180", "--out", out, "--input", trace])
        #expect(result.status == 0, "snapshot failed: \(result.stderr)")
        return try TestImage.read(out)
    }

    func brightness(_ c: (r: Int, g: Int, b: Int)) -> Int { c.r + c.g + c.b }

    @Test func thePanelOpensOverADimmedPhotoAndATapOutsideClosesIt() throws {
        let key = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        let plain = try frame([], at: 1.5)
        let midway = try frame(key, at: 1 + InfoPanel.openDuration / 2)
        let open = try frame(key, at: 1.5)
        let outside = (160, 170)
        let lit = brightness(plain.rgb(outside.0, outside.1))
        let half = brightness(midway.rgb(outside.0, outside.1))
        let dim = brightness(open.rgb(outside.0, outside.1))
        #expect(half < lit && dim < half, "darker outside the panel: \(lit) → \(half) → \(dim)")
        #expect(abs(Double(dim) / Double(lit) - 0.4) < 0.05, "about 40 % of the light")
        // The panel near the top: its colour, not the dimmed photo's.
        let panel = open.rgb(128, 12)
        #expect(panel.b > panel.r, "the panel's blue-grey at \(panel)")
        #expect(brightness(panel) < dim)
        let closed = try frame(
            key + [
                InputEvent(time: ShowTime(seconds: 2), kind: .down(id: 1, x: 0.5, y: 0.95)),
                InputEvent(time: ShowTime(seconds: 2.05), kind: .up(id: 1, x: 0.5, y: 0.95)),
            ], at: 2.6)
        #expect(abs(brightness(closed.rgb(outside.0, outside.1)) - lit) <= 3)
    }
}
