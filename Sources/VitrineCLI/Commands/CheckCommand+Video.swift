import VitrineCore
import VitrineMedia

extension CheckCommand {
    /// A `video` item whose clip is there but cannot be played (not a video, damaged, too large):
    /// each is opened as the show would open it, with its deadline.
    static func clipWarnings(_ document: PlaylistDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for playlist in document.playlists {
            for (i, item) in playlist.items.enumerated() {
                guard item.isVideo, case .image(let path) = item.source, PathKind.probe(path) == .file else { continue }
                var stills = VideoStills()
                stills.probe([item.slide(path)], output: Size(width: 1920, height: 1080))
                guard let failure = stills.failures.first else { continue }
                let place =
                    document.isScheduled ? "playlists.\(playlist.name).items[\(i)].video" : "items[\(i)].video"
                out.append(Diagnostic(.warning, place, "\(failure.reason); it will be skipped", at: item.position))
            }
        }
        return out
    }
}
