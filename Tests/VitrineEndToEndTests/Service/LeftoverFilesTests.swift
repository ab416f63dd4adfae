import Foundation
import Glibc
import Testing
import VitrineSystem
import VitrineTestSupport

/// The temporary files of interrupted writes: named so nothing else's is taken for one, removed
/// when their writer is gone or they are old, and written durably in the first place.
@Suite struct LeftoverFilesTests {
    /// A process id that is not running (a child that has ended and been reaped).
    private func goneProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func onlyOurLeftoversGo() throws {
        let tree = try TemporaryFolder()
        let gone = try goneProcess()
        let ours = ".position.json.vitrine-tmp.\(gone).1a2b3c"
        let live = ".position.json.vitrine-tmp.\(getpid()).ffee"
        let others = [
            "photo.jpg", ".photo.jpg.part", ".x.vitrine-tmp.abc.12", "x.vitrine-tmp.\(gone).12",
            ".x.vitrine-tmp.\(gone).zz", ".x.vitrine-tmp.\(gone)",
        ]
        for name in [ours, live, "position.json.tmp-\(gone)"] + others { try tree.write(name) }
        #expect(LeftoverFiles.writer(of: ours) == gone)
        let legacy = ResumeStore(path: tree.at("position.json")).leftoverFolder
        let removed = LeftoverFiles.sweep(tree.path, bound: 3600, alsoOurs: legacy.alsoOurs)
        #expect(Set(removed) == [tree.at(ours), tree.at("position.json.tmp-\(gone)")])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: tree.path))
        #expect(left == Set(others + [live]))
        // Past the bound even a live writer's file goes (no write takes that long).
        #expect(LeftoverFiles.sweep(tree.path, bound: -1) == [tree.at(live)])
    }

    @Test func aDurableWriteLeavesOnlyTheFile() throws {
        let tree = try TemporaryFolder()
        try DurableFile.write(Array("one".utf8), to: tree.at("state.json"))
        try DurableFile.write(Array("two".utf8), to: tree.at("state.json"))
        #expect(try String(contentsOfFile: tree.at("state.json"), encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path) == ["state.json"])
        #expect(throws: DurableWriteError.self) { try DurableFile.write(Array("x".utf8), to: tree.at("no/such/file")) }
    }
}
