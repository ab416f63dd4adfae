import Foundation
import Testing
import VitrineCore

@testable import VitrineNet

/// Immich cannot run here (it needs PostgreSQL, Redis and machine learning containers), so these tests
/// use `immich_double.py`, a test double that answers the calls Vitrine makes as Immich's published
/// API describes them (albums, album assets, people, metadata search, thumbnails with x-api-key).
@Suite(.serialized) struct ImmichDoubleTests {
    let folder = TemporaryFolder()
    let server: ServerProcess
    let keyFile: String

    init() throws {
        let root = folder.sub("immich")
        for i in 1...4 {
            folder.write("immich/\(i)-preview.jpg", fakeJPEG(i, size: 9_000))
            folder.write("immich/\(i)-thumb.jpg", fakeJPEG(100 + i, size: 1_000))
        }
        let ids = (1...4).map { "00000000-0000-4000-8000-00000000000\($0)" }
        let assets = (1...4).map { i in
            """
            {"id": "\(ids[i - 1])", "preview": "\(i)-preview.jpg", "thumbnail": "\(i)-thumb.jpg",
             "isFavorite": \(i % 2 == 0), "people": \(i == 3 ? "[\"p-ann\"]" : "[]"), "description": "Photo \(i)",
             "type": "\(i == 4 ? "VIDEO" : "IMAGE")"}
            """
        }
        let config = """
            {"apiKey": "key-123", "people": [{"id": "p-ann", "name": "Ann"}],
             "albums": [{"id": "a1000000-0000-4000-8000-000000000001", "albumName": "Summer",
                         "assets": ["\(ids[0])", "\(ids[1])", "\(ids[3])"]}],
             "assets": [\(assets.joined(separator: ","))]}
            """
        let configFile = folder.write("immich.json", Data(config.utf8))
        keyFile = folder.write("key", Data("key-123\n".utf8))
        server = try ServerProcess([
            python3, serversFolder + "/immich_double.py", "--config", configFile, "--root", root,
        ])
    }

    func source(album: String? = nil, favorites: Bool = false, person: String? = nil, key: String? = nil)
        -> NetworkSource
    {
        .immich(
            ImmichSource(
                server: server.base, apiKeyFile: key ?? keyFile, album: album, favorites: favorites, person: person))
    }

    @Test func albumsByNameFavoritesAndPeopleAreListed() {
        #expect(NetworkCheck.check(source(album: "Summer")).hasSuffix("reachable, 2 photos listed"))
        #expect(
            NetworkCheck.check(source(album: "a1000000-0000-4000-8000-000000000001"))
                .hasSuffix("reachable, 2 photos listed"))
        #expect(NetworkCheck.check(source(favorites: true)).hasSuffix("reachable, 1 photo listed"))
        #expect(NetworkCheck.check(source(person: "Ann")).hasSuffix("reachable, 1 photo listed"))
        #expect(NetworkCheck.check(source(album: "Winter")).contains("no album named \"Winter\""))
        let wrongKey = folder.write("wrong", Data("nope".utf8))
        let line = NetworkCheck.check(source(album: "Summer", key: wrongKey))
        #expect(line.contains("401 Unauthorized"))
        #expect(!line.contains("nope"))
        #expect(NetworkCheck.check(source(album: "Summer", key: folder.path + "/missing")).contains("cannot read"))
    }

    @Test func anAlbumIsMirroredFromPreviewRendersWithThumbnailsFirst() throws {
        let album = source(album: "Summer")
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [album])
        mirror.start()
        defer { mirror.stop() }
        #expect(waitUntil { mirror.snapshot(album).filter(\.isPlayable).count == 2 })
        let entries = mirror.snapshot(album)
        #expect(entries.map(\.caption) == ["Photo 1", "Photo 2"])
        let first = try #require(entries.first)
        #expect(first.localPath.flatMap { FileManager.default.contents(atPath: $0) } == fakeJPEG(1, size: 9_000))
        #expect(first.previewPath.flatMap { FileManager.default.contents(atPath: $0) } == fakeJPEG(101, size: 1_000))
    }
}
