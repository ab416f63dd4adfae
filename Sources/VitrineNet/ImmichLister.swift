import Foundation
import VitrineCore

/// Lists photos of an Immich server through its REST API (`x-api-key` header):
/// `GET /api/albums`, `GET /api/albums/{id}`, `GET /api/people`, `POST /api/search/metadata`,
/// and names each photo's `GET /api/assets/{id}/thumbnail?size=preview` (and `size=thumbnail`
/// as its preview), Immich's own renders rather than the originals.
struct ImmichLister {
    var client: HTTPClient
    var limits: ListingLimits
    var timeouts: NetworkTimeouts
    var access: SourceAccess
    var observer: TransferObserver?

    func list(_ source: ImmichSource) -> Result<[RemoteEntry], TransferFailure> {
        let api = Self.apiBase(source.server)
        do {
            let assets: [JSONNode]
            if let album = source.album {
                let id = try albumID(album, api: api)
                let info = try get("\(api)/albums/\(id)")
                assets = info["assets"]?.elements ?? []
            } else if source.favorites {
                assets = try search(api: api, filter: "\"isFavorite\":true")
            } else if let person = source.person {
                let id = try personID(person, api: api)
                assets = try search(api: api, filter: "\"personIds\":[\(JSONWriter.quoted(id))]")
            } else {
                throw TransferFailure.badListing("an Immich source needs an album, favorites or a person")
            }
            return .success(try entries(assets, api: api))
        } catch let failure as TransferFailure {
            return .failure(failure)
        } catch {
            return .failure(.other("\(error)"))
        }
    }

    /// `https://host/` or `https://host/api` → `https://host/api`.
    static func apiBase(_ server: String) -> String {
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        return base.hasSuffix("/api") ? base : base + "/api"
    }

    private func entries(_ assets: [JSONNode], api: String) throws -> [RemoteEntry] {
        guard assets.count <= limits.maximumEntries else {
            throw TransferFailure.tooManyEntries(limit: limits.maximumEntries)
        }
        var entries: [RemoteEntry] = []
        var seen: Set<String> = []
        for asset in assets {
            guard let id = asset["id"]?.string, Self.isSafeID(id), asset["type"]?.string ?? "IMAGE" == "IMAGE",
                seen.insert(id).inserted
            else { continue }
            let version = [asset["checksum"]?.string, asset["updatedAt"]?.string].compactMap { $0 }.joined(
                separator: " ")
            let caption = asset["exifInfo"]?["description"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            entries.append(
                RemoteEntry(
                    id: id, url: "\(api)/assets/\(id)/thumbnail?size=preview",
                    previewURL: "\(api)/assets/\(id)/thumbnail?size=thumbnail", caption: caption,
                    version: version.isEmpty ? nil : version))
        }
        return entries
    }

    /// Ids go into URL paths: letters, digits and dashes only (Immich's are UUIDs).
    static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    private static func looksLikeUUID(_ text: String) -> Bool {
        text.count == 36 && isSafeID(text) && text.filter { $0 == "-" }.count == 4
    }

    private func albumID(_ album: String, api: String) throws -> String {
        if Self.looksLikeUUID(album) { return album }
        let albums = try get("\(api)/albums").elements ?? []
        guard let found = albums.first(where: { $0["albumName"]?.string == album }), let id = found["id"]?.string,
            Self.isSafeID(id)
        else { throw TransferFailure.badListing("no album named \"\(album)\" on this Immich server") }
        return id
    }

    private func personID(_ person: String, api: String) throws -> String {
        if Self.looksLikeUUID(person) { return person }
        let people = try get("\(api)/people")["people"]?.elements ?? []
        guard let found = people.first(where: { $0["name"]?.string == person }), let id = found["id"]?.string,
            Self.isSafeID(id)
        else { throw TransferFailure.badListing("no person named \"\(person)\" on this Immich server") }
        return id
    }

    /// `POST /api/search/metadata`, page after page until `nextPage` is null.
    private func search(api: String, filter: String) throws -> [JSONNode] {
        var assets: [JSONNode] = []
        var page = 1
        while page <= 1000 {
            let body = "{\(filter),\"type\":\"IMAGE\",\"withExif\":true,\"page\":\(page),\"size\":1000}"
            let answer = try send("\(api)/search/metadata", method: "POST", body: body)
            let items = answer["assets"]?["items"]?.elements ?? []
            assets += items
            guard assets.count <= limits.maximumEntries else {
                throw TransferFailure.tooManyEntries(limit: limits.maximumEntries)
            }
            guard let next = answer["assets"]?["nextPage"]?.string, let number = Int(next), number > page else { break }
            page = number
        }
        return assets
    }

    private func get(_ url: String) throws -> JSONNode { try send(url, method: "GET", body: nil) }

    private func send(_ url: String, method: String, body: String?) throws -> JSONNode {
        var request = access.request(url, maximumBytes: limits.maximumBodyBytes, timeouts: timeouts)
        request.method = method
        if let body {
            request.body = Data(body.utf8)
            request.headers.append("Content-Type: application/json")
        }
        let (response, data) = client.data(request, observer: observer)
        if let failure = response.failure { throw failure }
        do {
            return try JSONParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw TransferFailure.badListing("Immich answered with JSON that could not be read: \(error.description)")
        }
    }
}
