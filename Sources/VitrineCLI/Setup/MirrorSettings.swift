import Foundation
import VitrineCore
import VitrineNet

/// The mirror's configuration from the command line: the cache folder (given, or the first usable
/// of /var/cache/vitrine, $XDG_CACHE_HOME/vitrine and ~/.cache/vitrine), its size, and the decode
/// check every download passes before it plays.
enum MirrorSettings {
    static func configuration(_ common: CommonOptions) -> MirrorConfiguration {
        MirrorConfiguration(
            cacheDirectory: common.cacheDirectory ?? defaultDirectory(), cacheBytes: common.cacheBytes,
            decodeProbe: MirrorDecodeProbe.make())
    }

    /// /var/cache/vitrine when it is (or can be made) writable, else the user's cache folder.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let system = "/var/cache/vitrine"
        if usable(system) { return system }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/vitrine" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/vitrine"
    }

    /// A `--print-state` line with the mirror's status added as `"mirror"` (size on disk, each
    /// source's counts, last refresh and error) when the show has network sources.
    static func withMirror(_ report: StateReport, _ status: MirrorStatus?) -> String {
        guard let status, case .object(let members) = report.output else { return report.json }
        return JSONOutput.object(members + [("mirror", status.json)]).rendered
    }

    private static func usable(_ path: String) -> Bool {
        if access(path, W_OK | X_OK) == 0 { return true }
        let parent = (path as NSString).deletingLastPathComponent
        return !FileManager.default.fileExists(atPath: path) && access(parent, W_OK | X_OK) == 0
    }
}
