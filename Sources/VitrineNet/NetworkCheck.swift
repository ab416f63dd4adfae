import Foundation
import VitrineCore

/// For `vitrine check`: can a source be reached, and how many photos does it list, or why not
/// (DNS, connection, TLS, 401, 404, timeout), in one line without credentials.
public enum NetworkCheck {
    /// Fetches the listing of `source` once (for a single URL, asks for its headers) and describes the outcome.
    public static func check(_ source: NetworkSource, configuration: MirrorConfiguration = MirrorConfiguration())
        -> String
    {
        let access: SourceAccess
        do {
            access = try SourceAccess.read(for: source)
        } catch {
            return "\(source): \(error)"
        }
        if case .url(let s) = source {
            var request = access.request(s.url, maximumBytes: configuration.fileBytes, timeouts: configuration.timeouts)
            request.method = "HEAD"
            let (response, _) = HTTPClient().data(request)
            if let failure = response.failure { return "\(source): \(failure)" }
            return "\(source): reachable, 1 photo listed"
        }
        let lister = SourceLister(limits: configuration.limits, timeouts: configuration.timeouts)
        switch lister.list(source, access: access, previous: nil) {
        case .listed(let entries, _):
            return "\(source): reachable, \(entries.count) photo\(entries.count == 1 ? "" : "s") listed"
        case .unchanged:
            return "\(source): reachable, unchanged"
        case .failed(let failure, _):
            return "\(source): \(failure)"
        }
    }
}
