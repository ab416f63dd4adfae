import Testing

@testable import VitrineCore

@Suite struct SourceRescanTests {
    typealias Entry = SourceRescan.Entry

    @Test func aNewFileJoinsOnceItsSizeStopsChanging() {
        var rescan = SourceRescan()
        let a = Entry(path: "a.jpg", size: 100, modified: 1)
        #expect(rescan.settle([a], playing: ["a.jpg"]) == ["a.jpg"])
        // b.jpg is being copied: seen at 10 bytes, then 50, then 50 again.
        #expect(rescan.settle([a, Entry(path: "b.jpg", size: 10, modified: 2)], playing: ["a.jpg"]) == ["a.jpg"])
        #expect(rescan.settle([a, Entry(path: "b.jpg", size: 50, modified: 3)], playing: ["a.jpg"]) == ["a.jpg"])
        #expect(
            rescan.settle([a, Entry(path: "b.jpg", size: 50, modified: 3)], playing: ["a.jpg"]) == ["a.jpg", "b.jpg"])
    }

    @Test func aDeletedFileLeavesAtOnceAndOrderFollowsTheListing() {
        var rescan = SourceRescan()
        let a = Entry(path: "a.jpg", size: 1, modified: 1)
        let b = Entry(path: "b.jpg", size: 1, modified: 1)
        let c = Entry(path: "c.jpg", size: 1, modified: 1)
        _ = rescan.settle([a, b, c], playing: ["a.jpg", "b.jpg", "c.jpg"])
        #expect(rescan.settle([a, c], playing: ["a.jpg", "b.jpg", "c.jpg"]) == ["a.jpg", "c.jpg"])
        // A playing file that changes (rewritten) stays; decoding it again is the player's business.
        let c2 = Entry(path: "c.jpg", size: 9, modified: 5)
        #expect(rescan.settle([a, c2], playing: ["a.jpg", "c.jpg"]) == ["a.jpg", "c.jpg"])
        #expect(rescan.settle([], playing: ["a.jpg", "c.jpg"]).isEmpty)
    }
}
