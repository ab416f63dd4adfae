import Foundation
import VitrineCore

/// Lists photos of an Immich server through its REST API (`x-api-key` header), as its OpenAPI
/// specification describes it (written against v2.4; the calls below exist from 1.94 on):
/// - an album by name among the key's own albums (`GET /api/albums`) and those shared with it
///   (`GET /api/albums?shared=true`); its photos page by page (`POST /api/search/metadata` with
///   `albumIds`, from 1.131 on, as `GET /api/server/version` says), or in one answer
///   (`GET /api/albums/{id}`) from an older server;
/// - a person by name through `GET /api/search/person?withHidden=true` (hidden people included), or
///   every page of `GET /api/people?withHidden=true` when that finds no one of that exact name;
/// - favorites and a person's photos page by page (`POST /api/search/metadata`);
/// - the photos of the "on this day" memories shown on the frame's day: `GET /api/memories` with
///   `for` (the frame's time, ISO 8601) and `type=on_this_day`, a list of `MemoryResponseDto`, each
///   with its year (`data.year`) and its assets; each photo keeps its `localDateTime` as its taken
///   date (for `{years-ago}`, and so a listing of another day never plays). The older
///   `GET /api/assets/memory-lane` is not used.
/// Each photo is Immich's own render: `GET /api/assets/{id}/thumbnail?size=preview` (and
/// `size=thumbnail` as its preview), with `edited=true` from 2.5 on (Immich's editor: the edited
/// render where there is one, the original's otherwise), so a crop or rotation made in Immich shows.
struct ImmichLister {
    var client: HTTPClient
    var limits: ListingLimits
    var timeouts: NetworkTimeouts
    var access: SourceAccess
    var observer: TransferObserver?

    /// Photos asked for per page of a search.
    static let pageSize = 1000
    /// The first version whose metadata search takes `albumIds`.
    static let albumSearchVersion = ServerVersion(major: 1, minor: 131)
    /// The first version with edited renders (`edited=true`).
    static let editedVersion = ServerVersion(major: 2, minor: 5)

    func list(_ source: ImmichSource, now: Date = Date(), zone: TimeZone = .current) -> Result<
        [RemoteEntry], TransferFailure
    > {
        let api = Self.apiBase(source.server)
        do {
            // An older server, or one that does not say, is asked only what 1.94 knew.
            let version = try? ServerVersion(get("\(api)/server/version"))
            var gathered = Gathered(
                limit: limits.maximumEntries, edited: version.map { $0 >= Self.editedVersion } ?? false)
            if let album = source.album {
                let id = try albumID(album, api: api)
                if let version, version >= Self.albumSearchVersion {
                    try search(api: api, filter: ("albumIds", .array([.string(id)])), into: &gathered)
                } else {
                    let info = try get("\(api)/albums/\(id)")
                    try gathered.add(info["assets"]?.elements ?? [], api: api)
                }
            } else if source.favorites {
                try search(api: api, filter: ("isFavorite", .bool(true)), into: &gathered)
            } else if let person = source.person {
                let id = try personID(person, api: api)
                try search(api: api, filter: ("personIds", .array([.string(id)])), into: &gathered)
            } else if source.memories {
                try memories(api: api, now: now, zone: zone, into: &gathered)
            } else {
                throw TransferFailure.badListing("an Immich source needs an album, favorites, a person or memories")
            }
            return .success(gathered.entries)
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

    /// Ids go into URL paths: letters, digits and dashes only (Immich's are UUIDs).
    static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    private static func looksLikeUUID(_ text: String) -> Bool {
        text.count == 36 && isSafeID(text) && text.filter { $0 == "-" }.count == 4
    }

    private func albumID(_ album: String, api: String) throws -> String {
        if Self.looksLikeUUID(album) { return album }
        // Owned albums first, then those shared with the key's user (Immich lists them apart).
        for query in ["", "?shared=true"] {
            let albums = try get("\(api)/albums\(query)").elements ?? []
            if let found = albums.first(where: { $0["albumName"]?.string == album }), let id = found["id"]?.string,
                Self.isSafeID(id)
            {
                return id
            }
        }
        throw TransferFailure.badListing("no album named \"\(album)\" on this Immich server (own or shared)")
    }

    private func personID(_ person: String, api: String) throws -> String {
        if Self.looksLikeUUID(person) { return person }
        let query = person.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        if let found = try? get("\(api)/search/person?name=\(query)&withHidden=true").elements,
            let id = Self.named(person, in: found)
        {
            return id
        }
        // Every page of people, hidden ones too (an older server answers all of them at once).
        var page = 1
        while page <= 1000 {
            let answer = try get("\(api)/people?withHidden=true&page=\(page)&size=500")
            if let id = Self.named(person, in: answer["people"]?.elements ?? []) { return id }
            guard answer["hasNextPage"]?.bool == true else { break }
            page += 1
        }
        throw TransferFailure.badListing("no person named \"\(person)\" on this Immich server")
    }

    private static func named(_ name: String, in people: [JSONNode]) -> String? {
        let found =
            people.first { $0["name"]?.string == name }
            ?? people.first { $0["name"]?.string?.lowercased() == name.lowercased() }
        guard let id = found?["id"]?.string, isSafeID(id) else { return nil }
        return id
    }

    /// `POST /api/search/metadata`, page after page until `nextPage` is null; each page is turned into
    /// entries as it comes, so only the count limit bounds an album.
    private func search(api: String, filter: (String, JSONOutput), into gathered: inout Gathered) throws {
        var page = 1
        while page <= 100_000 {
            let body = JSONOutput.object([
                filter, ("type", .string("IMAGE")), ("withExif", .bool(true)), ("page", .integer(page)),
                ("size", .integer(Self.pageSize)),
            ]).rendered
            let answer = try send("\(api)/search/metadata", method: "POST", body: body)
            try gathered.add(answer["assets"]?["items"]?.elements ?? [], api: api)
            guard let next = answer["assets"]?["nextPage"]?.string, let number = Int(next), number > page else { break }
            page = number
        }
    }

    /// `GET /api/memories?for=…&type=on_this_day` (`for` the frame's time in its zone, as
    /// `2026-03-10T00:30:00+01:00`): the assets of each memory, oldest year first. An asset without a
    /// `localDateTime` is dated by its memory's year on the day asked for.
    private func memories(api: String, now: Date, zone: TimeZone, into gathered: inout Gathered) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = zone
        let when = formatter.string(from: now)
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-:")
        let query = when.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let answer = try get("\(api)/memories?for=\(query)&type=on_this_day")
        guard let list = answer.elements else {
            throw TransferFailure.badListing("Immich answered its memories with something other than a list")
        }
        let day = String(when.prefix(10))
        var dated: [(year: Int?, assets: [JSONNode])] = []
        for memory in list where (memory["type"]?.string ?? "on_this_day") == "on_this_day" {
            dated.append((Self.year(of: memory), memory["assets"]?.elements ?? []))
        }
        dated.sort { ($0.year ?? 0) < ($1.year ?? 0) }
        for memory in dated {
            let fallback = memory.year.map { String(format: "%04d", $0) + day.dropFirst(4) }
            try gathered.add(memory.assets, api: api, taken: fallback)
        }
    }

    /// A memory's `data.year`, when it is a whole number of a plausible size. (Read in a function of
    /// its own: the release optimiser of Swift 6.3.1 failed on the same reading inside a closure.)
    private static func year(of memory: JSONNode) -> Int? {
        guard let data = memory["data"], let value = data["year"], let number = value.number,
            number.rounded() == number, abs(number) < 100_000
        else { return nil }
        return Int(number)
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

/// The entries of a listing as its pages come: assets that are images with safe ids, each once.
private struct Gathered {
    let limit: Int
    /// Whether to ask for edited renders (the server has them).
    let edited: Bool
    var entries: [RemoteEntry] = []
    var seen: Set<String> = []

    init(limit: Int, edited: Bool) {
        self.limit = limit
        self.edited = edited
    }

    mutating func add(_ assets: [JSONNode], api: String, taken: String? = nil) throws {
        for asset in assets {
            guard let id = asset["id"]?.string, ImmichLister.isSafeID(id), asset["type"]?.string ?? "IMAGE" == "IMAGE",
                seen.insert(id).inserted
            else { continue }
            guard entries.count < limit else { throw TransferFailure.tooManyEntries(limit: limit) }
            var version = [asset["checksum"]?.string, asset["updatedAt"]?.string].compactMap { $0 }
            if asset["isEdited"]?.bool == true { version.append("edited") }
            let caption = asset["exifInfo"]?["description"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            let rendition = edited ? "&edited=true" : ""
            entries.append(
                RemoteEntry(
                    id: id, url: "\(api)/assets/\(id)/thumbnail?size=preview\(rendition)",
                    previewURL: "\(api)/assets/\(id)/thumbnail?size=thumbnail\(rendition)", caption: caption,
                    version: version.isEmpty ? nil : version.joined(separator: " "),
                    taken: taken == nil ? nil : asset["localDateTime"]?.string ?? taken))
        }
    }
}

/// `GET /api/server/version`: major and minor, compared in that order.
struct ServerVersion: Comparable {
    var major: Int
    var minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    init?(_ node: JSONNode) {
        guard let major = node["major"]?.number, let minor = node["minor"]?.number else { return nil }
        self.init(major: Int(major), minor: Int(minor))
    }

    static func < (a: ServerVersion, b: ServerVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}
