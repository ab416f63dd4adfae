import Foundation
import VitrineCore
import VitrineSystem

/// The `vitrine` command: dispatches to a subcommand and turns errors into exit codes.
public enum CLI {
    static let version = "0.2.0"

    /// A subcommand: its name, one line of summary, its help text and what it runs.
    public struct Command: Sendable {
        public let name: String
        public let summary: String
        public let help: String
        public let run: @Sendable ([String]) throws -> Int32

        public init(name: String, summary: String, help: String, run: @escaping @Sendable ([String]) throws -> Int32) {
            self.name = name
            self.summary = summary
            self.help = help
            self.run = run
        }
    }

    static let commands: [Command] = [
        PlayCommand.command,
        SnapshotCommand.command,
        DisplaysCommand.command,
        CheckCommand.command,
        ScheduleCommand.command,
        SoakCommand.command,
        CtlCommand.command,
        PowerCommand.command,
    ]

    /// Commands that run but are left out of the help: plumbing between vitrine processes.
    static let hiddenCommands: [Command] = [DecodeWorkerCommand.command, GLProbeCommand.command]

    static func help(_ commands: [Command]) -> String {
        let list = commands.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.summary }
        return """
            vitrine \(version): a fullscreen slideshow for kiosks, photo frames and touch displays.

            Usage: vitrine COMMAND [ARGUMENTS…]

            Commands:
            \(list.joined(separator: "\n"))

            Run 'vitrine COMMAND --help' for a command's options.
            With no command, 'vitrine' plays the bundled demo ('vitrine play').

            Exit codes: 0 success, 1 runtime failure, 2 usage error or unusable source.

            """
    }

    /// Runs the command named by `args` (without the program name); returns the exit status.
    /// `extra` are commands the executable adds (the benchmarks), listed after the others.
    public static func run(_ args: [String], adding extra: [Command] = []) -> Int32 {
        let commands = commands + extra
        guard let first = args.first else { return dispatch(PlayCommand.command, []) }
        switch first {
        case "--help", "-h", "help":
            if args.count > 1, let command = (commands + hiddenCommands).first(where: { $0.name == args[1] }) {
                print(command.help)
            } else {
                print(help(commands), terminator: "")
            }
            return 0
        case "--version", "-V":
            print("vitrine \(version)")
            return 0
        default:
            guard let command = (commands + hiddenCommands).first(where: { $0.name == first }) else {
                if first.hasPrefix("-") || FileManager.default.fileExists(atPath: first) {
                    // `vitrine ~/Pictures` and `vitrine --interval 5` mean play.
                    return dispatch(PlayCommand.command, args)
                }
                return usage("unknown command '\(first)'; run 'vitrine --help' for the list")
            }
            let rest = Array(args.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                print(command.help)
                return 0
            }
            return dispatch(command, rest)
        }
    }

    static func dispatch(_ command: Command, _ args: [String]) -> Int32 {
        do {
            return try command.run(args)
        } catch let error as UsageError {
            return usage(error.message)
        } catch let problem as SourceScanner.Problem {
            return usage(problem.description)
        } catch {
            Log.write("vitrine: \(error)\n")
            return 1
        }
    }

    static func usage(_ message: String) -> Int32 {
        Log.write("vitrine: \(message)\n")
        return 2
    }

    /// Where the bundled demo lives: `VITRINE_DEMO`, next to the executable's
    /// package checkout, or the installed share folder.
    static func demoFolder() -> String {
        if let env = ProcessInfo.processInfo.environment["VITRINE_DEMO"] { return env }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("assets/demo").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return "/usr/local/share/vitrine/demo"
    }
}
