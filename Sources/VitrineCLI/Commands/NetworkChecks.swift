import Foundation
import Synchronization
import VitrineCore
import VitrineNet

/// `vitrine check`'s network part: each source tried once, all at the same time, one line each
/// in the playlist's order.
enum NetworkChecks {
    static func run(_ sources: [NetworkSource], configuration: MirrorConfiguration = MirrorConfiguration()) -> [String]
    {
        let lines = Mutex([String?](repeating: nil, count: sources.count))
        let group = DispatchGroup()
        for (i, source) in sources.enumerated() {
            group.enter()
            Thread.detachNewThread {
                let line = NetworkCheck.check(source, configuration: configuration)
                lines.withLock { $0[i] = line }
                group.leave()
            }
        }
        group.wait()
        return lines.withLock { $0.map { $0 ?? "" } }
    }
}
