/// One image at an http(s) address.
public struct URLSource: Equatable, Hashable, Sendable {
    public var url: String
    public var caFile: String?

    public init(url: String, caFile: String? = nil) {
        self.url = url
        self.caFile = caFile
    }
}
