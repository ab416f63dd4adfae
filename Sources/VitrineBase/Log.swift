import Glibc

/// Log lines on standard error as `LEVEL component: message`, so journald keeps them.
public struct Log: Sendable {
    public enum Level: String, Sendable, Comparable {
        case debug = "DEBUG"
        case info = "INFO"
        case warning = "WARNING"
        case error = "ERROR"

        var rank: Int {
            switch self {
            case .debug: return 0
            case .info: return 1
            case .warning: return 2
            case .error: return 3
            }
        }
        public static func < (a: Level, b: Level) -> Bool { a.rank < b.rank }
    }

    public var component: String
    public var minimum: Level

    public init(_ component: String, minimum: Level = .info) {
        self.component = component
        self.minimum = minimum
    }

    public func callAsFunction(_ level: Level, _ message: String) {
        guard level >= minimum else { return }
        // File names that are not UTF-8 show their bytes as \xNN.
        Log.write("\(level.rawValue) \(component): \(FileName.escaped(message))\n")
    }

    public func debug(_ message: String) { self(.debug, message) }
    public func info(_ message: String) { self(.info, message) }
    public func warning(_ message: String) { self(.warning, message) }
    public func error(_ message: String) { self(.error, message) }

    /// Writes raw text to standard error, all of it (a short write goes on where it stopped;
    /// an interrupted one is tried again). A failing standard error loses the text: there is
    /// nowhere left to say so.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(2, base + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
