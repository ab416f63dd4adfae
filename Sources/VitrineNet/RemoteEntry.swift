import Foundation

/// One photo a listing names: where to fetch it, an optional smaller render, and what the
/// listing says of its version (an ETag or a checksum) so an unchanged photo is not fetched again.
public struct RemoteEntry: Equatable, Hashable, Sendable {
    /// Stable within its source: the absolute URL, or an Immich asset id.
    public var id: String
    public var url: String
    public var previewURL: String?
    public var caption: String?
    /// The listing's own word on the version; nil when only the file's ETag can tell.
    public var version: String?
    /// When the photo was taken, as the listing says (an Immich asset's `localDateTime`), if it does.
    public var taken: String?

    public init(
        id: String, url: String, previewURL: String? = nil, caption: String? = nil, version: String? = nil,
        taken: String? = nil
    ) {
        self.id = id
        self.url = url
        self.previewURL = previewURL
        self.caption = caption
        self.version = version
        self.taken = taken
    }
}

/// The limits a listing is held to while it is read.
public struct ListingLimits: Sendable, Equatable {
    /// More entries than this and the listing is refused.
    public var maximumEntries: Int
    /// A feed or a PROPFIND answer larger than this is refused while it arrives.
    public var maximumBodyBytes: Int64

    public init(maximumEntries: Int = 100_000, maximumBodyBytes: Int64 = 50 * 1024 * 1024) {
        self.maximumEntries = maximumEntries
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// Resolves `reference` against `base` and keeps it only if it is http(s).
func absoluteHTTPURL(_ reference: String, base: String) -> String? {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    guard let baseURL = URL(string: base), let url = URL(string: trimmed, relativeTo: baseURL)?.absoluteURL,
        let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url.absoluteString
}
