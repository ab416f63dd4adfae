import Foundation
import VitrineCore
import VitrineNet
import VitrineSystem

/// `vitrine check PLAYLIST.json` and `vitrine check --config FILE`: every problem of a
/// playlist or configuration file, with its place, without playing it.
enum CheckCommand {
    static let command = CLI.Command(
        name: "check",
        summary: "check a playlist or configuration file and print every problem with its place",
        help: """
            Usage: vitrine check [--no-network] PLAYLIST.json
                   vitrine check --config FILE [--list-sources]

            PLAYLIST.json: reads the playlist file as 'play' would and prints every
            problem, one a line:
              FILE:LINE:COLUMN: error: PATH: what is wrong
            JSON syntax errors give the line and column; other problems also give the
            path in the document (items[3].duration). Unknown fields, missing files and
            folders without images are warnings.
            Each network source (url, feed, webdav, immich) is tried once, and a line
            says whether it is reachable and how many photos it lists, or why not (DNS,
            which TLS fault, 401, 404, 429, timeout, an HTML page, a broken feed with
            its line and column, a server not speaking HTTP/1.1); a url is fetched (its
            first bytes) and must be an image; 0 photos is a warning ("warning: …");
            --no-network skips this.

            --config FILE: reads the configuration file as 'vitrine play --config FILE'
            would and prints every problem: JSON syntax, unknown keys, bad values (each
            naming its key), options that do not fit together, and sources that do not
            exist.
              --list-sources    print the sources the configuration names, one a line, as
                                absolute paths (the install script grants the service
                                read access to them)

            Exit 0 when the file can be played (warnings allowed), 1 when it cannot,
            2 for a usage error.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var config: String?
        var listSources = false
        var network = true
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            switch option {
            case "--config": config = try scanner.value(for: option)
            case "--list-sources": listSources = true
            case "--no-network": network = false
            default: throw UsageError("unknown option \(option); run 'vitrine check --help'")
            }
        }
        if let config {
            if let extra = scanner.positionals.first {
                throw UsageError("check takes either --config FILE or a playlist, not both ('\(extra)')")
            }
            return checkConfig(config, listSources: listSources)
        }
        if listSources { throw UsageError("--list-sources goes with --config FILE") }
        guard scanner.positionals.count == 1 else {
            throw UsageError(
                "check takes one playlist file or --config FILE, for example 'vitrine check playlist.json'")
        }
        return checkPlaylist(scanner.positionals[0], network: network)
    }

    /// Prints the playlist's problems. Returns the exit code.
    static func checkPlaylist(_ path: String, network: Bool = true) -> Int32 {
        let outcome = PlaylistDecoder.load(path)
        var diagnostics = outcome.diagnostics
        if let document = outcome.document {
            diagnostics += emptyFolderWarnings(document)
            diagnostics += clipWarnings(document)
        }
        for diagnostic in diagnostics {
            print(diagnostic.formatted(file: path))
        }
        let errors = diagnostics.errors.count
        let warnings = diagnostics.warnings.count
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if let document = outcome.document {
            var what = count(document.playlists.count, "playlist")
            if !document.rules.isEmpty { what += ", " + count(document.rules.count, "rule") }
            if !document.display.off.isEmpty { what += ", " + count(document.display.off.count, "off window") }
            print("\(path): playable (\(what)); \(count(warnings, "warning"))")
            if network {
                for line in NetworkChecks.run(document.networkSources) { print("\(path): \(line)") }
            }
            return 0
        }
        print("\(path): cannot be played: \(count(errors, "error")), \(count(warnings, "warning"))")
        return 1
    }

    /// Every problem of the configuration file at `path`, as `check --config` prints them.
    static func configProblems(_ path: String) -> (document: ConfigDocument?, problems: [String]) {
        ConfigFile.problems(
            path, parse: { _ = try PlayCommand.parseOptions($0) },
            combine: {
                let options = try PlayCommand.parseOptions($0)
                try options.common.validate()
                try options.web.validate()
            },
            madeAtStart: { document, source in
                // The page's upload folder is made when the player starts.
                (try? PlayCommand.parseOptions(document.arguments))?.web.enabled == true
                    && ConfigFile.sources(of: document).first == source
            })
    }

    /// Prints the configuration's problems (or, with `listSources`, its sources). Returns the exit code.
    static func checkConfig(_ path: String, listSources: Bool) -> Int32 {
        var (document, problems) = configProblems(path)
        if problems.isEmpty, let document, let options = try? PlayCommand.parseOptions(document.arguments) {
            problems += options.remote.setupProblems().map { "\(path): \($0)" }
        }
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

    /// A folder that exists but holds no image the item accepts.
    static func emptyFolderWarnings(_ document: PlaylistDocument) -> [Diagnostic] {
        let content = PlaylistContent.scanned(PlaylistContent(document: document))
        var out: [Diagnostic] = []
        for (key, folder) in content.folderItems where PathKind.probe(folder.path) == .directory {
            guard content.folders[key]?.count == 0 else { continue }
            let playlist = document.playlists[key.playlist]
            let path =
                document.isScheduled
                ? "playlists.\(playlist.name).items[\(key.item)].folder" : "items[\(key.item)].folder"
            let item = playlist.items[key.item]
            out.append(Diagnostic(.warning, path, "\(folder.path) holds no images this item shows", at: item.position))
        }
        return out
    }
}
