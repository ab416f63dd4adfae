import Dispatch
import Foundation
import Synchronization
import VitrineCore

/// Lists the command line's sources again every few seconds, off the render
/// thread, so that photos copied into a folder join the show and deleted ones
/// leave it. (Playlist files get inotify watching; this is for plain folders.)
final class SourceWatch: Sendable {
    /// Seconds between two listings.
    static let period = 2.0

    private let list: @Sendable () -> [String]
    private let state = Mutex(State())

    private struct State {
        var running = false
        var lastStart = -Double.infinity
        var listing: [SourceRescan.Entry]?
        var rescan = SourceRescan()
    }

    /// `list` gives the image paths of the sources (it runs on a background queue).
    init(list: @escaping @Sendable () -> [String]) {
        self.list = list
    }

    /// Starts a listing when one is due; returns the paths to play when a listing
    /// finished since the last call (nil otherwise). `now` is any monotonic time in seconds.
    func poll(now: Double, playing: () -> Set<String>) -> [String]? {
        let (finished, start) = state.withLock { s -> ([SourceRescan.Entry]?, Bool) in
            let done = s.listing
            s.listing = nil
            guard !s.running, now - s.lastStart >= Self.period else { return (done, false) }
            s.running = true
            s.lastStart = now
            return (done, true)
        }
        if start {
            DispatchQueue.global(qos: .utility).async { [self] in
                let entries = list().map(Self.entry)
                state.withLock {
                    $0.listing = entries
                    $0.running = false
                }
            }
        }
        guard let finished else { return nil }
        let current = playing()
        return state.withLock { $0.rescan.settle(finished, playing: current) }
    }

    private static func entry(_ path: String) -> SourceRescan.Entry {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return SourceRescan.Entry(path: path, size: size, modified: modified)
    }
}
