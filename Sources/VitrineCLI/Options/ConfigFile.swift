import Foundation
import VitrineCore
import VitrineSystem

/// The configuration file of `play` (`--config FILE`, by default
/// /etc/vitrine/config.json when it exists) and its validation for
/// `check --config FILE`. Its keys become arguments fed to the same parser as
/// the command line, before the command line's own, so those win.
enum ConfigFile {
    /// Where `play` looks when no `--config` is given.
    static let defaultPath = "/etc/vitrine/config.json"

    /// Takes `--config FILE` (or `--config=FILE`) out of `args`. With none, the
    /// default file when it exists; `--config none` reads no file at all.
    static func split(_ args: [String], defaultPath: String = defaultPath) throws(UsageError) -> (
        path: String?, rest: [String]
    ) {
        var rest: [String] = []
        var path: String?
        var explicit = false
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--" {
                rest += args[i...]
                break
            }
            if arg == "--config" {
                guard i + 1 < args.count else { throw UsageError("--config needs a value: the path of a JSON file") }
                path = args[i + 1]
                explicit = true
                i += 2
                continue
            }
            if arg.hasPrefix("--config=") {
                path = String(arg.dropFirst("--config=".count))
                explicit = true
                i += 1
                continue
            }
            rest.append(arg)
            i += 1
        }
        if explicit {
            return (path == "none" ? nil : path, rest)
        }
        return (FileManager.default.fileExists(atPath: defaultPath) ? defaultPath : nil, rest)
    }

    /// Reads `path` and checks each key with `parse` (the command's option
    /// parser). Throws the first problem, naming the file and the key.
    static func load(_ path: String, parse: ([String]) throws -> Void) throws -> ConfigDocument {
        let (document, problems) = try ConfigDocument.load(path)
        if let first = problems.first { throw UsageError(first.description) }
        if let first = keyProblems(document, parse: parse).first { throw UsageError(first.description) }
        if let first = display(of: path).problems.first { throw UsageError(first) }
        return document
    }

    /// The file's `display` section (read as a playlist's is, with the same checks), and its
    /// errors, one line each naming the file, the line and the key.
    static func display(of path: String) -> (spec: DisplaySpec, problems: [String]) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
            let root = try? JSONParser.parse(text), let node = root[ConfigDocument.displayKey]
        else { return (DisplaySpec(), []) }
        let (spec, diagnostics) = PlaylistDecoder.decodeDisplaySection(node, file: path)
        let problems = diagnostics.errors.map { "\($0.formatted(file: path))" }
        for warning in diagnostics.warnings { Log("config").warning(warning.formatted(file: path)) }
        return (spec, problems)
    }

    /// Every problem of the file, for `check`: the file itself, each key, the
    /// options together, and each source. Empty when it is good to play.
    static func problems(
        _ path: String, parse: ([String]) throws -> Void, combine: ([String]) throws -> Void,
        madeAtStart: (ConfigDocument, String) -> Bool = { _, _ in false }
    ) -> (document: ConfigDocument?, problems: [String]) {
        let loaded: (document: ConfigDocument, problems: [ConfigDocument.Problem])
        do {
            loaded = try ConfigDocument.load(path)
        } catch {
            return (nil, [error.description])
        }
        let document = loaded.document
        var problems = loaded.problems.map(\.description)
        let keyed = keyProblems(document, parse: parse)
        problems += keyed.map(\.description)
        problems += display(of: path).problems
        if keyed.isEmpty {
            do {
                try combine(document.arguments)
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        for source in sources(of: document) where !NetworkAddress.isHTTP(source) {
            if PathKind.probe(source) == .missing, madeAtStart(document, source) { continue }
            do {
                _ = try SourceScanner().scan([source])
            } catch {
                problems.append("\(path): key \"sources\": \(error)")
            }
        }
        return (document, problems)
    }

    /// The document's sources, relative ones taken from the file's folder.
    static func sources(of document: ConfigDocument) -> [String] {
        let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent()
        return document.sources.map { source in
            source.hasPrefix("/") || NetworkAddress.isHTTP(source)
                ? source : folder.appendingPathComponent(source).standardized.path
        }
    }

    private static func keyProblems(_ document: ConfigDocument, parse: ([String]) throws -> Void)
        -> [ConfigDocument.Problem]
    {
        document.entries.compactMap { entry in
            do {
                try parse(entry.arguments)
                return nil
            } catch {
                return ConfigDocument.Problem(path: document.path, key: entry.key, message: "\(error)")
            }
        }
    }
}
