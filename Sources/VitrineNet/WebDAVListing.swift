import Foundation

/// One `<response>` of a PROPFIND multistatus: a file or a folder.
struct WebDAVResource: Equatable, Sendable {
    var href: String
    var isCollection: Bool
    var contentType: String?
    var etag: String?
    var length: Int64?
}

/// Reads a WebDAV multistatus answer (RFC 4918) with `XMLReader`: the root must be `DAV:`
/// `multistatus` and the document complete and well-formed. Counting stops the read as soon as
/// `limit` is passed.
enum WebDAVMultistatus {
    static let dav = "DAV:"

    static func parse(_ data: Data, limit: Int, base: String = "") throws(TransferFailure) -> [WebDAVResource] {
        let collector = MultistatusCollector(limit: limit)
        let reader = XMLReader(roots: [("multistatus", dav)], what: "a WebDAV multistatus answer")
        try reader.read(data, base: base) { collector.take($0) }
        if collector.overLimit { throw .tooManyEntries(limit: limit) }
        return collector.resources
    }

    /// The PROPFIND body asking for what the mirror uses.
    static let request = Data(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontenttype/><d:getetag/>\
        <d:getcontentlength/><d:getlastmodified/></d:prop></d:propfind>
        """.utf8)
}

private final class MultistatusCollector {
    let limit: Int
    private(set) var resources: [WebDAVResource] = []
    private(set) var overLimit = false
    private var current: WebDAVResource?
    private var okStatus = true
    private var pending = WebDAVResource(href: "", isCollection: false)
    private var text = ""

    init(limit: Int) { self.limit = limit }

    func take(_ event: XMLEvent) -> XMLReader.Step {
        switch event {
        case .start(let element):
            text = ""
            guard element.namespace == WebDAVMultistatus.dav else { return .goOn }
            switch element.name {
            case "response": current = WebDAVResource(href: "", isCollection: false)
            case "propstat":
                okStatus = true
                pending = WebDAVResource(href: "", isCollection: false)
            case "collection": pending.isCollection = true
            default: break
            }
        case .text(let value):
            if text.utf8.count < 8192 { text += value }
        case .end(let name, let namespace):
            defer { text = "" }
            guard namespace == WebDAVMultistatus.dav else { return .goOn }
            return end(name)
        }
        return .goOn
    }

    private func end(_ name: String) -> XMLReader.Step {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "href": current?.href = value
        case "getcontenttype": pending.contentType = value
        case "getetag": pending.etag = value
        case "getcontentlength": pending.length = Int64(value)
        case "status": okStatus = value.contains(" 200 ")
        case "propstat":
            guard okStatus, var resource = current else { break }
            resource.isCollection = resource.isCollection || pending.isCollection
            resource.contentType = pending.contentType ?? resource.contentType
            resource.etag = pending.etag ?? resource.etag
            resource.length = pending.length ?? resource.length
            current = resource
        case "response":
            guard let resource = current, !resource.href.isEmpty else { break }
            guard resources.count < limit else {
                overLimit = true
                return .stop
            }
            resources.append(resource)
            current = nil
        default: break
        }
        return .goOn
    }
}
