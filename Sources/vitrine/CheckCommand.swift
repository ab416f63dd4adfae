import VitrineCore

/// `vitrine check --config FILE`: validates a configuration file without playing it.
enum CheckCommand {
    static let command = CLI.Command(
        name: "check",
        summary: "validate a configuration file, printing every problem",
        help: """
            Usage: vitrine check --config FILE [--list-sources]

            Reads the configuration FILE as 'vitrine play --config FILE' would and
            prints every problem: JSON syntax, unknown keys, bad values (each naming
            its key), options that do not fit together, and sources that do not exist.
            Exit 0 when it is good to play, 1 when not, 2 for a usage error.

            Options:
              --config FILE     the JSON configuration file to check
              --list-sources    print the sources the file names, one a line, as absolute
                                paths (the install script grants the service read access to them)
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var config: String?
        var listSources = false
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            switch option {
            case "--config": config = try scanner.value(for: option)
            case "--list-sources": listSources = true
            default: throw UsageError("unknown option \(option); run 'vitrine check --help'")
            }
        }
        if let extra = scanner.positionals.first {
            throw UsageError("check takes --config FILE, not '\(extra)'")
        }
        guard let config else { throw UsageError("check needs --config FILE, the configuration to validate") }
        return checkConfig(config, listSources: listSources)
    }

    /// Prints the configuration's problems (or, with `listSources`, its sources). Returns the exit code.
    static func checkConfig(_ path: String, listSources: Bool) -> Int32 {
        let (document, problems) = ConfigFile.problems(
            path, parse: { _ = try PlayCommand.parseOptions($0) },
            combine: { try PlayCommand.parseOptions($0).common.validate() })
        if listSources {
            guard let document else {
                problems.forEach { Log.write("vitrine: \($0)\n") }
                return 1
            }
            ConfigFile.sources(of: document).forEach { print($0) }
            return 0
        }
        for problem in problems { print(problem) }
        guard let document, problems.isEmpty else {
            print("\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s"); not good to play")
            return 1
        }
        let sources = document.sources.isEmpty ? "the bundled demo" : "\(document.sources.count) source(s)"
        print("\(path): OK, \(document.entries.count) option(s), \(sources)")
        return 0
    }
}
