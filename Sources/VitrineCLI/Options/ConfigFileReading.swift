import Foundation
import VitrineCore
import VitrineSystem

extension ConfigDocument {
    /// Reads and converts a file. Throws one problem for a file that cannot be
    /// read or is not a JSON object; key problems are collected in `problems`.
    public static func load(_ path: String) throws(Problem) -> (document: ConfigDocument, problems: [Problem]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw Problem(path: path, key: nil, message: "\(reason); give the path of a JSON configuration file")
        }
        return try parse(data, path: path)
    }
}
