import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// Snapshots of a playlist file and of the same folder given on the command line
/// come from one director: grid, rotation and name order are the same.
@Suite struct OneHostSnapshotTests {
    /// A folder of three flat-coloured photos and a playlist file that plays it.
    private func workspace() throws -> TemporaryFolder {
        let tree = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: tree.at("photos"), withIntermediateDirectories: true)
        try TestImage.writeBMP(tree.at("photos/a.bmp"), width: 64, height: 36, color: (255, 0, 0))
        try TestImage.writeBMP(tree.at("photos/b.bmp"), width: 64, height: 36, color: (0, 255, 0))
        try TestImage.writeBMP(tree.at("photos/c.bmp"), width: 64, height: 36, color: (0, 0, 255))
        try Data("{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" } ] }".utf8)
            .write(to: URL(fileURLWithPath: tree.at("show.json")))
        return tree
    }

    private func snapshot(_ source: String, _ extra: [String], out: String) throws -> PixelBuffer {
        let result = try CLIRunner.run(["snapshot", source, "--at", "1", "--out", out, "--size", "320x180"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try TestImage.read(out)
    }

    @Test func aPlaylistsGridDrawsEveryThumbnailAsTheFolderDoes() throws {
        let tree = try workspace()
        let grid = try snapshot(tree.at("show.json"), ["--grid"], out: tree.at("grid.png"))
        let layout = GridLayout(output: Size(width: 320, height: 180), count: 3)
        for (i, expected) in [(255, 0, 0), (0, 255, 0), (0, 0, 255)].enumerated() {
            let cell = layout.cell(for: i)
            let pixel = grid.rgb(Int(cell.x + cell.width / 2), Int(cell.y + cell.height / 2))
            #expect(pixel == (expected.0, expected.1, expected.2), "cell \(i): \(pixel)")
        }
        let folder = try snapshot(tree.at("photos"), ["--grid"], out: tree.at("folder-grid.png"))
        #expect(folder == grid)
    }

    @Test func aPlaylistsSnapshotIsTurnedByRotate() throws {
        let tree = try workspace()
        let upright = try snapshot(tree.at("show.json"), [], out: tree.at("upright.png"))
        let turned = try snapshot(tree.at("show.json"), ["--rotate", "90"], out: tree.at("turned.png"))
        #expect(upright != turned)
        // The 16:9 photo on a turned (portrait) picture is letterboxed: bars left and right of the panel.
        #expect(upright.rgb(5, 90) == (255, 0, 0))
        #expect(turned.rgb(5, 90) == (0, 0, 0))
        #expect(turned.rgb(160, 90) == (255, 0, 0))
        let folder = try snapshot(tree.at("photos"), ["--rotate", "90"], out: tree.at("folder-turned.png"))
        #expect(folder == turned)
    }

    /// The order a file manager shows: numbers as numbers, accents beside their letter,
    /// the same for a folder on the command line and in a playlist.
    @Test func folderOrderIsTheSameFromTheCommandLineAndFromAPlaylist() throws {
        let tree = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: tree.at("p"), withIntermediateDirectories: true)
        let names = ["x.1.bmp", "é.bmp", "img_10.bmp", "f.bmp", "img-2.bmp", "e.bmp", "x.01.bmp", "img-10.bmp"]
        for name in names { try TestImage.writeBMP(tree.at("p/" + name), width: 8, height: 8, color: (9, 9, 9)) }
        try Data("{ \"version\": 1, \"items\": [ { \"folder\": \"p\" } ] }".utf8)
            .write(to: URL(fileURLWithPath: tree.at("show.json")))
        func order(_ source: String) throws -> [String] {
            try (0..<names.count).map { i in
                let result = try CLIRunner.run([
                    "snapshot", source, "--at", String(i * 8 + 1), "--out", tree.at("o.png"), "--print-state",
                    "--size", "32x18",
                ])
                let source = result.stdout.components(separatedBy: "\"source\":\"").dropFirst().first ?? ""
                return (String(source.prefix { $0 != "\"" }) as NSString).lastPathComponent
            }
        }
        let fromFolder = try order(tree.at("p"))
        #expect(
            fromFolder == ["e.bmp", "é.bmp", "f.bmp", "img-2.bmp", "img-10.bmp", "img_10.bmp", "x.01.bmp", "x.1.bmp"])
        #expect(try order(tree.at("show.json")) == fromFolder)
    }

    /// No black between pictures: the first photo fades in from the background colour, in
    /// snapshots as in play (whose clock starts with its first image on the screen).
    @Test func theFirstPhotoFadesInFromTheBackground() throws {
        let tree = try workspace()
        func centre(_ at: String) throws -> (r: Int, g: Int, b: Int) {
            let out = tree.at("fade-\(at).png")
            let result = try CLIRunner.run([
                "snapshot", tree.at("photos"), "--at", at, "--out", out, "--size", "160x90", "--background",
                "#204060",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return try TestImage.read(out).rgb(80, 45)
        }
        #expect(try centre("0") == (32, 64, 96), "the background, not black")
        let half = try centre("0.3")
        #expect(half.r > 32 && half.r < 255 && half.b < 96 && half.b > 0, "\(half)")
        #expect(try centre("1") == (255, 0, 0))
    }
}
