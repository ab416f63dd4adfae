import Foundation
import VitrineCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a feed body: a JSON list (of URLs, or of objects with `url` and `caption`) or an
/// RSS/Atom document whose items carry image enclosures or `media:content`.
enum FeedParser {
    static func parse(_ data: Data, base: String, limits: ListingLimits) throws(TransferFailure) -> [RemoteEntry] {
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw .badListing("the feed is empty")
        }
        if first == UInt8(ascii: "<") { return try parseXML(data, base: base, limits: limits) }
        return try parseJSON(data, base: base, limits: limits)
    }

    static func parseJSON(_ data: Data, base: String, limits: ListingLimits) throws(TransferFailure) -> [RemoteEntry] {
        let root: JSONNode
        do {
            root = try JSONParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .badListing("JSON \(error.description)")
        }
        guard let elements = root.elements else {
            throw .badListing("a JSON feed must be a list of URLs or of { \"url\": …, \"caption\": … }")
        }
        guard elements.count <= limits.maximumEntries else { throw .tooManyEntries(limit: limits.maximumEntries) }
        var entries: [RemoteEntry] = []
        var seen: Set<String> = []
        for element in elements {
            let reference = element.string ?? element["url"]?.string
            guard let reference, let url = absoluteHTTPURL(reference, base: base), seen.insert(url).inserted else {
                continue
            }
            let preview = (element["preview"]?.string).flatMap { absoluteHTTPURL($0, base: base) }
            entries.append(RemoteEntry(id: url, url: url, previewURL: preview, caption: element["caption"]?.string))
        }
        return entries
    }

    static func parseXML(_ data: Data, base: String, limits: ListingLimits) throws(TransferFailure) -> [RemoteEntry] {
        let reader = FeedXMLReader(base: base, limit: limits.maximumEntries)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let finished = parser.parse()
        if reader.overLimit { throw .tooManyEntries(limit: limits.maximumEntries) }
        if !finished {
            let detail = parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed"
            throw .badListing("XML at line \(parser.lineNumber): \(detail)")
        }
        return reader.entries
    }
}

/// The SAX side of RSS 2.0 (`<item>` with `<enclosure>`, `<media:content>`, `<media:thumbnail>`)
/// and Atom (`<entry>` with `<link rel="enclosure">`).
private final class FeedXMLReader: NSObject, XMLParserDelegate {
    let base: String
    let limit: Int
    private(set) var entries: [RemoteEntry] = []
    private(set) var overLimit = false
    private var seen: Set<String> = []
    private var inItem = false
    private var itemImages: [String] = []
    private var itemPreview: String?
    private var itemTitle: String?
    private var text = ""

    init(base: String, limit: Int) {
        self.base = base
        self.limit = limit
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        text = ""
        switch local {
        case "item", "entry":
            inItem = true
            itemImages = []
            itemPreview = nil
            itemTitle = nil
        case "enclosure", "content", "link":
            let isImageType = attributes["type"]?.lowercased().hasPrefix("image/") ?? false
            let medium = attributes["medium"]?.lowercased()
            if local == "link", attributes["rel"] != "enclosure" { return }
            if local == "content", !(isImageType || medium == "image") { return }
            if local != "content", !isImageType { return }
            if let url = attributes["url"] ?? attributes["href"] { itemImages.append(url) }
        case "thumbnail":
            if let url = attributes["url"] { itemPreview = url }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if text.count < 4096 { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if local == "title", inItem, itemTitle == nil {
            let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !title.isEmpty { itemTitle = title }
        }
        guard local == "item" || local == "entry" else { return }
        inItem = false
        for reference in itemImages {
            guard let url = absoluteHTTPURL(reference, base: base), seen.insert(url).inserted else { continue }
            guard entries.count < limit else {
                overLimit = true
                parser.abortParsing()
                return
            }
            let preview = itemPreview.flatMap { absoluteHTTPURL($0, base: base) }
            entries.append(RemoteEntry(id: url, url: url, previewURL: preview, caption: itemTitle))
        }
    }
}
