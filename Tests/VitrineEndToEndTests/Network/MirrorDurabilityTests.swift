import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// The mirror on disk across crashes: a bad index never removes a mirrored photo, and power cuts
/// (SIGKILL of a mirror process at moments chosen by watching its files) leave an index that matches
/// the files and no temporary after the next start.
@Suite(.serialized) struct MirrorDurabilityTests: MirrorFixture {
    let folder = ServedFolder()

    func configuration() -> MirrorConfiguration {
        configuration(cacheBytes: 100_000_000, fileBytes: 10_000_000)
    }

    func writeFeed(_ numbers: [Int], server: ServerProcess) {
        writeFeed(numbers.map { "p\($0).jpg" }, server: server)
    }

    func ours() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter(CacheName.isOurs).sorted()
    }

    func photoRequests(_ server: ServerProcess) -> Int {
        fetchText(server.base + "/control/requests").components(separatedBy: "\"path\": \"/files/p").count - 1
    }

    @Test func anEmptyCutOrGarbageIndexKeepsEveryMirroredPhoto() throws {
        let server = try ServerProcess.faults(root: www)
        for i in 1...5 { folder.write("www/p\(i).jpg", TestPictures.fakeJPEG(i, size: 20_000)) }
        writeFeed(Array(1...5), server: server)
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        #expect(eventually(timeout: 30) { mirror.snapshot(source).filter(\.isPlayable).count == 5 })
        mirror.stop()
        // A second save, so the previous generation holds the five photos too.
        try Mirror(configuration: configuration(), sources: [source]).stop()
        let files = ours()
        #expect(files.count == 5)
        #expect(FileManager.default.fileExists(atPath: cache + "/" + MirrorIndex.previousName))
        let good = try Data(contentsOf: URL(fileURLWithPath: cache + "/index.json"))
        let previous = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + MirrorIndex.previousName))
        let before = photoRequests(server)

        let damages: [(String, Data)] = [
            ("empty", Data()), ("cut", good.prefix(good.count / 2)),
            ("garbage", Data((0..<4000).map { UInt8($0 % 251) })),
        ]
        for (name, damaged) in damages {
            try good.write(to: URL(fileURLWithPath: cache + "/index.json"))
            try previous.write(to: URL(fileURLWithPath: cache + "/" + MirrorIndex.previousName))
            try damaged.write(to: URL(fileURLWithPath: cache + "/index.json"))
            // The next start plays all five from the previous generation, offline as online.
            let next = try Mirror(configuration: configuration(), sources: [source])
            #expect(next.snapshot(source).filter(\.isPlayable).count == 5, "\(name)")
            #expect(ours() == files, "\(name): no mirrored file removed")
        }

        // Both generations garbage: nothing is removed, and the listing takes every file back
        // without downloading it again.
        try Data("{\"version\":1,\"sou".utf8).write(to: URL(fileURLWithPath: cache + "/index.json"))
        try Data().write(to: URL(fileURLWithPath: cache + "/" + MirrorIndex.previousName))
        let rebuilt = try Mirror(configuration: configuration(), sources: [source])
        #expect(rebuilt.snapshot(source).isEmpty)
        #expect(ours() == files)
        rebuilt.start()
        #expect(eventually(timeout: 30) { rebuilt.snapshot(source).filter(\.isPlayable).count == 5 })
        rebuilt.stop()
        #expect(ours() == files)
        #expect(photoRequests(server) == before, "taken back, not downloaded again")
        let again = try Mirror(configuration: configuration(), sources: [source])
        #expect(again.snapshot(source).filter(\.isPlayable).count == 5)
    }

    @Test func oldPartsAndTemporariesAreCleanedAtStart() throws {
        let server = try ServerProcess.faults(root: www)
        folder.write("www/p1.jpg", TestPictures.fakeJPEG(1, size: 20_000))
        writeFeed([1], server: server)
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let mirror = try Mirror(configuration: configuration(), sources: [source])
        mirror.start()
        #expect(eventually(timeout: 30) { mirror.snapshot(source).first?.isPlayable == true })
        mirror.stop()
        let stray = "0123456789abcdef0123456789abcdef.part"
        folder.write("cache/" + stray, Data(count: 100))
        folder.write("cache/" + MirrorIndex.temporaryName, Data("{\"version\":1".utf8))
        folder.write("cache/" + MirrorIndex.previousTemporaryName, Data())
        _ = try Mirror(configuration: configuration(), sources: [source])
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(!names.contains(stray))
        #expect(!names.contains(MirrorIndex.temporaryName) && !names.contains(MirrorIndex.previousTemporaryName))
        #expect(names.contains { $0.hasSuffix(".jpg") })

        // A part the index keeps for a resume goes once it is older than the resume window.
        var states = [SourceState(source: source)]
        MirrorIndex.load(into: &states, from: cache)
        let id = try #require(states[0].entries.first?.remote.id)
        states[0].entries[0].partValidators = Validators(etag: "\"e\"")
        let part = CacheName.part(CacheName.stem(source: source.key, id: id))
        folder.write("cache/" + part, Data(count: 100))
        MirrorIndex.cleanUp(cache, keeping: &states, origin: .current)
        #expect(FileManager.default.fileExists(atPath: cache + "/" + part), "within its window")
        MirrorIndex.cleanUp(
            cache, keeping: &states, origin: .current, now: Date() + (MirrorIndex.partLifetime + Seconds(60)))
        #expect(!FileManager.default.fileExists(atPath: cache + "/" + part))
        #expect(states[0].entries[0].partValidators == nil)
    }

    static var probe: String { Repository.product("vitrine-mirror-probe") }

    /// The inode of `path` (a rename over it gives a new one), or 0.
    static func inode(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// Waits (polling without sleeping on a timer) until `condition` holds or `timeout` passes.
    func watch(timeout: Double, every microseconds: UInt32 = 200, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(microseconds)
        }
        return false
    }

    @Test func powerCutsDuringDownloadsAndIndexWritesLeaveAMatchingIndexAndNoTemporary() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.probe), "swift build --build-tests first")
        let server = try ServerProcess.faults(root: www)
        for i in 0..<150 { folder.write("www/p\(i).jpg", TestPictures.fakeJPEG(i, size: 60_000 + (i % 7) * 10_000)) }
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        var generator = SystemRandomNumberGenerator()
        var moments: [String: Int] = [:]
        var mirrored = 0
        let rounds = 30
        for round in 0..<rounds {
            // Each round the feed moves on by three photos: downloads, removals and index writes every time.
            writeFeed(Array(round * 3..<round * 3 + 40), server: server)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.probe)
            process.arguments = [cache, "2500000", server.base + "/files/feed.json"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let before = Set(ours())
            // Index saves come at most once a second: a cut after the k-th of this run lets photos
            // reach the index in some rounds and not in others.
            let index = cache + "/index.json"
            var lastInode = Self.inode(index)
            var saves = 0
            func savesReach(_ wanted: Int) -> Bool {
                let now = Self.inode(index)
                if now != lastInode {
                    lastInode = now
                    saves += 1
                }
                return saves >= wanted
            }
            let wantedSaves = Int.random(in: 0...2, using: &generator)
            let moment: String
            switch round % 3 {
            case 0:
                // While the index is being written.
                moment = "index write"
                _ = watch(timeout: 3) { savesReach(max(1, wantedSaves)) }
                _ = watch(timeout: 3) {
                    FileManager.default.fileExists(atPath: cache + "/" + MirrorIndex.temporaryName)
                }
            case 1:
                moment = "download"
                _ = watch(timeout: 3) { savesReach(wantedSaves) }
                _ = watch(timeout: 3, every: 1000) { ours().contains { $0.hasSuffix(".part") } }
            default:
                moment = "after new files"
                let wanted = Int.random(in: 1...6, using: &generator)
                _ = watch(timeout: 3) { savesReach(wantedSaves) }
                _ = watch(timeout: 3, every: 1000) { Set(ours()).subtracting(before).count >= wanted }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            moments[moment, default: 0] += 1

            // The next start: the index read whole, what it names is there and complete, nothing else
            // of ours is left but parts it keeps for a resume, and no temporary.
            var states = [SourceState(source: source)]
            let origin = MirrorIndex.load(into: &states, from: cache)
            // Never a damaged index: whole, or not written yet by a first run cut short (then no file
            // is removed, and the ones present are taken back by the next listing).
            let unwritten = origin == .unreadable(problem: "missing")
            #expect(origin == .current || origin == .fresh || unwritten, "round \(round): \(origin)")
            let mirror = try Mirror(
                configuration: configuration(cacheBytes: 2_500_000, fileBytes: 10_000_000), sources: [source])
            let names = Set((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? [])
            #expect(!names.contains(MirrorIndex.temporaryName) && !names.contains(MirrorIndex.previousTemporaryName))
            var named: Set<String> = []
            for entry in mirror.snapshot(source) {
                guard let path = entry.localPath else { continue }
                named.insert((path as NSString).lastPathComponent)
                let number = Int(entry.id.remote.split(separator: "/").last?.dropFirst().prefix { $0.isNumber } ?? "")
                let expected = number.map { TestPictures.fakeJPEG($0, size: 60_000 + ($0 % 7) * 10_000) }
                #expect(FileManager.default.contents(atPath: path) == expected, "round \(round): \(path)")
            }
            let keptParts = Set(
                states[0].entries.filter { $0.partValidators != nil }.map {
                    CacheName.part(CacheName.stem(source: source.key, id: $0.remote.id))
                })
            let leftovers = names.filter(CacheName.isOurs).subtracting(named).subtracting(keptParts).filter {
                !unwritten || $0.hasSuffix(".part")
            }
            #expect(leftovers.isEmpty, "round \(round) (\(moment)): \(leftovers.sorted())")
            mirrored += named.count
        }
        #expect(moments.values.reduce(0, +) == rounds)
        // Photos reached the index across the cuts (so the checks above had files to check).
        #expect(mirrored > rounds)
        // Photos did arrive across the cuts: the show had something to play.
        let last = try Mirror(
            configuration: configuration(cacheBytes: 2_500_000, fileBytes: 10_000_000), sources: [source])
        #expect(!last.snapshot(source).filter(\.isPlayable).isEmpty)
    }
}
