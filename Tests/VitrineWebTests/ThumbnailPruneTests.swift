import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineWeb

/// Thumbnails of photos removed outside the page do not pile up.
@Suite struct ThumbnailPruneTests {
    @Test func thumbnailsOfPhotosGoneFromTheFolderAreRemovedAndOthersKept() throws {
        let tree = try TemporaryFolder()
        let store = ThumbnailStore(folder: tree.at("thumbnails"))
        var made = 0
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            _ = store.thumbnail(name: name, version: "1") {
                made += 1
                return Data([0xFF, 0xD8, UInt8(made)])
            }
        }
        #expect(made == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.at("thumbnails")).count == 3)
        // b.jpg was removed from the folder by other means.
        #expect(store.prune(keeping: ["a.jpg", "c.jpg"]) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.at("thumbnails")).count == 2)
        // The kept ones are still served from the disk; the pruned one is made again when it returns.
        for name in ["a.jpg", "c.jpg", "b.jpg"] {
            _ = store.thumbnail(name: name, version: "1") {
                made += 1
                return Data([0xFF, 0xD8, UInt8(made)])
            }
        }
        #expect(made == 4)
        #expect(store.prune(keeping: ["a.jpg", "b.jpg", "c.jpg"]) == 0)
    }
}
