import Foundation
import VitrineCore

extension PathKind {
    /// Looks at the file system.
    public static func probe(_ path: String) -> PathKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }
}

extension PlaylistDecoder {
    /// Reads and decodes the file at `path`.
    public static func load(_ path: String, probe: @escaping (String) -> PathKind = PathKind.probe) -> Outcome {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let data = FileManager.default.contents(atPath: absolute) else {
            let why = probe(absolute) == .missing ? "no such file" : "cannot be read (check its permissions)"
            return Outcome(document: nil, diagnostics: [Diagnostic(.error, "", why, at: nil)])
        }
        guard data.count <= maximumBytes else {
            let message = "is \(data.count) bytes; a playlist file may be at most \(maximumBytes) bytes"
            return Outcome(document: nil, diagnostics: [Diagnostic(.error, "", message, at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return Outcome(
                document: nil, diagnostics: [Diagnostic(.error, "", "is not UTF-8 text; save it as UTF-8", at: nil)])
        }
        return decode(text, file: absolute, probe: probe)
    }

    /// Decodes `text`, the contents of the playlist file at the absolute path `file`, looking at the file system.
    public static func decode(_ text: String, file: String) -> Outcome {
        decode(text, file: file, probe: PathKind.probe)
    }
}
