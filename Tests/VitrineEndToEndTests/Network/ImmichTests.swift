import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// Bytes that start like a WebP (RIFF … WEBP), as Immich's thumbnails are, distinct per seed.
func fakeWebP(_ seed: Int, size: Int = 1_000) -> Data {
    Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)) + TestPictures.fakeJPEG(seed, size: size - 16)
}

/// Immich cannot run here (it needs PostgreSQL, Redis and machine learning containers), so these tests
/// use `immich_double.py`, a test double written from Immich's OpenAPI specification (v2.4.1, and what
/// changed since 1.94): UUID ids and 400 for others, owned and shared albums, paged people (hidden ones
/// only when asked) and person search, paged metadata search by album, WebP thumbnails, edited renders.
@Suite(.serialized) struct ImmichDoubleTests {
    let folder = ServedFolder()
    let root: String
    let keyFile: String
    static let ids = (1...5).map { "00000000-0000-4000-8000-00000000000\($0)" }
    static let summer = "a1000000-0000-4000-8000-000000000001"
    static let shared = "a2000000-0000-4000-8000-000000000002"
    static let big = "a3000000-0000-4000-8000-000000000003"
    static let hidden = "b0000000-0000-4000-8000-000000000001"
    /// The id the double gives its 600th generated person (hex 258).
    static let person600 = "00000258-1111-4000-8000-000000000000"

    init() throws {
        root = folder.sub("immich")
        for i in 1...5 {
            folder.write("immich/\(i)-preview.jpg", TestPictures.fakeJPEG(i, size: 9_000))
            folder.write("immich/\(i)-thumb.webp", fakeWebP(100 + i))
        }
        folder.write("immich/5-edited.jpg", TestPictures.fakeJPEG(55, size: 7_000))
        keyFile = folder.write("key", Data("key-123\n".utf8))
        try writeConfig()
    }

    /// The server's data: five assets (one a video, one edited), an owned album, an album another user
    /// shared with the key's user, 700 people plus a hidden one, and optionally a 40,000-photo album.
    func writeConfig(version: [Int] = [2, 5, 0], bigAlbum: Int = 0) throws {
        let assets = (1...5).map { i in
            """
            {"id": "\(Self.ids[i - 1])", "preview": "\(i)-preview.jpg", "thumbnail": "\(i)-thumb.webp",
             "isFavorite": \(i % 2 == 0), "people": \(i == 3 ? "[\"\(Self.hidden)\"]" : i == 1 ? "[\"\(Self.person600)\"]" : "[]"),
             "description": "Photo \(i)", "type": "\(i == 4 ? "VIDEO" : "IMAGE")"
             \(i == 5 ? ", \"edited\": \"5-edited.jpg\"" : "")}
            """
        }
        let config = """
            {"apiKey": "key-123", "version": \(version), "bulkPeople": 700,
             "people": [{"id": "\(Self.hidden)", "name": "Ann", "isHidden": true}],
             "albums": [{"id": "\(Self.summer)", "albumName": "Summer", "assets": ["\(Self.ids[0])", "\(Self.ids[1])",
                         "\(Self.ids[3])"]},
                        {"id": "\(Self.shared)", "albumName": "Family", "owned": false, "shared": true,
                         "assets": ["\(Self.ids[2])", "\(Self.ids[4])"]},
                        {"id": "\(Self.big)", "albumName": "Everything", "assets": []}],
             "bulkAssets": [\(bigAlbum > 0 ? "{\"album\": \"\(Self.big)\", \"count\": \(bigAlbum), \"preview\": \"1-preview.jpg\", \"thumbnail\": \"1-thumb.webp\"}" : "")],
             "assets": [\(assets.joined(separator: ","))]}
            """
        folder.write("immich.json", Data(config.utf8))
    }

    func start(_ extra: [String] = []) throws -> ServerProcess {
        try ServerProcess(
            [python3, serversFolder + "/immich_double.py", "--config", folder.path + "/immich.json", "--root", root]
                + extra)
    }

    func source(
        _ server: ServerProcess, album: String? = nil, favorites: Bool = false, person: String? = nil,
        key: String? = nil
    ) -> NetworkSource {
        .immich(
            ImmichSource(
                server: server.base, apiKeyFile: key ?? keyFile, album: album, favorites: favorites, person: person))
    }

    func listed(_ source: NetworkSource, limits: ListingLimits = ListingLimits()) -> Result<
        [RemoteEntry], TransferFailure
    > {
        guard case .immich(let s) = source, let access = try? SourceAccess.read(for: source) else {
            return .failure(.other("not an Immich source"))
        }
        return ImmichLister(
            client: HTTPClient(), limits: limits, timeouts: NetworkTimeouts(connect: 5), access: access,
            observer: nil
        ).list(s)
    }

    @Test func albumsByNameOwnedAndSharedFavoritesAndPeopleAreListed() throws {
        let server = try start()
        #expect(NetworkCheck.check(source(server, album: "Summer")).hasSuffix("reachable, 2 photos listed"))
        #expect(NetworkCheck.check(source(server, album: Self.summer)).hasSuffix("reachable, 2 photos listed"))
        // Shared with the key's user by another: not in GET /api/albums, found with ?shared=true.
        #expect(NetworkCheck.check(source(server, album: "Family")).hasSuffix("reachable, 2 photos listed"))
        #expect(NetworkCheck.check(source(server, favorites: true)).hasSuffix("reachable, 1 photo listed"))
        #expect(NetworkCheck.check(source(server, album: "Winter")).contains("no album named \"Winter\""))
        let wrongKey = folder.write("wrong", Data("nope".utf8))
        let line = NetworkCheck.check(source(server, album: "Summer", key: wrongKey))
        #expect(line.contains("401 Unauthorized"))
        #expect(!line.contains("nope"))
        #expect(
            NetworkCheck.check(source(server, album: "Summer", key: folder.path + "/missing")).contains("cannot read"))
        // Immich refuses an id that is not a UUID with 400, as the double does.
        #expect(fetchStatus(server.base + "/api/albums/al1", key: "key-123") == 400)
        #expect(fetchStatus(server.base + "/api/assets/as1/thumbnail?size=preview", key: "key-123") == 400)
    }

    @Test func peopleAreFoundAmongHundredsAndHidden() throws {
        let server = try start()
        // "Person 600" is past the first page of 500 people; "Ann" is hidden.
        let person600 = try listed(source(server, person: "Person 600")).get()
        #expect(person600.map(\.id) == [Self.ids[0]])
        let ann = try listed(source(server, person: "Ann")).get()
        #expect(ann.map(\.id) == [Self.ids[2]])
        #expect(NetworkCheck.check(source(server, person: "Nobody")).contains("no person named \"Nobody\""))
        let seen = fetchText(server.base + "/control/requests")
        #expect(seen.contains("/api/search/person?name=Person%20600&withHidden=true"))
    }

    @Test func editedRendersAreAskedOfAServerThatHasThem() throws {
        let server = try start()
        // 2.5 has Immich's editor: every render is asked for edited, the server sends the original's
        // render where there is no edit.
        let family = try listed(source(server, album: "Family")).get()
        #expect(family.count == 2)
        #expect(family.allSatisfy { $0.url.hasSuffix("size=preview&edited=true") })
        #expect(family.allSatisfy { $0.previewURL?.hasSuffix("size=thumbnail&edited=true") == true })
        // An older server has no edits: the plain render is asked for.
        try writeConfig(version: [2, 4, 1])
        let older = try listed(source(server, album: "Family")).get()
        #expect(older.allSatisfy { $0.url.hasSuffix("size=preview") })

        try writeConfig()
        let album = source(server, album: "Family")
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [album])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { mirror.snapshot(album).filter(\.isPlayable).count == 2 })
        func shown(_ id: String) -> Data? {
            mirror.snapshot(album).first { $0.id.remote == id }?.localPath.flatMap {
                FileManager.default.contents(atPath: $0)
            }
        }
        #expect(shown(Self.ids[4]) == TestPictures.fakeJPEG(55, size: 7_000), "the edit")
        #expect(shown(Self.ids[2]) == TestPictures.fakeJPEG(3, size: 9_000), "no edit: the original's render")
    }

    @Test func aFortyThousandPhotoAlbumIsListedPageByPage() throws {
        try writeConfig(bigAlbum: 40_000)
        let server = try start()
        let entries = try listed(source(server, album: "Everything"), limits: ListingLimits(maximumEntries: 100_000))
            .get()
        #expect(entries.count == 40_000)
        #expect(Set(entries.map(\.id)).count == 40_000)
        let seen = fetchText(server.base + "/control/requests")
        #expect(seen.components(separatedBy: "\"path\": \"/api/search/metadata\"").count - 1 == 40)
        #expect(!seen.contains("/api/albums/\(Self.big)"), "no single answer holding the whole album")
        // The count limit still holds.
        let limited = listed(source(server, album: "Everything"), limits: ListingLimits(maximumEntries: 30_000))
        #expect(limited == .failure(.tooManyEntries(limit: 30_000)))
    }

    @Test func aServerOlderThanTheAlbumSearchIsAskedForTheAlbum() throws {
        try writeConfig(version: [1, 120, 0])
        let server = try start()
        #expect(NetworkCheck.check(source(server, album: "Summer")).hasSuffix("reachable, 2 photos listed"))
        let seen = fetchText(server.base + "/control/requests")
        #expect(seen.contains("/api/albums/\(Self.summer)"))
        #expect(!seen.contains("/api/search/metadata"))
    }

    @Test func anAlbumIsMirroredFromPreviewRendersWithThumbnailsFirst() throws {
        let server = try start()
        let album = source(server, album: "Summer")
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [album])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { mirror.snapshot(album).filter(\.isPlayable).count == 2 })
        let entries = mirror.snapshot(album)
        #expect(entries.map(\.caption) == ["Photo 1", "Photo 2"])
        let first = try #require(entries.first)
        #expect(
            first.localPath.flatMap { FileManager.default.contents(atPath: $0) }
                == TestPictures.fakeJPEG(1, size: 9_000))
        #expect(first.previewPath.flatMap { FileManager.default.contents(atPath: $0) } == fakeWebP(101))
    }

    /// A favourite set on the screen is written back: `PUT /api/assets/{id}` with
    /// `{"isFavorite": true}` and the source's key, to the Immich server only; the double records it
    /// and lists the asset among the favourites from then on.
    @Test func aFavouriteIsWrittenBackToImmich() throws {
        let server = try start()
        let album = source(server, album: "Summer")
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [album])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { mirror.snapshot(album).filter(\.isPlayable).count == 2 })
        let first = try #require(mirror.snapshot(album).first)
        #expect(first.id.remote == Self.ids[0])
        #expect(NetworkCheck.check(source(server, favorites: true)).hasSuffix("reachable, 1 photo listed"))
        mirror.writeFavourite(first.id, true)
        var put: JSONNode?
        #expect(
            eventually(timeout: 10) {
                put = requests(server).first { $0["method"]?.string == "PUT" }
                return put != nil
            })
        #expect(put?["path"]?.string == "/api/assets/\(Self.ids[0])")
        let body = try JSONParser.parse(put?["body"]?.string ?? "")
        #expect(body["isFavorite"]?.bool == true)
        #expect(put?["headers"]?["x-api-key"]?.string == "key-123")
        #expect(put?["headers"]?["content-type"]?.string == "application/json")
        // Immich now counts it among the favourites (photo 2 was one already).
        #expect(NetworkCheck.check(source(server, favorites: true)).hasSuffix("reachable, 2 photos listed"))
        mirror.writeFavourite(first.id, false)
        #expect(
            eventually(timeout: 10) {
                requests(server).filter { $0["method"]?.string == "PUT" }.count == 2
            })
        #expect(NetworkCheck.check(source(server, favorites: true)).hasSuffix("reachable, 1 photo listed"))
    }

    /// What the double saw (`GET /control/requests`).
    func requests(_ server: ServerProcess) -> [JSONNode] {
        let request = HTTPRequest(
            url: server.base + "/control/requests", maximumBytes: 10_000_000, timeouts: NetworkTimeouts(connect: 5))
        let (response, data) = HTTPClient().data(request)
        guard response.succeeded, let node = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else {
            return []
        }
        return node.elements ?? []
    }
}

/// The status of a GET with an API key (a control call to a test server).
func fetchStatus(_ url: String, key: String) -> Int {
    var request = HTTPRequest(url: url, maximumBytes: 1_000_000, timeouts: NetworkTimeouts(connect: 5))
    request.secretHeaders = ["x-api-key: \(key)"]
    return HTTPClient().data(request).0.status
}
