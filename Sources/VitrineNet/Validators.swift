import Foundation
import VitrineCore

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
