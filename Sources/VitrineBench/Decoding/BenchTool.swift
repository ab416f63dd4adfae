import Foundation

/// The Debian command-line tools the benchmark runs: encoders that make its samples, decoders
/// that are its floors. Each runs to completion with its standard output discarded.
enum BenchTool {
    /// Runs `tool` with `arguments`. Throws when it is not installed (naming the Debian `package`
    /// that has it) or when it ends with a failure (`failure` says what it was doing).
    static func run(_ tool: String, _ arguments: [String], package: String, failure: @autoclosure () -> String) throws {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchError("\(tool) is not installed (Debian package \(package))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("\(tool) \(failure())") }
    }
}
