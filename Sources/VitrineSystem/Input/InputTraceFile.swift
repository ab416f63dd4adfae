import Foundation
import VitrineCore

extension InputTrace {
    /// Reads and parses the trace at `path`.
    public static func load(_ path: String) throws(InputTraceError) -> [InputEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputTraceError(file: path, line: 0, reason: "cannot read the input trace; check the path")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputTraceError(file: path, line: 0, reason: "not UTF-8 text; an input trace is JSON Lines")
        }
        return try parse(text, file: path)
    }
}

/// An input trace file being written: created (or emptied) when opened, closed when released.
public final class InputTraceFile: InputTraceSink {
    private let handle: FileHandle

    /// Creates (or empties) the file at `path`.
    public init(path: String) throws(InputTraceError) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw InputTraceError(
                file: path, line: 0, reason: "cannot create the input trace; check the folder exists and is writable")
        }
        self.handle = handle
    }

    deinit {
        try? handle.close()
    }

    public func append(_ line: String) throws {
        try handle.write(contentsOf: Data(line.utf8))
    }
}

extension InputTraceRecorder {
    /// Records into the file at `path`, created (or emptied) now.
    public convenience init(path: String) throws(InputTraceError) {
        self.init(path: path, sink: try InputTraceFile(path: path))
    }
}
