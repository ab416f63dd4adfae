import Foundation
import VitrineCore

@testable import VitrineNet

/// What the mirror suites share: a temporary folder with `www` (what the test server serves) and
/// `cache` (the mirror's), a configuration with short back-offs, and a feed of the server's files.
protocol MirrorFixture {
    var folder: ServedFolder { get }
}

extension MirrorFixture {
    var www: String { folder.sub("www") }
    var cache: String { folder.sub("cache") }

    func configuration(
        cacheBytes: Int64 = 10_000_000, fileBytes: Int64 = 1_000_000, refresh: Seconds = 3600
    ) -> MirrorConfiguration {
        MirrorConfiguration(
            cacheDirectory: cache, cacheBytes: cacheBytes, fileBytes: fileBytes, refreshInterval: refresh,
            timeouts: NetworkTimeouts(connect: 5, lowSpeedBytes: 1, lowSpeedSeconds: 10), backoffBase: 0.05,
            backoffMaximum: 0.2)
    }

    /// `www/feed.json`: a JSON feed of `names` under the server's `/files/`.
    func writeFeed(_ names: [String], server: ServerProcess) {
        let list = names.map { "\"\(server.base)/files/\($0)\"" }.joined(separator: ",")
        folder.write("www/feed.json", Data("[\(list)]".utf8))
    }
}
