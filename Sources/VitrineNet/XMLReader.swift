import CXML2
import Foundation

/// One element as the reader meets it: its local name and namespace, its attributes, and the
/// base address its relative references are read against (`xml:base` applied).
struct XMLElement: Sendable {
    var name: String
    var namespace: String?
    var attributes: [(name: String, namespace: String?, value: String)]
    var base: String

    /// The value of the attribute `name` (any namespace unless one is given).
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }?.value
    }
}

/// What the reader meets, in document order. CDATA sections come as text.
enum XMLEvent {
    case start(XMLElement)
    case end(name: String, namespace: String?)
    case text(String)
}

/// A document read with libxml2's streaming reader: bounded memory whatever its size, no network,
/// no external entity or DTD loaded, no entity expanded. A document that is not complete and
/// well-formed, or whose root element is not one of those expected, is an error with its line and
/// column, never a partial result.
struct XMLReader {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// What the handler wants after an event.
    enum Step {
        case goOn
        /// Stops reading at once (a limit was passed); `read` returns without an error.
        case stop
    }

    /// The root's local name and namespace (nil: any) that make the document acceptable.
    var roots: [(name: String, namespace: String?)]
    /// What the document is, in an error ("an RSS or Atom feed", "a WebDAV multistatus answer").
    var what: String
    /// The namespaces of prefixes documents use without declaring them (a namespace error that
    /// libxml2 reads on from): `media` in feeds.
    var undeclared: [String: String] = [:]

    /// Reads `data` from its first to its last byte, handing each event to `handle`. `base` is the
    /// document's own address, against which relative references and `xml:base` are read.
    func read(_ data: Data, base: String, _ handle: (XMLEvent) -> Step) throws(TransferFailure) {
        guard data.count < Int32.max else { throw .badListing("\(what) larger than 2 GB") }
        let errors = XMLErrors()
        let outcome: Result<Void, TransferFailure> = data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
                return .failure(.badListing("\(what) is empty"))
            }
            let options = Int32(
                bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOWARNING.rawValue)
            guard let reader = xmlReaderForMemory(start, Int32(bytes.count), base, nil, options) else {
                return .failure(.badListing("\(what) could not be read (libxml2 refused the buffer)"))
            }
            defer { xmlFreeTextReader(reader) }
            let box = Unmanaged.passUnretained(errors).toOpaque()
            xmlTextReaderSetStructuredErrorHandler(reader, xmlReaderError, box)
            return withExtendedLifetime(errors) { walk(reader, base: base, errors: errors, handle) }
        }
        try outcome.get()
    }

    private func walk(
        _ reader: xmlTextReaderPtr, base: String, errors: XMLErrors, _ handle: (XMLEvent) -> Step
    ) -> Result<Void, TransferFailure> {
        var bases: [String] = []
        var sawRoot = false
        while true {
            let status = xmlTextReaderRead(reader)
            if let fatal = errors.fatal { return .failure(.badListing("\(what) is not well-formed XML: \(fatal)")) }
            if status == 0 { break }
            guard status == 1 else {
                let line = xmlTextReaderGetParserLineNumber(reader)
                let column = xmlTextReaderGetParserColumnNumber(reader)
                return .failure(
                    .badListing("\(what) is not well-formed XML: line \(line), column \(column): unreadable"))
            }
            let type = xmlTextReaderNodeType(reader)
            switch type {
            case 1:  // element
                var element = XMLElement(
                    name: Self.localName(reader), namespace: namespace(reader), attributes: [],
                    base: bases.last ?? base)
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                if xmlTextReaderMoveToFirstAttribute(reader) == 1 {
                    repeat {
                        let namespace = Self.string(xmlTextReaderConstNamespaceUri(reader))
                        let name = Self.localName(reader)
                        let value = Self.string(xmlTextReaderConstValue(reader)) ?? ""
                        if namespace == "http://www.w3.org/2000/xmlns/" { continue }
                        if name == "base", namespace == Self.xmlNamespace {
                            element.base = Self.resolve(value, against: element.base)
                        }
                        element.attributes.append((name, namespace, value))
                    } while xmlTextReaderMoveToNextAttribute(reader) == 1
                    guard xmlTextReaderMoveToElement(reader) >= 0 else {
                        return .failure(.badListing("\(what) could not be read (libxml2 lost its element)"))
                    }
                }
                if !sawRoot {
                    sawRoot = true
                    let expected = roots.contains {
                        $0.name == element.name && ($0.namespace == nil || $0.namespace == element.namespace)
                    }
                    guard expected else {
                        let line = xmlTextReaderGetParserLineNumber(reader)
                        return .failure(
                            .badListing(
                                "the answer is an XML document with the root <\(element.name)> (line \(line)), "
                                    + "not \(what)"))
                    }
                }
                if handle(.start(element)) == .stop { return .success(()) }
                if empty {
                    if handle(.end(name: element.name, namespace: element.namespace)) == .stop { return .success(()) }
                } else {
                    bases.append(element.base)
                }
            case 15:  // end of an element
                bases.removeLast(bases.isEmpty ? 0 : 1)
                let event = XMLEvent.end(name: Self.localName(reader), namespace: namespace(reader))
                if handle(event) == .stop { return .success(()) }
            case 3, 4, 13, 14:  // text, CDATA, white space
                if let value = Self.string(xmlTextReaderConstValue(reader)), handle(.text(value)) == .stop {
                    return .success(())
                }
            default:
                break
            }
        }
        guard sawRoot else { return .failure(.badListing("\(what) has no root element")) }
        return .success(())
    }

    /// The element's namespace, or the one `undeclared` gives its prefix when the document never declared it.
    private func namespace(_ reader: xmlTextReaderPtr) -> String? {
        if let uri = Self.string(xmlTextReaderConstNamespaceUri(reader)) { return uri }
        guard !undeclared.isEmpty else { return nil }
        let name = Self.string(xmlTextReaderConstName(reader)) ?? ""
        guard let colon = name.firstIndex(of: ":") else { return nil }
        return undeclared[String(name[..<colon])]
    }

    /// The local name; a prefix that was never declared (libxml2 keeps it in the name) is dropped too.
    private static func localName(_ reader: xmlTextReaderPtr) -> String {
        let name = string(xmlTextReaderConstLocalName(reader)) ?? ""
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// `reference` read against `base` (an `xml:base` or a relative address); `reference` alone when
    /// either is not a URL.
    static func resolve(_ reference: String, against base: String) -> String {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let baseURL = URL(string: base), let url = URL(string: trimmed, relativeTo: baseURL)?.absoluteURL else {
            return trimmed
        }
        return url.absoluteString
    }
}

/// The first fatal (well-formedness) error libxml2 reported, with its line and column. Namespace
/// errors (a prefix never declared, common in real feeds) are not fatal: the document is read on.
private final class XMLErrors {
    var fatal: String?

    func report(_ error: UnsafePointer<xmlError>) {
        guard fatal == nil, error.pointee.level == XML_ERR_FATAL else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
        let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        fatal = "line \(error.pointee.line), column \(error.pointee.int2): \(text)"
    }
}

private let xmlReaderError: xmlStructuredErrorFunc = { user, error in
    guard let user, let error else { return }
    Unmanaged<XMLErrors>.fromOpaque(user).takeUnretainedValue().report(UnsafePointer(error))
}
