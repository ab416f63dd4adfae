import FoundationEssentials
import VitrineBase

/// One-line JSON encoding of the messages (FoundationEssentials: the coders without
/// Foundation's ICU and locale data, which the decode worker does not map).
enum WorkerCoding {
    static func encode<T: Encodable>(_ value: T) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from line: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(line.utf8))
    }
}
