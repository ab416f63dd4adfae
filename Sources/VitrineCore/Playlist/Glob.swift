/// A shell-style pattern for file paths relative to a folder source:
/// `*` matches within one path component, `**` across components (`**/` also
/// matches no folder at all), `?` one character, `[abc]`, `[a-z]` and `[!a]`
/// one character of a set. Matching ignores case, as users of photo folders
/// expect `*.jpg` to match `IMG_0001.JPG`.
/// A pattern without `/` matches the file name in any folder.
public struct Glob: Equatable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]
    private let matchesNameOnly: Bool

    private enum Token: Equatable, Sendable {
        case literal(Character)
        case any
        case star
        /// `**`; `folders` when written `**/`: then it matches whole folders only.
        case globstar(folders: Bool)
        case set([ClosedRange<Character>], negated: Bool)
    }

    /// Why a pattern is not valid.
    public struct Invalid: Error, Equatable, Sendable {
        public var reason: String
    }

    public init(_ pattern: String) throws(Invalid) {
        guard !pattern.isEmpty else { throw Invalid(reason: "empty pattern") }
        self.pattern = pattern
        self.matchesNameOnly = !pattern.contains("/")
        var tokens: [Token] = []
        let chars = Array(pattern.lowercased())
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                if i + 1 < chars.count, chars[i + 1] == "*" {
                    i += 2
                    // `**/` is one token: any number of whole folders, including none.
                    let folders = i < chars.count && chars[i] == "/"
                    if folders { i += 1 }
                    tokens.append(.globstar(folders: folders))
                    continue
                }
                tokens.append(.star)
            case "?":
                tokens.append(.any)
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" || chars[j] == "^" {
                    negated = true
                    j += 1
                }
                var ranges: [ClosedRange<Character>] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    first = false
                    let low = chars[j]
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]" {
                        let high = chars[j + 2]
                        guard low <= high else { throw Invalid(reason: "range \(low)-\(high) is reversed") }
                        ranges.append(low...high)
                        j += 3
                    } else {
                        ranges.append(low...low)
                        j += 1
                    }
                }
                guard j < chars.count else { throw Invalid(reason: "'[' is not closed by ']'") }
                tokens.append(.set(ranges, negated: negated))
                i = j
            case "\\":
                i += 1
                guard i < chars.count else { throw Invalid(reason: "ends with a lone '\\'") }
                tokens.append(.literal(chars[i]))
            default:
                tokens.append(.literal(c))
            }
            i += 1
        }
        self.tokens = tokens
    }

    public var description: String { pattern }

    /// Whether `relativePath` (components separated by `/`) matches.
    public func matches(_ relativePath: String) -> Bool {
        var subject = relativePath.lowercased()
        if matchesNameOnly, let slash = subject.lastIndex(of: "/") {
            subject = String(subject[subject.index(after: slash)...])
        }
        return Self.match(tokens[...], Array(subject)[...])
    }

    private static func match(_ p: ArraySlice<Token>, _ s: ArraySlice<Character>) -> Bool {
        var p = p
        var s = s
        while let token = p.first {
            switch token {
            case .literal(let c):
                guard s.first == c else { return false }
            case .any:
                guard let c = s.first, c != "/" else { return false }
            case .set(let ranges, let negated):
                guard let c = s.first, c != "/" else { return false }
                if ranges.contains(where: { $0.contains(c) }) == negated { return false }
            case .star:
                let rest = p.dropFirst()
                var tail = s
                while true {
                    if match(rest, tail) { return true }
                    guard let c = tail.first, c != "/" else { return false }
                    tail = tail.dropFirst()
                }
            case .globstar(let folders):
                let rest = p.dropFirst()
                var tail = s
                while true {
                    if match(rest, tail) { return true }
                    guard !tail.isEmpty else { return false }
                    if folders {
                        // `**/` resumes only at the start of a path component.
                        guard let slash = tail.firstIndex(of: "/") else { return false }
                        tail = tail[(slash + 1)...]
                    } else {
                        tail = tail.dropFirst()
                    }
                }
            }
            p = p.dropFirst()
            s = s.dropFirst()
        }
        return s.isEmpty
    }
}
