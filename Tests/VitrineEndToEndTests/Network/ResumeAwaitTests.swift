import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

@testable import VitrineNet

/// A show resuming at a network photo waits for it: the mirror finishes a photo on its own
/// thread, and until the show's next poll takes the file in, the photo is still on its way. A
/// show that asked in between gave up on it and started from the first slide.
@Suite(.serialized) struct ResumeAwaitTests: MirrorFixture {
    let folder = ServedFolder()

    @Test func aPhotoMirroredButNotYetTakenInIsStillAwaited() throws {
        let server = try ServerProcess.faults(root: www)
        for i in 1...2 { folder.write("www/p\(i).jpg", TestPictures.fakeJPEG(i)) }
        writeFeed(["p1.jpg", "p2.jpg"], server: server)
        let url = server.base + "/files/feed.json"
        let document = try #require(
            PlaylistDecoder.decode(
                #"{"version": 1, "items": [ {"feed": "\#(url)"} ]}"#, file: folder.sub("list.json"),
                probe: { _ in .missing }
            ).document)
        var content = PlaylistContent(document: document)
        let network = try #require(
            NetworkContent(sources: document.networkSources, configuration: configuration(), fetching: true))
        network.start()
        defer { network.stop() }
        let source = try #require(document.networkSources.first)

        #expect(eventually(timeout: 30) { network.mirror.snapshot(source).filter(\.isPlayable).count == 2 })
        let ids = network.mirror.snapshot(source).map(\.id)
        #expect(ids.count == 2)
        // Mirrored, not yet polled: the show has no file for them, and they are still awaited.
        for id in ids {
            #expect(network.path(of: id) == nil)
            #expect(network.isAwaited(id))
        }
        let unlisted = MirrorEntryID(source: source.key, remote: server.base + "/files/p9.jpg")
        #expect(!network.isAwaited(unlisted), "a photo the source does not list is not waited for")

        var update = SessionUpdate()
        network.poll(&content, now: .now(), &update)
        for id in ids {
            #expect(network.path(of: id) != nil)
            #expect(!network.isAwaited(id), "a photo the show plays is no longer on its way")
        }
    }
}
