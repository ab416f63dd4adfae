import Foundation
import Testing
import VitrineTestSupport

/// Help, version, usage errors and their exit codes, and bad files among good ones.
@Suite struct CommandLineTests {
    @Test func helpAndVersion() throws {
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        for command in ["play", "snapshot", "displays"] { #expect(help.stdout.contains(command)) }
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("vitrine "))
        let snapshotHelp = try CLIRunner.run(["snapshot", "--help"])
        #expect(snapshotHelp.status == 0)
        #expect(snapshotHelp.stdout.contains("--at SECONDS"))
        #expect(snapshotHelp.stdout.contains("--transition fade|zoom|slide|none"))
        let playHelp = try CLIRunner.run(["play", "--help"])
        #expect(playHelp.stdout.contains("--windowed WxH"))
        #expect(playHelp.stdout.contains("--renderer auto|software|opengles2|opengl"))
    }

    @Test(arguments: [
        (["snapshot", "--out", "x.png"], "--at"),
        (["snapshot", "--at", "1"], "--out"),
        (["snapshot", "--at", "-1", "--out", "x.png"], "--at"),
        (["snapshot", "--at", "1", "--out", "x.png", "--interval", "0"], "--interval"),
        (["snapshot", "--at", "1", "--out", "x.png", "--interval", "abc"], "--interval"),
        (["snapshot", "--at", "1", "--out", "x.png", "--transition", "wipe"], "fade|zoom|slide|none"),
        (["snapshot", "--at", "1", "--out", "x.png", "--fit", "stretch"], "contain|cover"),
        (["snapshot", "--at", "1", "--out", "x.png", "--background", "red"], "#RRGGBB"),
        (["snapshot", "--at", "1", "--out", "x.png", "--size", "100"], "WIDTHxHEIGHT"),
        (["snapshot", "--at", "1", "--out", "x.png", "--bogus"], "--bogus"),
        (["snapshot", "--at", "1", "--out", "x.png", "--interval", "2", "--transition-duration", "3"], "shorter"),
        (["snapshot", "--at", "1", "--out", "x.png", "--seed", "-4"], "--seed"),
        (["play", "--config", "none", "--windowed", "axb"], "WIDTHxHEIGHT"),
        (["play", "--config", "none", "--renderer", "vulkan"], "auto|software"),
        (["frobnicate"], "unknown command"),
    ])
    func usageErrors(args: [String], mentions: String) throws {
        let result = try CLIRunner.run(args)
        #expect(result.status == 2, "\(args) gave \(result.status): \(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(args): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    }

    @Test func missingAndEmptySources() throws {
        let folder = try TemporaryFolder()
        let missing = try CLIRunner.run(["snapshot", folder.at("nope"), "--at", "0", "--out", folder.at("o.png")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope") && missing.stderr.contains("no such file"))
        try "notes".write(toFile: folder.at("readme.txt"), atomically: true, encoding: .utf8)
        let empty = try CLIRunner.run(["snapshot", folder.path, "--at", "0", "--out", folder.at("o.png")])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("holds no images"))
        let notImage = try CLIRunner.run([
            "snapshot", folder.at("readme.txt"), "--at", "0", "--out", folder.at("o.png"),
        ])
        #expect(notImage.status == 2)
        #expect(notImage.stderr.contains("not an image"))
        #expect(!FileManager.default.fileExists(atPath: folder.at("o.png")))
    }

    @Test func corruptFileAmongGoodOnesIsSkipped() throws {
        let folder = try TemporaryFolder()
        try TestImage.writeBMP(folder.at("1.bmp"), width: 32, height: 18, color: (255, 0, 0))
        try "this is not a picture".write(toFile: folder.at("2.jpg"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: folder.at("3.png")))
        try TestImage.writeBMP(folder.at("4.bmp"), width: 32, height: 18, color: (0, 0, 255))
        let out = folder.at("frame.png")
        // Slide 1 of the two good images shows from t = 8.
        let result = try CLIRunner.run([
            "snapshot", folder.path, "--at", "10", "--size", "64x36", "--out", out, "--print-state",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2.jpg"))
        #expect(result.stderr.contains("3.png"))
        #expect(result.stderr.contains("WARNING"))
        #expect(result.stdout.contains("\"count\":2"))
        let pixel = try TestImage.read(out).rgb(32, 18)
        #expect(pixel.b > 250 && pixel.r < 5)
    }

    @Test func everyImageBadIsARuntimeFailure() throws {
        let folder = try TemporaryFolder()
        try "x".write(toFile: folder.at("a.jpg"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["snapshot", folder.path, "--at", "0", "--out", folder.at("o.png")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no image could be decoded"))
    }

    @Test func printStateReportsTheTransition() throws {
        let folder = try TemporaryFolder()
        for (i, color) in [(255, 0, 0), (0, 255, 0), (0, 0, 255)].enumerated() {
            try TestImage.writeBMP(
                folder.at("\(i).bmp"), width: 16, height: 9, color: (UInt8(color.0), UInt8(color.1), UInt8(color.2)))
        }
        let result = try CLIRunner.run([
            "snapshot", folder.path, "--at", "16.2", "--interval", "8", "--transition-duration", "0.8",
            "--size", "32x18", "--out", folder.at("o.png"), "--print-state",
        ])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["index"] as? Int == 2)
        #expect(object?["count"] as? Int == 3)
        #expect(object?["mode"] as? String == "attract")
        let transition = object?["transition"] as? [String: Any]
        #expect(transition?["kind"] as? String == "fade")
        #expect(abs((transition?["progress"] as? Double ?? -1) - 0.25) < 1e-6)
    }

    @Test func displaysSaysWhetherOneOpens() throws {
        let result = try CLIRunner.run(["displays", "--video-driver", "offscreen"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("display: offscreen"))
        let bad = try CLIRunner.run(["displays", "--video-driver", "no-such-driver"])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("display: none"))
    }
}
