import Foundation
import VitrineCore

/// `vitrine check FILE`: every problem of a playlist file, with its place.
enum CheckCommand {
    static let command = CLI.Command(
        name: "check",
        summary: "check a playlist file and print every problem with its line and column",
        help: """
            Usage: vitrine check PLAYLIST.json

            Reads the playlist file as 'play' would and prints every problem, one a line:
              FILE:LINE:COLUMN: error: PATH: what is wrong
            JSON syntax errors give the line and column; other problems also give the
            path in the document (items[3].duration). Unknown fields, missing files and
            folders without images are warnings. Exit 0 when the file can be played
            (warnings allowed), 1 when it cannot, 2 for a usage error.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var scanner = ArgumentScanner(args)
        if let option = scanner.nextOption() {
            throw UsageError("unknown option \(option); run 'vitrine check --help'")
        }
        guard scanner.positionals.count == 1 else {
            throw UsageError("check takes one playlist file, for example 'vitrine check playlist.json'")
        }
        let path = scanner.positionals[0]
        let outcome = PlaylistDecoder.load(path)
        var diagnostics = outcome.diagnostics
        if let document = outcome.document {
            diagnostics += emptyFolderWarnings(document)
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
            return 0
        }
        print("\(path): cannot be played: \(count(errors, "error")), \(count(warnings, "warning"))")
        return 1
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
