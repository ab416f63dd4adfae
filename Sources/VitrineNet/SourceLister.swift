import Foundation
import VitrineCore

extension HTTPResponse {
    /// The wait a 429 or 503 answer asks for in its `Retry-After`, if it gives one.
    var retryAfter: Seconds? {
        guard status == 429 || status == 503 else { return nil }
        return retryAfterSeconds(headers["retry-after"])
    }
}

/// Fetches the listing of one source: its photos in order, or why not.
struct SourceLister: Sendable {
    var client = HTTPClient()
    var limits: ListingLimits
    var timeouts: NetworkTimeouts
    var isCancelled: @Sendable () -> Bool = { false }
    /// The frame's wall clock: an Immich memories source lists the memories of its day.
    var wallClock: @Sendable () -> Date = { Date() }
    var timeZone: TimeZone = .current

    private var observer: TransferObserver {
        let isCancelled = isCancelled
        return { _, _ in !isCancelled() }
    }

    func list(_ source: NetworkSource, access: SourceAccess, previous: Validators?) -> ListingOutcome {
        switch source {
        case .url(let s):
            return .listed([RemoteEntry(id: s.url, url: s.url)], validators: Validators())
        case .feed(let s):
            var request = access.request(s.url, maximumBytes: limits.maximumBodyBytes, timeouts: timeouts)
            request.headers += previous?.conditionalHeaders ?? []
            request.decodesContent = true
            let (response, data) = client.data(request, observer: observer)
            if response.status == 304, response.failure == nil { return .unchanged }
            if let failure = response.failure { return .failed(failure, retryAfter: response.retryAfter) }
            do {
                let entries = try FeedParser.parse(
                    data, base: s.url, limits: limits, contentType: response.headers["content-type"])
                return .listed(entries, validators: Validators(response.headers))
            } catch {
                return .failed(error)
            }
        case .webdav(let s):
            return listWebDAV(s, access: access)
        case .immich(let s):
            let lister = ImmichLister(
                client: client, limits: limits, timeouts: timeouts, access: access, observer: observer)
            switch lister.list(s, now: wallClock(), zone: timeZone) {
            case .success(let entries): return .listed(entries, validators: Validators())
            case .failure(let failure): return .failed(failure)
            }
        }
    }

    /// PROPFIND with depth 1, folder by folder (depth infinity is off on most servers), never
    /// leaving the root folder, and no more than `limits.maximumEntries` in all; the photos in the
    /// show's name order of their paths below the root (`NaturalOrder`), as a local folder plays.
    /// An href is read for its path only and fetched from the source's own server: one that names
    /// the server another way (an alias, another case, its default port written out) still lists,
    /// and credentials never go elsewhere.
    private func listWebDAV(_ source: WebDAVSource, access: SourceAccess) -> ListingOutcome {
        let root = source.url.hasSuffix("/") ? source.url : source.url + "/"
        guard let rootComponents = URLComponents(string: root), URL(string: root) != nil else {
            return .failed(.badListing("the address is not a URL"))
        }
        let rootPath = Self.decodedPath(rootComponents.percentEncodedPath, folder: true)
        var queue = [root]
        var visited: Set<String> = [rootPath]
        var files: [(relative: String, entry: RemoteEntry)] = []
        var folders = 0
        while !queue.isEmpty {
            let folder = queue.removeFirst()
            folders += 1
            guard folders <= 10_000 else { return .failed(.tooManyEntries(limit: limits.maximumEntries)) }
            var request = access.request(folder, maximumBytes: limits.maximumBodyBytes, timeouts: timeouts)
            request.method = "PROPFIND"
            request.decodesContent = true
            request.headers += ["Depth: 1", "Content-Type: application/xml; charset=utf-8"]
            request.body = WebDAVMultistatus.request
            let (response, data) = client.data(request, observer: observer)
            if let failure = response.failure { return .failed(failure, retryAfter: response.retryAfter) }
            guard response.status == 207 else { return .failed(.badListing("PROPFIND answered \(response.status)")) }
            if let type = response.headers["content-type"], FeedParser.isHTML(type) {
                return .failed(
                    .badListing("the server answered PROPFIND with an HTML page (Content-Type \(type))"))
            }
            let resources: [WebDAVResource]
            do {
                resources = try WebDAVMultistatus.parse(data, limit: limits.maximumEntries, base: folder)
            } catch {
                return .failed(error)
            }
            for resource in resources {
                guard let encoded = Self.encodedPath(of: resource.href, base: folder) else { continue }
                let path = Self.decodedPath(encoded, folder: false)
                let key = path.hasSuffix("/") ? path : path + "/"
                // Only what lies inside the root folder, whatever the server says.
                guard key.hasPrefix(rootPath), !path.split(separator: "/").contains("..") else { continue }
                var components = rootComponents
                components.percentEncodedPath = encoded
                components.query = nil
                components.fragment = nil
                guard let url = components.string else { continue }
                if resource.isCollection || path.hasSuffix("/") {
                    if source.recursive, visited.insert(key).inserted {
                        queue.append(url.hasSuffix("/") ? url : url + "/")
                    }
                    continue
                }
                let name = (path as NSString).lastPathComponent
                guard !name.hasPrefix("."), Self.isImage(name: name, type: resource.contentType) else { continue }
                guard files.count < limits.maximumEntries else {
                    return .failed(.tooManyEntries(limit: limits.maximumEntries))
                }
                files.append(
                    (String(path.dropFirst(rootPath.count)), RemoteEntry(id: url, url: url, version: resource.etag)))
            }
        }
        files.sort { NaturalOrder.pathPrecedes($0.relative, $1.relative) }
        return .listed(files.map(\.entry), validators: Validators())
    }

    /// The percent-encoded path of an href (relative or absolute, on any host), or nil when it is
    /// not http(s). Names a server sent without encoding (spaces, accents) are encoded here.
    static func encodedPath(of href: String, base: String) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        var components = URLComponents(string: trimmed)
        if components == nil {
            let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? trimmed
            components = URLComponents(string: escaped)
        }
        guard let components else { return nil }
        if let scheme = components.scheme?.lowercased(), scheme != "http", scheme != "https" { return nil }
        let path = components.percentEncodedPath
        if path.hasPrefix("/") { return path }
        guard let baseURL = URL(string: base), let resolved = URL(string: path, relativeTo: baseURL)?.absoluteURL,
            let resolvedComponents = URLComponents(url: resolved, resolvingAgainstBaseURL: false)
        else { return nil }
        return resolvedComponents.percentEncodedPath
    }

    /// A percent-encoded path decoded; a folder's ends with `/`.
    static func decodedPath(_ encoded: String, folder: Bool) -> String {
        let decoded = encoded.removingPercentEncoding ?? encoded
        return folder && !decoded.hasSuffix("/") ? decoded + "/" : decoded
    }

    static func isImage(name: String, type: String?) -> Bool {
        if let type, type.lowercased().hasPrefix("image/") { return true }
        let ext = (name as NSString).pathExtension.lowercased()
        return ["jpg", "jpeg", "png", "gif", "webp", "bmp", "tif", "tiff", "heic", "heif", "hif", "avif", "jxl"]
            .contains(ext)
    }
}
