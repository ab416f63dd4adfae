import Foundation
import VitrineCore

/// What a source's requests carry: credentials read from their files, extra headers, the CA file.
/// Held in memory only; never written to the index or a log.
struct SourceAccess: Sendable {
    var credentials: Credentials?
    var headers: [String] = []
    /// Header lines that are credentials (Immich's `x-api-key`): sent to the source's own origin only.
    var secretHeaders: [String] = []
    var caFile: String?

    /// Reads the key or password file of `source`.
    static func read(for source: NetworkSource) throws(TransferFailure) -> SourceAccess {
        var access = SourceAccess(caFile: source.caFile)
        switch source {
        case .webdav(let s):
            if let user = s.user, let file = s.passwordFile {
                access.credentials = Credentials(user: user, password: try firstLine(of: file, what: "password file"))
            }
        case .immich(let s):
            let key = try firstLine(of: s.apiKeyFile, what: "API key file")
            access.secretHeaders = ["x-api-key: \(key)"]
            access.headers = ["Accept: application/json"]
        case .url, .feed:
            break
        }
        return access
    }

    private static func firstLine(of path: String, what: String) throws(TransferFailure) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 * 1024 else {
            throw .local("cannot read the \(what) \(path)")
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let value = line.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw .local("the \(what) \(path) is empty")
        }
        return value
    }

    func request(_ url: String, maximumBytes: Int64, timeouts: NetworkTimeouts) -> HTTPRequest {
        var request = HTTPRequest(url: url, maximumBytes: maximumBytes, timeouts: timeouts)
        request.credentials = credentials
        request.headers = headers
        request.secretHeaders = secretHeaders
        request.caFile = caFile
        return request
    }
}
