import Foundation
import Testing
import VitrineTestSupport

/// `vitrine snapshot` over a folder of hostile files and good images: every bad
/// file is skipped with one warning naming it and the reason, and the show
/// (the frame) still comes out.
@Suite struct DecodingCLITests {
    static let root = Repository.root
    static var executable: String { Repository.vitrine }

    struct Outcome {
        var status: Int32
        var standardError: String
    }

    static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardError: String(decoding: data, as: UTF8.self))
    }

    @Test func hostileFilesAreSkippedWithOneLineEachAndTheFrameIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-cli-hostile-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = Self.root.appendingPathComponent("assets/demo")
        try FileManager.default.copyItem(
            at: demo.appendingPathComponent("rocket.jpg"), to: folder.appendingPathComponent("b-rocket.jpg"))
        try Data().write(to: folder.appendingPathComponent("a-empty.jpg"))
        try Data("just some notes\n".utf8).write(to: folder.appendingPathComponent("c-notes.jpg"))
        // A PNG signature and IHDR start, then a chunk that claims far more bytes than there are.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x7F, 0xFF, 0xFF, 0xF0] + Array("IHDR".utf8) + [0, 0, 1]
        try Data(png).write(to: folder.appendingPathComponent("d-cut.png"))
        let out = folder.appendingPathComponent("frame.png")

        let outcome = try Self.run(["snapshot", folder.path, "--at", "20", "--out", out.path, "--decode-timeout", "5"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        let warnings = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("WARNING") }
        #expect(warnings.count == 3, "\(outcome.standardError)")
        for name in ["a-empty.jpg", "c-notes.jpg", "d-cut.png"] {
            #expect(warnings.contains { $0.contains(name) }, "no warning names \(name)")
        }
        #expect(warnings.contains { $0.contains("a-empty.jpg") && $0.contains("empty") })
        #expect(warnings.contains { $0.contains("c-notes.jpg") && $0.contains("text") })
    }

    @Test func maxPixelsSkipsLargerImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-cli-limit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frame.png")
        let rocket = Self.root.appendingPathComponent("assets/demo/rocket.jpg").path
        let outcome = try Self.run(["snapshot", rocket, "--at", "0", "--out", out.path, "--max-pixels", "1000"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("--max-pixels"))
        let usage = try Self.run(["snapshot", rocket, "--at", "0", "--out", out.path, "--max-pixels", "lots"])
        #expect(usage.status == 2)
    }
}
