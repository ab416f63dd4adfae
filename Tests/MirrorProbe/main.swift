import Foundation
import VitrineCore
import VitrineNet

// A bare mirror the tests run as a child process and kill at random moments (a power cut):
// vitrine-mirror-probe CACHE-FOLDER CACHE-BYTES FEED-URL
// Prints "started" once the mirror runs, then mirrors until it is killed.
let arguments = CommandLine.arguments
guard arguments.count == 4, let cacheBytes = Int64(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: vitrine-mirror-probe CACHE-FOLDER CACHE-BYTES FEED-URL\n".utf8))
    exit(2)
}
do {
    let configuration = MirrorConfiguration(
        cacheDirectory: arguments[1], cacheBytes: cacheBytes, fileBytes: 10_000_000, refreshInterval: 3600,
        timeouts: NetworkTimeouts(connect: 5, lowSpeedBytes: 1, lowSpeedSeconds: 10), backoffBase: 0.05,
        backoffMaximum: 0.2)
    let mirror = try Mirror(configuration: configuration, sources: [.feed(FeedSource(url: arguments[3]))])
    mirror.start()
    FileHandle.standardOutput.write(Data("started\n".utf8))
    while true { sleep(3600) }
} catch {
    FileHandle.standardError.write(Data("vitrine-mirror-probe: \(error)\n".utf8))
    exit(1)
}
