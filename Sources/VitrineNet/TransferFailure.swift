/// Why a transfer failed, in words a person checking a frame understands.
public enum TransferFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case dns(host: String)
    case connect(host: String)
    case tls(String)
    case timeout
    case tooManyRedirects
    /// A redirect led to another host, which was not given the credentials and refused.
    case credentialsWithheld(host: String, status: Int)
    case forbiddenScheme
    case tooLarge(limit: Int64)
    case interrupted(String)
    case cancelled
    case http(status: Int)
    case notAnImage
    case tooManyEntries(limit: Int)
    case badListing(String)
    case local(String)
    case other(String)

    public var description: String {
        switch self {
        case .dns(let host): return "DNS: the name \(host) could not be resolved"
        case .connect(let host): return "could not connect to \(host) (server down or port closed)"
        case .tls(let detail): return "TLS: \(detail)"
        case .timeout: return "timeout: the server stopped answering"
        case .tooManyRedirects: return "too many redirects (more than 5)"
        case .credentialsWithheld(let host, let status):
            return "the server redirected to another host, \(host), which answered HTTP \(status): "
                + "credentials are never sent to another host (if it is the same server, use that address)"
        case .forbiddenScheme: return "refused: only http and https are allowed (also for redirects)"
        case .tooLarge(let limit): return "refused: larger than the limit of \(limit) bytes"
        case .interrupted(let detail): return "the transfer was cut short (\(detail)); it resumes next time"
        case .cancelled: return "cancelled"
        case .http(let status): return "HTTP \(status)\(Self.hint(status))"
        case .notAnImage: return "refused: the file is not an image (JPEG, PNG, GIF, WebP, BMP, TIFF, HEIF, AVIF)"
        case .tooManyEntries(let limit): return "refused: the listing has more than \(limit) entries"
        case .badListing(let detail): return "the listing could not be read: \(detail)"
        case .local(let detail): return "cache: \(detail)"
        case .other(let detail): return detail
        }
    }

    private static func hint(_ status: Int) -> String {
        switch status {
        case 401: return " Unauthorized: check the user and password file (or the API key file)"
        case 403: return " Forbidden: the account may not read this"
        case 404: return " Not Found: check the address"
        case 500..<600: return " server error: it is tried again later"
        default: return ""
        }
    }

    /// A failure that may pass by itself (server down, network out), so the host is backed off and tried again.
    var isTransient: Bool {
        switch self {
        case .dns, .connect, .timeout, .interrupted, .other: return true
        case .http(let status): return status >= 500 || status == 429 || status == 408
        default: return false
        }
    }
}
