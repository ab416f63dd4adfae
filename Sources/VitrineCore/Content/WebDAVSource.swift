/// A WebDAV folder (Nextcloud, ownCloud, Apache mod_dav, …), walked one level at a time.
public struct WebDAVSource: Equatable, Hashable, Sendable {
    public var url: String
    public var user: String?
    /// A file whose first line is the password.
    public var passwordFile: String?
    public var recursive: Bool
    public var caFile: String?

    public init(
        url: String, user: String? = nil, passwordFile: String? = nil, recursive: Bool = false, caFile: String? = nil
    ) {
        self.url = url
        self.user = user
        self.passwordFile = passwordFile
        self.recursive = recursive
        self.caFile = caFile
    }
}
