import Foundation
import VitrineCore

/// A configuration file: a JSON object whose keys are the long option names
/// of the command line without their dashes, for example
/// `{"interval": 8, "transition": "fade", "sources": ["/srv/photos"], "no-loop": true}`.
///
/// It is turned into command-line arguments, so every option the command
/// line has works here too and is checked by the same parser.
public struct ConfigDocument: Equatable, Sendable {
    /// The key that lists the SOURCE arguments.
    public static let sourcesKey = "sources"
    /// The key of the display section (an object, read like a playlist's `display`).
    public static let displayKey = "display"

    /// One key of the file and the arguments it stands for.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var arguments: [String]
    }

    /// Why a configuration file cannot be used: one line naming the file and the key.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        /// The key at fault; nil for a problem with the whole file.
        public var key: String?
        public var message: String

        public init(path: String, key: String?, message: String) {
            self.path = path
            self.key = key
            self.message = message
        }

        public var description: String {
            if let key { return "\(path): key \"\(key)\": \(message)" }
            return "\(path): \(message)"
        }
    }

    /// The path it was read from, for messages.
    public var path: String
    /// The option keys in name order, each with its arguments.
    public var entries: [Entry]
    /// The `sources` list; empty when the file names none.
    public var sources: [String]

    /// Converts JSON text. Key problems (a wrong kind of value, a key written
    /// with dashes) are returned, not thrown, so a checker can list them all.
    public static func parse(_ data: Data, path: String) throws(Problem) -> (
        document: ConfigDocument, problems: [Problem]
    ) {
        let root: ConfigValue
        do {
            root = try JSONDecoder().decode(ConfigValue.self, from: data)
        } catch {
            throw Problem(path: path, key: nil, message: "not valid JSON: \(syntaxError(in: data) ?? describe(error))")
        }
        guard case .object(let members) = root else {
            throw Problem(
                path: path, key: nil,
                message: "expected a JSON object such as {\"interval\": 8, \"sources\": [\"/srv/photos\"]}")
        }
        var document = ConfigDocument(path: path, entries: [], sources: [])
        var problems: [Problem] = []
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            do throws(Problem) {
                if key == displayKey {
                    continue
                } else if key == sourcesKey {
                    document.sources = try sources(from: value, path: path)
                } else {
                    document.entries.append(Entry(key: key, arguments: try arguments(key, value, path: path)))
                }
            } catch {
                problems.append(error)
            }
        }
        return (document, problems)
    }

    /// All option arguments, in key order (the sources are not included).
    public var arguments: [String] { entries.flatMap(\.arguments) }

    private static func sources(from value: ConfigValue, path: String) throws(Problem) -> [String] {
        switch value {
        case .string(let one): return [one]
        case .null: return []
        case .array(let items):
            var list: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    throw Problem(
                        path: path, key: sourcesKey, message: "expected a list of folder or file paths (strings)")
                }
                list.append(text)
            }
            return list
        default:
            throw Problem(path: path, key: sourcesKey, message: "expected a list of folder or file paths (strings)")
        }
    }

    private static func arguments(_ key: String, _ value: ConfigValue, path: String) throws(Problem) -> [String] {
        if key.hasPrefix("-") {
            let bare = String(key.drop(while: { $0 == "-" }))
            throw Problem(path: path, key: key, message: "write option names without dashes, as \"\(bare)\"")
        }
        if key == "config" {
            throw Problem(path: path, key: key, message: "a configuration file cannot name another one")
        }
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw Problem(
                path: path, key: key, message: "not an option name; use the long option names of 'vitrine play --help'")
        }
        let option = "--" + key
        switch value {
        case .bool(true): return [option]
        case .bool(false), .null: return []
        case .string(let text): return ["\(option)=\(text)"]
        case .number(let number): return ["\(option)=\(format(number))"]
        case .array(let items):
            var list: [String] = []
            for item in items {
                switch item {
                case .string(let text): list.append("\(option)=\(text)")
                case .number(let number): list.append("\(option)=\(format(number))")
                default:
                    throw Problem(path: path, key: key, message: "a list may hold only strings and numbers")
                }
            }
            return list
        case .object:
            throw Problem(path: path, key: key, message: "expected a string, a number, true or false, not an object")
        }
    }

    /// Whole numbers without a decimal point, so `"seed": 7` reads as `--seed=7`.
    static func format(_ number: Double) -> String {
        JSONOutput.numberText(number)
    }

    /// Foundation's parser says where JSON goes wrong as a character offset; people want a line and column.
    static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let info = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            guard let range = info.range(of: "character "),
                let offset = Int(info[range.upperBound...].prefix(while: \.isNumber))
            else { return info }
            var line = 1
            var column = 1
            for byte in data.prefix(offset) {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            let what = info[..<range.lowerBound].replacingOccurrences(of: " around ", with: "")
            return "\(what) at line \(line), column \(column)"
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
                return (underlying as? String) ?? context.debugDescription
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                return context.debugDescription
            @unknown default:
                break
            }
        }
        return "\(error)"
    }
}

/// A JSON value, as much of it as a configuration file needs.
enum ConfigValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ConfigValue])
    case object([String: ConfigValue])

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: ConfigValue] = [:]
            for key in keyed.allKeys {
                members[key.stringValue] = try keyed.decode(ConfigValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [ConfigValue] = []
            while !list.isAtEnd { items.append(try list.decode(ConfigValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}
