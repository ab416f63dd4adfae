import Foundation
import Testing

@Suite("Configuration file, check and soak")
struct ConfigAndSoakTests {
    func writeConfig(_ json: String) throws -> (folder: URL, path: String) {
        let folder = try DeployHarness.temporaryFolder("config")
        let file = folder.appendingPathComponent("config.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return (folder, file.path)
    }

    var demo: String { DeployHarness.packageRoot.appendingPathComponent("assets/demo").path }

    @Test("check --config accepts a good file")
    func checkGood() throws {
        let (folder, path) = try writeConfig(
            #"{"sources": ["\#(demo)"], "interval": 6, "transition": "slide", "rotate": 90, "windowed": "800x600"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try DeployHarness.vitrine(["check", "--config", path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("OK, 4 option(s), 1 source(s)"))
    }

    @Test("check --config takes the remote options as keys and reports their problems")
    func checkRemoteKeys() throws {
        let (good, goodPath) = try writeConfig(
            #"{"sources": ["\#(demo)"], "mqtt": "broker.local", "mqtt-group": ["shop", "window"]}"#)
        defer { try? FileManager.default.removeItem(at: good) }
        let ok = try DeployHarness.vitrine(["check", "--config", goodPath])
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.output.contains("OK, 2 option(s)"))

        let (folder, path) = try writeConfig(
            #"{"mqtt": "broker.local", "mqtt-group": ["shop", "bad/name"], "mqtt-port": 70000}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try DeployHarness.vitrine(["check", "--config", path])
        #expect(bad.status == 1)
        #expect(bad.output.contains(#"key "mqtt-port": --mqtt-port 70000: expected a port number"#), "\(bad.output)")
        #expect(bad.output.contains(#"key "mqtt-group": --mqtt-group bad/name"#), "\(bad.output)")

        let (other, otherPath) = try writeConfig(
            #"{"mqtt-password-file": "/nonexistent/pw", "control-bind": "0.0.0.0", "control": true}"#)
        defer { try? FileManager.default.removeItem(at: other) }
        let files = try DeployHarness.vitrine(["check", "--config", otherPath])
        #expect(files.status == 1)
        #expect(files.output.contains(#"key "mqtt-password-file": has no effect without "mqtt""#), "\(files.output)")
        #expect(files.output.contains(#"key "mqtt-password-file": /nonexistent/pw: cannot be read"#))
        #expect(files.output.contains(#"key "control-bind": 0.0.0.0 is beyond 127.0.0.1"#))
    }

    @Test("check --config lists every problem, each naming its key, and exits 1")
    func checkBad() throws {
        let (folder, path) = try writeConfig(
            #"{"interval": "soon", "transiton": "fade", "rotate": 45, "sources": ["missing-folder"]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try DeployHarness.vitrine(["check", "--config", path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(path + #": key "interval": --interval soon: expected a positive"#) })
        #expect(lines.contains { $0.hasPrefix(path + #": key "transiton": unknown option --transiton"#) })
        #expect(lines.contains { $0.hasPrefix(path + #": key "rotate": --rotate 45"#) })
        // Relative sources are taken from the file's folder.
        #expect(lines.contains { $0.hasPrefix(path + #": key "sources": \#(folder.path)/missing-folder: no such"#) })
        #expect(lines.last == path + ": 4 problems; not good to play")
    }

    @Test("play --config stops on a bad key with one line naming the file and the key, exit 2")
    func playBadKey() throws {
        let (folder, path) = try writeConfig(#"{"fit": "stretch"}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try DeployHarness.vitrine(["play", "--config", path])
        #expect(result.status == 2)
        #expect(result.errors == "vitrine: \(path): key \"fit\": --fit stretch: expected one of contain|cover\n")
    }

    @Test("the configuration is read and the command line wins over it")
    func commandLineWins() throws {
        let (folder, path) = try writeConfig(#"{"interval": 2, "sources": ["\#(demo)"]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The configuration's interval is in force: a 3 s transition does not fit into 2 s.
        let clash = try DeployHarness.vitrine(["play", "--config", path, "--transition-duration", "3"])
        #expect(clash.status == 2)
        #expect(clash.errors.contains("--transition-duration 3.0 must be shorter than --interval 2.0"))
        // The command line's interval wins: the options are good, and play goes on to
        // open the display, which fails here on purpose (exit 1, not a usage error).
        let wins = try DeployHarness.vitrine(
            ["play", "--config", path, "--interval", "10", "--transition-duration", "3", "--video-driver", "none"])
        #expect(wins.status == 1, "\(wins.errors)")
        #expect(wins.errors.contains("cannot open a display"))
    }

    @Test("check --config --list-sources prints the sources as absolute paths")
    func listSources() throws {
        let (folder, path) = try writeConfig(#"{"sources": ["/srv/photos", "local"]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try DeployHarness.vitrine(["check", "--config", path, "--list-sources"])
        #expect(result.status == 0)
        #expect(result.output == "/srv/photos\n\(folder.path)/local\n")
    }

    @Test("snapshot --rotate 90 writes a frame of the panel's size")
    func snapshotRotated() throws {
        let folder = try DeployHarness.temporaryFolder("snapshot")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("turned.png").path
        let result = try DeployHarness.vitrine(
            ["snapshot", demo, "--at", "1", "--size", "320x180", "--rotate", "90", "--out", out])
        #expect(result.status == 0, "\(result.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        // PNG header: width and height, big-endian, at bytes 16 and 20.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 320 && height == 180)
        let bad = try DeployHarness.vitrine(["snapshot", demo, "--at", "1", "--rotate", "45", "--out", out])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--rotate 45: expected 0, 90, 180 or 270"))
    }

    @Test("soak reports memory and descriptors and passes on the demo; a zero limit fails with 1")
    func soak() throws {
        let arguments = [
            "soak", demo, "--transitions", "24", "--every", "8", "--size", "64x36", "--interval", "1",
        ]
        let result = try DeployHarness.vitrine(arguments)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let rows = result.output.split(separator: "\n").filter { $0.first == " " }
        // A sample at the start and after every 8 transitions.
        #expect(rows.map { $0.split(separator: " ").first ?? "" } == ["0", "8", "16", "24"])
        #expect(rows.allSatisfy { $0.contains(" MB ") })
        #expect(result.output.hasSuffix("PASS\n"))

        let strict = try DeployHarness.vitrine(arguments + ["--memory-limit", "0"])
        #expect(strict.status == 1)
        #expect(strict.output.contains("FAIL: resident memory grew by"))
    }
}
