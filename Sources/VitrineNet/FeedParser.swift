import Foundation
import VitrineCore

/// Reads a feed body: a JSON list (of URLs, or of objects with `url` and `caption`), a JSON Feed
/// (1.0/1.1: `image`, image `attachments`, `<img>` in `content_html`), or an RSS/Atom document
/// (read by `XMLReader`) whose items carry images. A body that is not complete and well-formed, or
/// is an HTML page, is an error, never a listing.
enum FeedParser {
    /// Where the photos will be shown: of the sizes a `media:group` offers, the largest that fits is taken.
    static let defaultScreen = (width: 1920, height: 1080)

    static func parse(
        _ data: Data, base: String, limits: ListingLimits, contentType: String? = nil,
        screen: (width: Int, height: Int) = defaultScreen
    ) throws(TransferFailure) -> [RemoteEntry] {
        if let contentType, isHTML(contentType) {
            throw .badListing(
                "the server answered with an HTML page (Content-Type \(contentType)), not a feed: "
                    + "a login or captive-portal page?")
        }
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw .badListing("the feed is empty")
        }
        // A UTF-8 byte order mark before the first `<` or `[`.
        let afterMark = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3).first : first
        if first == UInt8(ascii: "<") || afterMark == UInt8(ascii: "<") {
            return try parseXML(data, base: base, limits: limits, screen: screen)
        }
        return try parseJSON(data, base: base, limits: limits)
    }

    static func isHTML(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return type == "text/html" || type == "application/xhtml+xml"
    }

    static func parseJSON(_ data: Data, base: String, limits: ListingLimits) throws(TransferFailure) -> [RemoteEntry] {
        let root: JSONNode
        // A UTF-8 byte order mark is not JSON.
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        do {
            root = try JSONParser.parse(String(decoding: body, as: UTF8.self))
        } catch {
            throw .badListing("JSON \(error.description)")
        }
        if root.members != nil { return try parseJSONFeed(root, base: base, limits: limits) }
        guard let elements = root.elements else {
            throw .badListing("a JSON feed must be a list of URLs or of { \"url\": …, \"caption\": … }, or a JSON Feed")
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

    /// JSON Feed 1.0 and 1.1 (jsonfeed.org): per item its image attachments, else its `image`,
    /// else the first `<img>` of its `content_html`; `title` is the caption.
    static func parseJSONFeed(_ root: JSONNode, base: String, limits: ListingLimits) throws(TransferFailure)
        -> [RemoteEntry]
    {
        guard root["version"]?.string?.hasPrefix("https://jsonfeed.org/version/") == true,
            let items = root["items"]?.elements
        else {
            throw .badListing("a JSON object that is not a JSON Feed (no \"version\" of jsonfeed.org and \"items\")")
        }
        let feedBase = root["feed_url"]?.string.flatMap { absoluteHTTPURL($0, base: base) } ?? base
        var entries: [RemoteEntry] = []
        var seen: Set<String> = []
        for item in items {
            var images: [String] = []
            for attachment in item["attachments"]?.elements ?? [] {
                guard let url = attachment["url"]?.string,
                    attachment["mime_type"]?.string?.lowercased().hasPrefix("image/") == true
                else { continue }
                images.append(url)
            }
            if images.isEmpty, let image = item["image"]?.string { images.append(image) }
            if images.isEmpty, let html = item["content_html"]?.string, let image = HTMLImage.firstSource(in: html) {
                images.append(image)
            }
            let caption = item["title"]?.string.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            for reference in images {
                guard let url = absoluteHTTPURL(reference, base: feedBase), seen.insert(url).inserted else { continue }
                guard entries.count < limits.maximumEntries else { throw .tooManyEntries(limit: limits.maximumEntries) }
                entries.append(RemoteEntry(id: url, url: url, caption: caption?.isEmpty == false ? caption : nil))
            }
        }
        return entries
    }

    static func parseXML(
        _ data: Data, base: String, limits: ListingLimits, screen: (width: Int, height: Int) = defaultScreen
    ) throws(TransferFailure) -> [RemoteEntry] {
        let collector = FeedCollector(base: base, limit: limits.maximumEntries, screen: screen)
        let reader = XMLReader(
            roots: [("rss", nil), ("feed", "http://www.w3.org/2005/Atom"), ("RDF", nil)],
            what: "an RSS or Atom feed", undeclared: ["media": FeedCollector.media])
        try reader.read(data, base: base) { collector.take($0) }
        if collector.overLimit { throw .tooManyEntries(limit: limits.maximumEntries) }
        return collector.entries
    }
}

/// The items of RSS 2.0 / RSS 1.0 (`<item>`) and Atom (`<entry>`), one at a time: each item's
/// photos (enclosures, `media:content`, one of a `media:group`, Atom `content src`, or else the
/// first `<img>` of its HTML), its thumbnail, and its title.
final class FeedCollector {
    static let media = "http://search.yahoo.com/mrss/"
    let base: String
    let limit: Int
    let screen: (width: Int, height: Int)
    private(set) var entries: [RemoteEntry] = []
    private(set) var overLimit = false
    private var seen: Set<String> = []
    private var depth = 0
    private var itemDepth: Int?
    private var images: [String] = []
    private var group: [MediaCandidate]?
    private var thumbnail: String?
    private var title: String?
    private var htmlImage: String?
    /// The text of the element being read (titles, HTML bodies), at most 64 KB.
    private var text = ""
    private var textBase = ""

    init(base: String, limit: Int, screen: (width: Int, height: Int)) {
        self.base = base
        self.limit = limit
        self.screen = screen
    }

    func take(_ event: XMLEvent) -> XMLReader.Step {
        switch event {
        case .start(let element):
            depth += 1
            start(element)
        case .text(let value):
            if itemDepth != nil, text.utf8.count < 65_536 { text += value }
        case .end(let name, let namespace):
            defer { depth -= 1 }
            return end(name, namespace)
        }
        return .goOn
    }

    private func start(_ element: XMLElement) {
        text = ""
        textBase = element.base
        let name = element.name
        if name == "item" || name == "entry" {
            itemDepth = depth
            images = []
            group = nil
            thumbnail = nil
            title = nil
            htmlImage = nil
            return
        }
        guard itemDepth != nil else { return }
        let type = element.attribute("type")?.lowercased() ?? ""
        func address(_ value: String?) -> String? { value.map { XMLReader.resolve($0, against: element.base) } }
        // An image by its type; without a type, by the extension of its address.
        let reference = element.attribute("url") ?? element.attribute("href") ?? element.attribute("src")
        let isImageType =
            type.hasPrefix("image/")
            || (type.isEmpty && reference.map { FeedCollector.hasImageExtension($0) } == true)
        switch name {
        case "enclosure" where isImageType:
            if let url = address(element.attribute("url")) { images.append(url) }
        case "link" where element.attribute("rel") == "enclosure" && isImageType:
            if let url = address(element.attribute("href")) { images.append(url) }
        case "group" where element.namespace == Self.media:
            group = []
        case "content" where element.namespace == Self.media:
            guard isImageType || element.attribute("medium")?.lowercased() == "image",
                let url = address(element.attribute("url"))
            else { return }
            let candidate = MediaCandidate(
                url: url, width: MediaCandidate.size(element.attribute("width")),
                height: MediaCandidate.size(element.attribute("height")),
                isDefault: element.attribute("isDefault") == "true")
            if group != nil { group?.append(candidate) } else { images.append(url) }
        case "content" where isImageType:
            // Atom: the entry's content is the image itself.
            if let url = address(element.attribute("src")) { images.append(url) }
        case "thumbnail" where element.namespace == Self.media:
            if thumbnail == nil { thumbnail = address(element.attribute("url")) }
        default:
            break
        }
    }

    static func hasImageExtension(_ address: String) -> Bool {
        let path = URLComponents(string: address)?.path ?? address
        return SourceLister.isImage(name: (path as NSString).lastPathComponent, type: nil)
    }

    private func end(_ name: String, _ namespace: String?) -> XMLReader.Step {
        guard let start = itemDepth else { return .goOn }
        if depth == start + 1 || namespace == FeedCollector.media {
            switch name {
            case "title" where namespace != Self.media:
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if title == nil, !value.isEmpty { title = value }
            case "encoded", "description", "content", "summary":
                if htmlImage == nil, namespace != Self.media, let source = HTMLImage.firstSource(in: text) {
                    htmlImage = XMLReader.resolve(source, against: textBase)
                }
            case "group" where namespace == Self.media:
                if let best = group.flatMap({ MediaCandidate.best($0, screen: screen) }) { images.append(best.url) }
                group = nil
            default:
                break
            }
        }
        text = ""
        guard depth == start, name == "item" || name == "entry" else { return .goOn }
        itemDepth = nil
        var photos = images
        if photos.isEmpty, let htmlImage { photos.append(htmlImage) }
        // A thumbnail-only item: the thumbnail is the photo, shown at the size the feed has it.
        let thumbnailOnly = photos.isEmpty && thumbnail != nil
        if thumbnailOnly, let thumbnail { photos.append(thumbnail) }
        for reference in photos {
            guard let url = absoluteHTTPURL(reference, base: base), seen.insert(url).inserted else { continue }
            guard entries.count < limit else {
                overLimit = true
                return .stop
            }
            let preview = thumbnailOnly ? nil : thumbnail.flatMap { absoluteHTTPURL($0, base: base) }
            entries.append(RemoteEntry(id: url, url: url, previewURL: preview == url ? nil : preview, caption: title))
        }
        return .goOn
    }
}

/// One size a `media:group` offers of a photo.
struct MediaCandidate: Equatable {
    var url: String
    var width: Int?
    var height: Int?
    var isDefault = false

    /// A width or height as the feed gives it, kept within 1…1,000,000 (so areas cannot overflow).
    static func size(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
        return min(value, 1_000_000)
    }

    /// The largest that fits the screen (either way round); if none fits, the smallest; without
    /// sizes, the one marked `isDefault`, else the first.
    static func best(_ candidates: [MediaCandidate], screen: (width: Int, height: Int)) -> MediaCandidate? {
        let sized = candidates.filter { ($0.width ?? 0) > 0 && ($0.height ?? 0) > 0 }
        guard !sized.isEmpty else { return candidates.first(where: \.isDefault) ?? candidates.first }
        let long = max(screen.width, screen.height)
        let short = min(screen.width, screen.height)
        func area(_ c: MediaCandidate) -> Int { (c.width ?? 0) * (c.height ?? 0) }
        let fitting = sized.filter {
            max($0.width ?? 0, $0.height ?? 0) <= long && min($0.width ?? 0, $0.height ?? 0) <= short
        }
        if let largest = fitting.max(by: { area($0) < area($1) }) { return largest }
        return sized.min { area($0) < area($1) }
    }
}

/// The `src` of the first `<img>` in an HTML fragment (a feed's `content:encoded`, `description`,
/// `content_html`): enough of HTML to find it, entities in the address decoded.
enum HTMLImage {
    static func firstSource(in html: String) -> String? {
        var rest = Substring(html)
        while let open = rest.range(of: "<img", options: .caseInsensitive) {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let tag = rest[..<close]
            rest = rest[close...]
            if let value = attribute("src", in: tag), !value.isEmpty, !value.hasPrefix("data:") {
                return decodeEntities(value)
            }
        }
        return nil
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var search = tag
        while let found = search.range(of: name, options: .caseInsensitive) {
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            var index = found.upperBound
            search = tag[found.upperBound...]
            guard before.isWhitespace else { continue }
            while index < tag.endIndex, tag[index].isWhitespace { index = tag.index(after: index) }
            guard index < tag.endIndex, tag[index] == "=" else { continue }
            index = tag.index(after: index)
            while index < tag.endIndex, tag[index].isWhitespace { index = tag.index(after: index) }
            guard index < tag.endIndex else { return nil }
            let quote = tag[index]
            if quote == "\"" || quote == "'" {
                let valueStart = tag.index(after: index)
                let valueEnd = tag[valueStart...].firstIndex(of: quote) ?? tag.endIndex
                return String(tag[valueStart..<valueEnd])
            }
            let valueEnd = tag[index...].firstIndex(where: { $0.isWhitespace || $0 == "/" }) ?? tag.endIndex
            return String(tag[index..<valueEnd])
        }
        return nil
    }

    private static func decodeEntities(_ value: String) -> String {
        value.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#38;", with: "&")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
