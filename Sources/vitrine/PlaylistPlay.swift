import Foundation
import VitrineCore

/// `vitrine play PLAYLIST.json`: wires a playlist file's live side for the player.
enum PlaylistPlay {
    /// The live show, and the wall time at show time 0 (now, or `--clock`).
    static func live(_ path: String, common: CommonOptions, playlist: PlaylistOptions) throws(UsageError) -> (
        LiveShow, Date
    ) {
        let log = Log("playlist")
        let document = try PlaylistLoading.load(path, log: log)
        let given = playlist.given
        let session = PlaylistSession(document: document, log: log) { fresh in
            PlaylistContent(document: fresh, common: common, given: given)
        }
        let now = Date()
        let origin = playlist.wallOrigin(zone: document.timeZone(), now: now)
        let wakeMinutes = playlist.wakeMinutes ?? document.display.wakeMinutes ?? 5
        let programme = Programme(
            schedule: document.schedule(), wallOrigin: origin, wakeDuration: wakeMinutes * 60)
        let resume = playlist.noResume ? nil : ResumeStore(path: playlist.stateFile ?? ResumeStore.defaultPath())
        let live = LiveShow(
            session: session, programme: programme, resume: resume, origin: document.file,
            fingerprintExtra: "order=\(given.contains("--order") ? common.order.rawValue : "-") "
                + "seed=\(given.contains("--seed") ? String(common.seed) : "-")",
            seed: common.seed, clockOffset: origin.timeIntervalSince(now), log: log
        ) { document, name in
            document.playlist(named: name)?.options(base: common.show, given: given) ?? common.show
        }
        return (live, origin)
    }

    /// When the file last changed; nil when it cannot be read.
    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
