import Foundation
import VitrineCore

/// What a listing refresh found.
enum ListingOutcome: Sendable {
    /// The whole listing, in order, with the validators of the listing document (for feeds).
    case listed([RemoteEntry], validators: Validators)
    /// The feed answered 304: the last listing still holds.
    case unchanged
    case failed(TransferFailure)
}

/// An ETag and a Last-Modified, to ask "has it changed?" the next time.
struct Validators: Sendable, Equatable {
    var etag: String?
    var lastModified: String?

    init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    init(_ headers: [String: String]) {
        etag = headers["etag"]
        lastModified = headers["last-modified"]
    }

    var conditionalHeaders: [String] {
        var lines: [String] = []
        if let etag { lines.append("If-None-Match: \(etag)") }
        if let lastModified { lines.append("If-Modified-Since: \(lastModified)") }
        return lines
    }
}

/// Fetches the listing of one source: its photos in order, or why not.
struct SourceLister: Sendable {
    var client = HTTPClient()
    var limits: ListingLimits
    var timeouts: NetworkTimeouts
    var isCancelled: @Sendable () -> Bool = { false }

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
            let (response, data) = client.data(request, observer: observer)
            if response.status == 304, response.failure == nil { return .unchanged }
            if let failure = response.failure { return .failed(failure) }
            do {
                let entries = try FeedParser.parse(data, base: s.url, limits: limits)
                return .listed(entries, validators: Validators(response.headers))
            } catch {
                return .failed(error)
            }
        case .webdav(let s):
            return listWebDAV(s, access: access)
        case .immich(let s):
            let lister = ImmichLister(
                client: client, limits: limits, timeouts: timeouts, access: access, observer: observer)
            switch lister.list(s) {
            case .success(let entries): return .listed(entries, validators: Validators())
            case .failure(let failure): return .failed(failure)
            }
        }
    }

    /// PROPFIND with depth 1, folder by folder (depth infinity is off on most servers), never
    /// leaving the root folder, and no more than `limits.maximumEntries` in all.
    private func listWebDAV(_ source: WebDAVSource, access: SourceAccess) -> ListingOutcome {
        let root = source.url.hasSuffix("/") ? source.url : source.url + "/"
        guard let rootURL = URL(string: root) else { return .failed(.badListing("the address is not a URL")) }
        let rootPath = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"
        var queue = [root]
        var visited: Set<String> = [rootPath]
        var entries: [RemoteEntry] = []
        var folders = 0
        while !queue.isEmpty {
            let folder = queue.removeFirst()
            folders += 1
            guard folders <= 10_000 else { return .failed(.tooManyEntries(limit: limits.maximumEntries)) }
            var request = access.request(folder, maximumBytes: limits.maximumBodyBytes, timeouts: timeouts)
            request.method = "PROPFIND"
            request.headers += ["Depth: 1", "Content-Type: application/xml; charset=utf-8"]
            request.body = WebDAVMultistatus.request
            let (response, data) = client.data(request, observer: observer)
            if let failure = response.failure { return .failed(failure) }
            guard response.status == 207 else { return .failed(.badListing("PROPFIND answered \(response.status)")) }
            let resources: [WebDAVResource]
            do {
                resources = try WebDAVMultistatus.parse(data, limit: limits.maximumEntries)
            } catch {
                return .failed(error)
            }
            var files: [(String, WebDAVResource)] = []
            for resource in resources {
                guard let url = absoluteHTTPURL(resource.href, base: folder), let parsed = URL(string: url) else {
                    continue
                }
                let path = parsed.path
                // Only what lies inside the root folder, whatever the server says.
                // Same server (the credentials go with every request), and inside the root folder.
                let sameServer =
                    parsed.scheme == rootURL.scheme && parsed.host == rootURL.host && parsed.port == rootURL.port
                let inside = sameServer && (path.hasSuffix("/") ? path : path + "/").hasPrefix(rootPath)
                guard inside, !path.split(separator: "/").contains("..") else { continue }
                if resource.isCollection {
                    let key = path.hasSuffix("/") ? path : path + "/"
                    if source.recursive, visited.insert(key).inserted {
                        queue.append(url.hasSuffix("/") ? url : url + "/")
                    }
                    continue
                }
                let name = parsed.lastPathComponent
                guard !name.hasPrefix("."), Self.isImage(name: name, type: resource.contentType) else { continue }
                files.append((url, resource))
            }
            for (url, resource) in files.sorted(by: { $0.0 < $1.0 }) {
                guard entries.count < limits.maximumEntries else {
                    return .failed(.tooManyEntries(limit: limits.maximumEntries))
                }
                entries.append(RemoteEntry(id: url, url: url, version: resource.etag))
            }
        }
        return .listed(entries, validators: Validators())
    }

    static func isImage(name: String, type: String?) -> Bool {
        if let type, type.lowercased().hasPrefix("image/") { return true }
        let ext = (name as NSString).pathExtension.lowercased()
        return ["jpg", "jpeg", "png", "gif", "webp", "bmp", "tif", "tiff", "heic", "heif", "avif"].contains(ext)
    }
}
