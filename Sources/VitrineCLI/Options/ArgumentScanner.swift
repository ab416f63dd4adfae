import VitrineCore

/// A usage error: one line for standard error, exit code 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) {
        self.message = message
    }
    public var description: String { message }
}

/// Walks command-line arguments: `--name value`, `--name=value`, flags, and positionals.
public struct ArgumentScanner: Sendable {
    private var args: [String]
    private var position = 0
    public private(set) var positionals: [String] = []

    public init(_ args: [String]) {
        self.args = args
    }

    /// The next option name (without its value) or nil at the end; positionals are collected on the way.
    public mutating func nextOption() -> String? {
        while position < args.count {
            let arg = args[position]
            position += 1
            if arg == "--" {
                positionals += args[position...]
                position = args.count
                return nil
            }
            if arg.hasPrefix("--"), arg.count > 2 {
                if let eq = arg.firstIndex(of: "=") {
                    // Put the value back as the next argument.
                    args.insert(String(arg[arg.index(after: eq)...]), at: position)
                    pendingInline = true
                    return String(arg[..<eq])
                }
                pendingInline = false
                return arg
            }
            if arg.hasPrefix("-"), arg.count > 1, Double(arg) == nil {
                pendingInline = false
                return arg
            }
            positionals.append(arg)
        }
        return nil
    }

    private var pendingInline = false

    /// The value of the option just returned.
    public mutating func value(for option: String) throws(UsageError) -> String {
        guard position < args.count else { throw UsageError("\(option) needs a value") }
        let value = args[position]
        if !pendingInline, value.hasPrefix("--") { throw UsageError("\(option) needs a value") }
        position += 1
        pendingInline = false
        return value
    }

    /// The value as a length of time in seconds, positive (or zero when `allowZero`).
    public mutating func seconds(for option: String, allowZero: Bool = false) throws(UsageError) -> Seconds {
        let text = try value(for: option)
        guard let number = Double(text), number.isFinite, allowZero ? number >= 0 : number > 0 else {
            throw UsageError(
                "\(option) \(text): expected a \(allowZero ? "non-negative" : "positive") number of seconds")
        }
        return Seconds(number)
    }

    /// The value as one of an enumeration's raw values.
    public mutating func choice<T: RawRepresentable & CaseIterable>(
        for option: String, as type: T.Type
    ) throws(UsageError) -> T where T.RawValue == String {
        let text = try value(for: option)
        guard let parsed = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: "|")
            throw UsageError("\(option) \(text): expected one of \(names)")
        }
        return parsed
    }

    /// The value as WIDTHxHEIGHT, both positive.
    public mutating func size(for option: String) throws(UsageError) -> Size {
        let text = try value(for: option)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384
        else { throw UsageError("\(option) \(text): expected WIDTHxHEIGHT, for example 1280x720") }
        return Size(width: Double(w), height: Double(h))
    }
}
