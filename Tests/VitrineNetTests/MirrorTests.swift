import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// The mirror against the real fault server: downloads, revalidation, deletion, offline start, limits.
@Suite(.serialized) struct MirrorTests {
    let folder = TemporaryFolder()
    let www: String
    let cache: String

    init() {
        www = folder.sub("www")
        cache = folder.sub("cache")
    }

    func configuration(cacheBytes: Int64 = 10_000_000) -> MirrorConfiguration {
        MirrorConfiguration(
            cacheDirectory: cache, cacheBytes: cacheBytes, fileBytes: 1_000_000, refreshInterval: 3600,
            timeouts: NetworkTimeouts(connect: 5, lowSpeedBytes: 1, lowSpeedSeconds: 10), backoffBase: 0.05,
            backoffMaximum: 0.2)
    }

    func writeFeed(_ names: [String], server: ServerProcess) {
        let list = names.map { "\"\(server.base)/files/\($0)\"" }.joined(separator: ",")
        folder.write("www/feed.json", Data("[\(list)]".utf8))
    }

    func playable(_ mirror: Mirror, _ source: NetworkSource) -> [MirroredEntry] {
        mirror.snapshot(source).filter(\.isPlayable)
    }

    @Test func mirroredPhotosOutliveTheServerAndARestart() throws {
        let server = try ServerProcess.faults(root: www)
        for i in 1...3 { folder.write("www/p\(i).jpg", fakeJPEG(i)) }
        writeFeed(["p1.jpg", "p2.jpg", "p3.jpg"], server: server)
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        #expect(eventually(timeout: 30) { playable(mirror, source).count == 3 })
        let paths = playable(mirror, source).compactMap(\.localPath)
        #expect(paths.allSatisfy { $0.hasPrefix(cache + "/") })
        #expect(FileManager.default.contents(atPath: paths[1]) == fakeJPEG(2))

        server.stop()
        mirror.refreshNow()
        #expect(eventually(timeout: 30) { mirror.status.sources.first?.lastError != nil })
        #expect(playable(mirror, source).count == 3, "an error never removes a photo")
        mirror.stop()

        // A player that boots with the server down plays the index from disk.
        let offline = try Mirror(configuration: configuration(), sources: [source])
        #expect(playable(offline, source).map(\.localPath) == paths)
        offline.start()
        offline.refreshNow()
        #expect(eventually(timeout: 30) { offline.status.sources.first?.lastError != nil })
        #expect(playable(offline, source).count == 3)
        offline.stop()
    }

    @Test func aChangedRemoteFileReplacesTheOldOneAfterRevalidation() throws {
        let server = try ServerProcess.faults(root: www)
        folder.write("www/p.jpg", fakeJPEG(10))
        writeFeed(["p.jpg"], server: server)
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { playable(mirror, source).count == 1 })
        let first = try #require(playable(mirror, source).first)

        // Unchanged: revalidated with If-None-Match, the file stays as it is.
        mirror.refreshNow()
        #expect(
            eventually(timeout: 30) { fetchText(server.base + "/control/requests").contains("\"ifNoneMatch\": \"\\\"") }
        )
        #expect(playable(mirror, source).first?.revision == first.revision)

        folder.write("www/p.jpg", fakeJPEG(11))
        mirror.refreshNow()
        #expect(eventually(timeout: 30) { (playable(mirror, source).first?.revision ?? 0) > first.revision })
        let path = try #require(playable(mirror, source).first?.localPath)
        #expect(FileManager.default.contents(atPath: path) == fakeJPEG(11))
    }

    @Test func aDeletedRemotePhotoLeavesAtTheNextGoodListingOnly() throws {
        let server = try ServerProcess.faults(root: www)
        // Three photos, one of which goes: less than half, so the next good listing removes it at once.
        for i in 1...3 { folder.write("www/p\(i).jpg", fakeJPEG(i)) }
        writeFeed(["p1.jpg", "p2.jpg", "p3.jpg"], server: server)
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { playable(mirror, source).count == 3 })
        let gone = try #require(playable(mirror, source).last?.localPath)

        // A broken listing (bad JSON) is an error: nothing leaves.
        folder.write("www/feed.json", Data("[\"p1.jpg\",".utf8))
        mirror.refreshNow()
        #expect(eventually(timeout: 30) { mirror.status.sources.first?.lastError?.contains("JSON") == true })
        #expect(playable(mirror, source).count == 3)

        writeFeed(["p1.jpg", "p2.jpg"], server: server)
        mirror.refreshNow()
        #expect(eventually(timeout: 30) { mirror.snapshot(source).count == 2 })
        #expect(mirror.status.sources.first?.lastError == nil)
        #expect(eventually(timeout: 30) { !FileManager.default.fileExists(atPath: gone) })
    }

    @Test func theCacheSizeIsRespectedAndTheShownPhotoComesFirst() throws {
        let server = try ServerProcess.faults(root: www)
        let names = (1...8).map { "p\($0).jpg" }
        for (i, name) in names.enumerated() { folder.write("www/\(name)", fakeJPEG(i, size: 10_000)) }
        writeFeed(names, server: server)
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        var config = configuration(cacheBytes: 35_000)
        config.totalDownloads = 1
        let mirror = try Mirror(configuration: config, sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(
            eventually(timeout: 30) {
                playable(mirror, source).count == 3 && mirror.status.sources.first?.downloading == 0
            })
        #expect(mirror.status.bytesOnDisk <= 35_000)
        let last = try #require(mirror.snapshot(source).last)
        #expect(!last.isPlayable)
        for _ in 0..<3 {
            for entry in mirror.snapshot(source).suffix(4) {
                mirror.prioritize(entry.id)
                #expect(
                    eventually(timeout: 30) { mirror.snapshot(source).first { $0.id == entry.id }?.isPlayable == true },
                    "\(entry.id.remote): \(mirror.snapshot(source).map { ($0.id.remote.suffix(6), $0.isPlayable, $0.failure ?? "") })"
                )
                #expect(mirror.status.bytesOnDisk <= 35_000)
                // The evicted file is deleted just after the new one is published (outside the lock).
                #expect(eventually(timeout: 5) { directoryBytes(cache) <= 35_000 + 4_096 }, "\(directoryBytes(cache))")
            }
        }
    }

    @Test func namesFromAFeedNeverWriteOutsideTheCache() throws {
        let server = try ServerProcess.faults(root: www)
        folder.write("www/ok.jpg", fakeJPEG(3))
        let outside = folder.sub("outside")
        let feed = """
            ["../../outside/evil.jpg", "/\(outside)/abs.jpg", "file://\(outside)/f.jpg",
             "\(server.base)/files/..%2F..%2Foutside%2Fx.jpg", "\(server.base)/files/ok.jpg?name=../../outside/y.jpg",
             {"url": "\(server.base)/files/ok.jpg#../../../outside/z.jpg", "caption": "../../etc"}]
            """
        folder.write("www/feed.json", Data(feed.utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(
            eventually(timeout: 30) {
                playable(mirror, source).count >= 1 && mirror.status.sources.first?.downloading == 0
            })
        #expect((try FileManager.default.contentsOfDirectory(atPath: outside)).isEmpty)
        for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
            #expect(name == "index.json" || CacheName.isOurs(name), "\(name)")
        }
        for entry in mirror.snapshot(source) {
            if let path = entry.localPath { #expect((path as NSString).deletingLastPathComponent == cache) }
        }
    }

    @Test func aListingOfMoreThan100000EntriesIsRefused() throws {
        let server = try ServerProcess.faults(root: www)
        let list = (0...100_000).map { "\"/p/\($0).jpg\"" }.joined(separator: ",")
        folder.write("www/big.json", Data("[\(list)]".utf8))
        let line = NetworkCheck.check(.feed(FeedSource(url: server.base + "/files/big.json")))
        #expect(line.contains("more than 100000 entries"))
        let small = ListingLimits(maximumEntries: 100_000, maximumBodyBytes: 100_000)
        let tooBig = NetworkCheck.check(
            .feed(FeedSource(url: server.base + "/files/big.json")), configuration: MirrorConfiguration(limits: small))
        #expect(tooBig.contains("larger than the limit of 100000 bytes"))
    }

    @Test func progressOfAHeldDownloadIsReportedThenThePhotoPlays() throws {
        let server = try ServerProcess.faults(root: www)
        folder.write("www/big.jpg", fakeJPEG(5, size: 50_000))
        let source = NetworkSource.url(URLSource(url: server.base + "/gate/big.jpg"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        let id = MirrorEntryID(source: source.key, remote: server.base + "/gate/big.jpg")
        #expect(
            eventually(timeout: 30) {
                mirror.progress(for: id).map { $0.received == 20_000 && $0.total == 50_000 } ?? false
            })
        #expect(mirror.snapshot(source).first?.isPlayable == false, "a half-downloaded file is never shown")
        #expect(mirror.snapshot(source).first?.progress?.received == 20_000)
        _ = fetchText(server.base + "/control/release")
        #expect(eventually(timeout: 30) { mirror.snapshot(source).first?.isPlayable == true })
        #expect(mirror.progress(for: id) == nil)
    }

    @Test func aTrickleArrivesBitByBit() throws {
        let server = try ServerProcess.faults(root: www)
        folder.write("www/slow.jpg", fakeJPEG(6, size: 3_000))
        let source = NetworkSource.url(URLSource(url: server.base + "/trickle/slow.jpg?rate=1024"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        let id = MirrorEntryID(source: source.key, remote: server.base + "/trickle/slow.jpg?rate=1024")
        var seen: Set<Int64> = []
        #expect(
            eventually(timeout: 30) {
                if let p = mirror.progress(for: id), p.received > 0, p.received < 3_000 { seen.insert(p.received) }
                return mirror.snapshot(source).first?.isPlayable == true
            })
        #expect(seen.count >= 2, "progress seen at \(seen.sorted())")
    }

    @Test func refusedFilesAreNotPlayableAndSayWhy() throws {
        let server = try ServerProcess.faults(root: www)
        folder.write("www/text.jpg", Data("plain text".utf8))
        folder.write("www/ok.jpg", fakeJPEG(7))
        let urls = [
            "/files/text.jpg", "/status/404", "/huge", "/wrong-length/ok.jpg", "/redirect?to=file:///etc/passwd",
        ]
        let list = urls.map { "\"\(server.base)\($0)\"" }.joined(separator: ",")
        folder.write("www/feed.json", Data("[\(list)]".utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(
            eventually(timeout: 30) {
                mirror.snapshot(source).count == 5 && mirror.snapshot(source).allSatisfy { $0.failure != nil }
            }
        )
        let failures = mirror.snapshot(source).map { $0.failure ?? "" }
        #expect(failures[0].contains("not an image"))
        #expect(failures[1].contains("404"))
        #expect(failures[2].contains("larger than the limit"))
        #expect(failures[3].contains("cut short"))
        #expect(failures[4].contains("only http and https"))
        #expect(mirror.snapshot(source).allSatisfy { !$0.isPlayable })
    }
}

func directoryBytes(_ path: String) -> Int64 {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { CacheName.isOurs($0) }.reduce(0) { $0 + MirrorTransfer.size(of: path + "/" + $1) }
}
