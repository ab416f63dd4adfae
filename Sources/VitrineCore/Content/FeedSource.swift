/// A list of images: JSON (`["https://…", …]` or `[{ "url": …, "caption": … }]`) or RSS/Atom.
public struct FeedSource: Equatable, Hashable, Sendable {
    public var url: String
    public var caFile: String?

    public init(url: String, caFile: String? = nil) {
        self.url = url
        self.caFile = caFile
    }
}
