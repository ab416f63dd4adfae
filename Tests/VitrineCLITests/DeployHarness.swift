import Foundation
import VitrineTestSupport

/// Runs the package's built binary and scripts for the deploy tests.
enum DeployHarness {
    /// The package's root folder, found from this file's path.
    static var packageRoot: URL { Repository.root }

    static var binary: String { Repository.vitrine }

    /// What a finished command left.
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `executable arguments…` to the end and collects its output.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are read to the end before waiting, so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// `vitrine arguments…`.
    static func vitrine(_ arguments: [String]) throws -> Result {
        try run(binary, arguments)
    }

    /// A new empty folder, removed by the caller.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
