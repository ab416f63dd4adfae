import Foundation
import VitrineCore
import VitrineSystem

/// Reading a playlist file for `play` and `snapshot`: the same checks as
/// `vitrine check`, with warnings logged and errors stopping the command.
public enum PlaylistLoading {
    public static func load(_ path: String, log: Log) throws(UsageError) -> PlaylistDocument {
        let outcome = PlaylistDecoder.load(path)
        for diagnostic in outcome.diagnostics {
            let line = diagnostic.formatted(file: path)
            if diagnostic.severity == .error { log.error(line) } else { log.warning(line) }
        }
        guard let document = outcome.document else {
            let count = outcome.diagnostics.errors.count
            throw UsageError(
                "\(path): cannot be played (\(count) error\(count == 1 ? "" : "s") above); "
                    + "fix it and run 'vitrine check \(path)'")
        }
        return document
    }

    /// The error screen of a playlist that cannot be played: its first error, with its line.
    static func errorScreen(_ path: String) -> StatusScreen {
        let outcome = PlaylistDecoder.load(path)
        guard let first = outcome.diagnostics.errors.first else {
            return .playlistError(file: path, line: nil, message: "cannot be played")
        }
        return .playlistError(file: path, line: first.position?.line, message: first.description)
    }

    /// The options a playlist plays with: the command line's, with the playlist's
    /// defaults where the command line did not set a value.
    static func options(_ document: PlaylistDocument, common: CommonOptions, given: Set<String>) -> (String) ->
        ShowStyle
    {
        { name in document.playlist(named: name)?.options(base: common.show, given: given) ?? common.show }
    }
}
