import Foundation

/// A command run when the display turns on or off.
public enum HookCommand: Equatable, Sendable, CustomStringConvertible {
    /// Run by `/bin/sh -c`, so redirections work (`echo 1 > /sys/…/bl_power`).
    case shell(String)
    /// Run directly, no shell.
    case arguments([String])

    /// The program and its arguments.
    public var argv: [String] {
        switch self {
        case .shell(let line): return ["/bin/sh", "-c", line]
        case .arguments(let args): return args
        }
    }

    public var description: String {
        switch self {
        case .shell(let line): return line
        case .arguments(let args): return args.joined(separator: " ")
        }
    }
}
