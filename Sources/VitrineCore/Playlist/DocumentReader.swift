/// Reads typed values out of a `JSONNode` tree and collects a `Diagnostic` for
/// every problem, with its path in the document and its position, instead of
/// stopping at the first.
struct DocumentReader {
    var diagnostics: [Diagnostic] = []

    mutating func error(_ path: String, _ message: String, at position: TextPosition?) {
        diagnostics.append(Diagnostic(.error, path, message, at: position))
    }

    mutating func warning(_ path: String, _ message: String, at position: TextPosition?) {
        diagnostics.append(Diagnostic(.warning, path, message, at: position))
    }

    /// `parent.key`, or `parent["key"]` when the key is not a plain name.
    static func join(_ parent: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let part = plain ? key : "[\(JSONOutput.quoted(key))]"
        if parent.isEmpty { return plain ? key : part }
        return plain ? "\(parent).\(key)" : parent + part
    }

    /// The members of an object, reporting unknown and repeated fields; nil (and an error) when not an object.
    mutating func object(_ node: JSONNode, _ path: String, fields allowed: [String]) -> [String: JSONNode]? {
        guard let members = node.members else {
            error(path, "must be an object ({ … }), not \(node.typeName)", at: node.position)
            return nil
        }
        var out: [String: JSONNode] = [:]
        for member in members {
            let memberPath = Self.join(path, member.key)
            guard allowed.contains(member.key) else {
                var message = "unknown field; it is ignored"
                if let guess = Self.closest(member.key, in: allowed) { message += "; did you mean '\(guess)'?" }
                warning(memberPath, message, at: member.keyPosition)
                continue
            }
            if out[member.key] != nil {
                error(memberPath, "appears twice; keep one", at: member.keyPosition)
                continue
            }
            out[member.key] = member.value
        }
        return out
    }

    mutating func seconds(_ node: JSONNode?, _ path: String, allowZero: Bool = false) -> Seconds? {
        guard let node else { return nil }
        guard let value = node.number, allowZero ? value >= 0 : value > 0 else {
            error(
                path,
                allowZero ? "must be zero or a positive number of seconds" : "must be a positive number of seconds",
                at: node.position)
            return nil
        }
        return Seconds(value)
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: JSONNode?, _ path: String, as type: T.Type) -> T?
    where T.RawValue == String {
        guard let node else { return nil }
        guard let text = node.string, let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            error(path, "must be one of \(names)", at: node.position)
            return nil
        }
        return value
    }

    mutating func string(_ node: JSONNode?, _ path: String, what: String = "a string") -> String? {
        guard let node else { return nil }
        guard let text = node.string else {
            error(path, "must be \(what)", at: node.position)
            return nil
        }
        return text
    }

    mutating func bool(_ node: JSONNode?, _ path: String) -> Bool? {
        guard let node else { return nil }
        guard let flag = node.bool else {
            error(path, "must be true or false", at: node.position)
            return nil
        }
        return flag
    }

    mutating func integer(_ node: JSONNode?, _ path: String) -> Int? {
        guard let node else { return nil }
        guard let value = node.number, value == value.rounded(), abs(value) <= 1_000_000_000 else {
            error(path, "must be a whole number", at: node.position)
            return nil
        }
        return Int(value)
    }

    mutating func seed(_ node: JSONNode?, _ path: String) -> UInt64? {
        guard let node else { return nil }
        guard let value = node.number, value >= 0, value == value.rounded(), value <= 9_007_199_254_740_992 else {
            error(path, "must be a whole number from 0 to 9007199254740992", at: node.position)
            return nil
        }
        return UInt64(value)
    }

    mutating func list(_ node: JSONNode?, _ path: String, of what: String) -> [JSONNode]? {
        guard let node else { return nil }
        guard let elements = node.elements else {
            error(path, "must be a list of \(what)", at: node.position)
            return nil
        }
        return elements
    }

    /// The allowed name nearest to a misspelt one, when it is near enough to be a typo.
    static func closest(_ name: String, in names: [String]) -> String? {
        let lower = name.lowercased()
        let scored = names.map { ($0, distance(lower, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, name.count / 3)) else {
            return nil
        }
        return best.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
