import Foundation
import VitrineCore

/// The shipped table of place names (`assets/places/places.tsv`), read once when a caption
/// may use `{place}`.
enum PlaceNamesFile {
    /// The table, or nil (with one warning) when it cannot be found or read.
    static let shared: PlaceNames? = {
        let path = location()
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            Log("caption").warning("\(path): cannot be read; captions leave {place} out")
            return nil
        }
        let table = PlaceTable(text: text)
        if table.skipped > 0 { Log("caption").warning("\(path): \(table.skipped) lines skipped") }
        return PlaceNames(table)
    }()

    /// `VITRINE_PLACES`, `assets/places` of the checkout the executable was built in, or the
    /// installed share folder.
    static func location(executable: String = CommandLine.arguments[0]) -> String {
        if let env = ProcessInfo.processInfo.environment["VITRINE_PLACES"] { return env }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("assets/places/places.tsv").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        for share in ["/usr/local/share/vitrine", "/usr/share/vitrine"]
        where FileManager.default.fileExists(atPath: share + "/places/places.tsv") {
            return share + "/places/places.tsv"
        }
        return "/usr/local/share/vitrine/places/places.tsv"
    }

    /// Whether `overlays` or the document's captions use `{place}`.
    static func needed(_ overlays: OverlayOptions, document: PlaylistDocument) -> Bool {
        guard overlays.caption == .playlist else { return false }
        if let template = overlays.captionTemplate, CaptionTemplate(template).usesPlace { return true }
        return document.playlists.contains { playlist in
            playlist.items.contains { $0.caption.map { CaptionTemplate($0).usesPlace } ?? false }
        }
    }
}
