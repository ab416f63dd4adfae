import Foundation
import Synchronization
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// Rings counted from the bell's own thread.
private final class Rings: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func ring() { count.withLock { $0 += 1 } }
}

/// A resting play loop is woken by folder events (`FileWatcher.ringOnChange`), so it need not
/// look at its folders a few times a second.
@Suite struct ChangeBellTests {
    @Test func aFileWrittenInAWatchedFolderRingsOncePerBatchUntilTheEventsAreRead() throws {
        let tree = try TemporaryFolder()
        let watcher = try FileWatcher()
        #expect(watcher.watch(tree.path))
        let rings = Rings()
        #expect(!watcher.rings)
        try watcher.ringOnChange(mounts: false) { rings.ring() }
        #expect(watcher.rings)
        try tree.write("a.jpg")
        #expect(eventually { rings.value >= 1 }, "no ring for a new file")
        // Unread events do not ring again (the bell would spin on a readable descriptor).
        try tree.write("b.jpg")
        #expect(!eventually(timeout: 0.3) { rings.value > 1 }, "rang \(rings.value) times for one batch")
        #expect(!watcher.read().isEmpty)
        // Once read, the next change rings.
        try tree.write("c.jpg")
        #expect(eventually { rings.value == 2 }, "\(rings.value) rings")
        #expect(watcher.read().contains { $0.name == "c.jpg" })
    }

    @Test func aSessionWhoseFoldersRingWantsNoLookUntilAFileSettles() throws {
        let tree = try TemporaryFolder()
        try tree.write("photos/a.jpg")
        try tree.write("frame.json", #"{ "version": 1, "items": [ { "folder": "photos" } ] }"#)
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, settle: 1, background: false) {
            PlaylistContent(document: $0)
        }
        session.start()
        _ = session.poll(now: MonotonicInstant(seconds: 0))
        // Folder events that cannot wake the loop are looked for a few times a second.
        #expect(session.nextLook == LookAround.seconds)
        let rings = Rings()
        #expect(session.ringOnChange { rings.ring() })
        _ = session.poll(now: MonotonicInstant(seconds: 1))
        #expect(session.nextLook == nil, "everything rings: the loop rests until its own deadlines")
        try tree.write("photos/b.jpg")
        #expect(eventually { rings.value >= 1 }, "no ring for a new photo")
        _ = session.poll(now: MonotonicInstant(seconds: 10))
        // A file settling cannot ring when it is done: looked at again.
        #expect(session.nextLook == LookAround.seconds)
        _ = session.poll(now: MonotonicInstant(seconds: 11))
        #expect(session.slides(for: "frame").count == 2)
        #expect(session.nextLook == nil)
    }
}
