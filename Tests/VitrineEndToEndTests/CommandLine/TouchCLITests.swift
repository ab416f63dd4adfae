import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// `vitrine snapshot --input … --print-state` end to end: the built binary,
/// the bundled demo, scripted traces.
@Suite("Touch through the command line")
struct TouchCLITests {
    static let root = Repository.root
    static let binary = Repository.vitrine
    static let demo = Repository.demo
    static let size = (width: 640.0, height: 360.0)

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The `--print-state` line as a dictionary.
        var state: [String: Any] {
            let line = stdout.split(separator: "\n").last.map(String.init) ?? ""
            return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        var mode: String? { state["mode"] as? String }
        var index: Int? { state["index"] as? Int }
        var zoom: Double? { state["zoom"] as? Double }
        var paused: Bool? { state["paused"] as? Bool }
    }

    /// Writes `lines` as a trace and runs a snapshot at `time` with it.
    func snapshot(_ lines: [String], at time: Double, _ extra: [String] = []) throws -> Run {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-touch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("trace.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
        let size = "\(Int(Self.size.width))x\(Int(Self.size.height))"
        return try run(
            [
                "snapshot", Self.demo, "--input", trace.path, "--at", String(time), "--out",
                dir.appendingPathComponent("frame.png").path, "--size", size, "--print-state",
            ] + extra)
    }

    func run(_ args: [String]) throws -> Run {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.binary), "build vitrine first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = args
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func down(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> String {
        InputTrace.line(for: InputEvent(time: ShowTime(seconds: t), kind: .down(id: id, x: x, y: y)))
    }
    func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> String {
        InputTrace.line(for: InputEvent(time: ShowTime(seconds: t), kind: .move(id: id, x: x, y: y)))
    }
    func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> String {
        InputTrace.line(for: InputEvent(time: ShowTime(seconds: t), kind: .up(id: id, x: x, y: y)))
    }

    /// Finger 1 from `a` to `b` over `seconds` starting at `t`, in ten moves, then lifted.
    func drag(_ a: (Double, Double), _ b: (Double, Double), at t: Double, seconds: Double) -> [String] {
        var lines = [down(1, a.0, a.1, at: t)]
        for k in 1...10 {
            let f = Double(k) / 10
            lines.append(move(1, a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, at: t + seconds * f))
        }
        return lines + [up(1, b.0, b.1, at: t + seconds)]
    }

    @Test func aDoubleTapBrowsesAtZoomTwo() throws {
        let lines = [
            down(1, 0.45, 0.5, at: 1), up(1, 0.45, 0.5, at: 1.05), down(1, 0.45, 0.5, at: 1.15),
            up(1, 0.45, 0.5, at: 1.2),
        ]
        let r = try snapshot(lines, at: 2)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.mode == "browse")
        #expect(r.zoom == 2)
        #expect(r.paused == true)
    }

    @Test func spreadingTwoFingersFourfoldZoomsToThreeAfterRelease() throws {
        var lines = [down(1, 0.45, 0.5, at: 1), down(2, 0.55, 0.5, at: 1.01)]
        for k in 1...10 {
            let d = 0.05 + 0.15 * Double(k) / 10  // half the distance: 0.05 → 0.2, fourfold
            let t = 1.01 + 0.03 * Double(k)
            lines += [move(1, 0.5 - d, 0.5, at: t), move(2, 0.5 + d, 0.5, at: t)]
        }
        lines += [up(1, 0.3, 0.5, at: 1.4), up(2, 0.7, 0.5, at: 1.41)]
        let stretched = try snapshot(lines, at: 1.39)
        let settled = try snapshot(lines, at: 2)
        #expect((stretched.zoom ?? 0) > 3)
        #expect(settled.zoom == 3)
        #expect(settled.mode == "browse")
    }

    @Test func aSwipeLeftShowsTheNextImage() throws {
        let before = try snapshot([], at: 0.9)
        let r = try snapshot(drag((0.8, 0.5), (0.2, 0.5), at: 1, seconds: 0.3), at: 2)
        #expect(r.mode == "browse")
        #expect(r.index == (before.index ?? -1) + 1)
    }

    @Test func aPullDownPutsTheImageAwayAndTheShowGoesOn() throws {
        let r = try snapshot(drag((0.5, 0.2), (0.52, 0.7), at: 1, seconds: 0.3), at: 2)
        #expect(r.mode == "attract")
        #expect(r.paused == false)
    }

    @Test func afterTheIdleTimeoutTheShowResumesAndAdvances() throws {
        let lines = [down(1, 0.5, 0.5, at: 1), up(1, 0.5, 0.5, at: 1.05)]
        let options = ["--idle-timeout", "2", "--interval", "4"]
        let browsing = try snapshot(lines, at: 2.5, options)
        let resumed = try snapshot(lines, at: 3.2, options)
        // Touched 1 s into a 4 s slide, idle from 3.05: the next slide is due 3 s later.
        let advanced = try snapshot(lines, at: 6.2, options)
        #expect(browsing.mode == "browse")
        #expect(resumed.mode == "attract")
        #expect(resumed.index == 0)
        #expect(resumed.paused == false)
        #expect(advanced.index == 1)
    }

    @Test func aTapOnTheGridBrowsesThatImage() throws {
        let images = try FileManager.default.contentsOfDirectory(atPath: Self.demo).filter {
            ["jpg", "jpeg", "png", "webp"].contains(($0 as NSString).pathExtension.lowercased())
        }
        let layout = GridLayout(output: Size(width: Self.size.width, height: Self.size.height), count: images.count)
        let target = 4
        let c = layout.cell(for: target).center
        let (x, y) = (c.x / Self.size.width, c.y / Self.size.height)
        let grid = try snapshot([], at: 0.5, ["--grid"])
        let r = try snapshot([down(1, x, y, at: 1), up(1, x, y, at: 1.05)], at: 2, ["--grid"])
        #expect(grid.mode == "grid")
        #expect(r.mode == "browse")
        #expect(r.index == target)
    }

    @Test func aMalformedTraceNamesItsLineAndExitsTwo() throws {
        let lines = [down(1, 0.5, 0.5, at: 1), #"{"t":1.1,"type":"up","id":1,"x":0.5}"#]
        let r = try snapshot(lines, at: 2)
        #expect(r.status == 2)
        #expect(r.stderr.contains("line 2"), "\(r.stderr)")
        #expect(r.stderr.contains("trace.jsonl"))
        #expect(r.stdout.isEmpty)
    }

    @Test func theHelpDocumentsTheTouchOptions() throws {
        for command in ["play", "snapshot"] {
            let r = try run([command, "--help"])
            for option in ["--idle-timeout", "--grid", "--input"] {
                #expect(r.stdout.contains(option), "\(command) --help lacks \(option)")
            }
        }
        #expect(try run(["play", "--help"]).stdout.contains("--record-input"))
    }
}
