import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One `<response>` of a PROPFIND multistatus: a file or a folder.
struct WebDAVResource: Equatable, Sendable {
    var href: String
    var isCollection: Bool
    var contentType: String?
    var etag: String?
    var length: Int64?
}

/// Reads a WebDAV multistatus answer (RFC 4918), namespace prefixes ignored.
/// Counting stops the parse as soon as `limit` is passed.
enum WebDAVMultistatus {
    static func parse(_ data: Data, limit: Int) throws(TransferFailure) -> [WebDAVResource] {
        let reader = MultistatusReader(limit: limit)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        let finished = parser.parse()
        if reader.overLimit { throw .tooManyEntries(limit: limit) }
        guard finished else {
            throw .badListing("the WebDAV answer is not well-formed XML (line \(parser.lineNumber))")
        }
        return reader.resources
    }

    /// The PROPFIND body asking for what the mirror uses.
    static let request = Data(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontenttype/><d:getetag/>\
        <d:getcontentlength/><d:getlastmodified/></d:prop></d:propfind>
        """.utf8)
}

private final class MultistatusReader: NSObject, XMLParserDelegate {
    let limit: Int
    private(set) var resources: [WebDAVResource] = []
    private(set) var overLimit = false
    private var current: WebDAVResource?
    private var okStatus = true
    private var pending = WebDAVResource(href: "", isCollection: false)
    private var text = ""

    init(limit: Int) { self.limit = limit }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch name {
        case "response": current = WebDAVResource(href: "", isCollection: false)
        case "propstat":
            okStatus = true
            pending = WebDAVResource(href: "", isCollection: false)
        case "collection": pending.isCollection = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if text.utf8.count < 8192 { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
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
                parser.abortParsing()
                return
            }
            resources.append(resource)
            current = nil
        default: break
        }
        text = ""
    }
}
