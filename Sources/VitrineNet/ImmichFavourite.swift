import Foundation
import VitrineCore

/// A favourite set (or taken back) on the screen for an Immich photo, written back to Immich:
/// `PUT /api/assets/{id}` with `{"isFavorite": true|false}` (`UpdateAssetDto` in Immich's OpenAPI
/// document; the key needs the `asset.update` permission). The request goes to the source's own
/// server with its own key, which `HTTPRequest` sends to that origin only, never after a redirect.
extension Mirror {
    /// Writes `favourite` back for the photo `id` when its source is an Immich server, on a
    /// thread of its own; the outcome is logged. Other sources have nowhere to write it.
    public func writeFavourite(_ id: MirrorEntryID, _ favourite: Bool) {
        let found = shared.withLock { shared in
            shared.sources.first { $0.key == id.source }.map { ($0.source, $0.access) }
        }
        guard let (source, known) = found, case .immich(let immich) = source else { return }
        guard ImmichLister.isSafeID(id.remote) else {
            log.warning(
                "Immich asset id \(id.remote.prefix(64)) is not one to put in a path; favourite not written back")
            return
        }
        let timeouts = configuration.timeouts
        Thread.detachNewThread { [log] in
            let access: SourceAccess
            do {
                access = try known ?? SourceAccess.read(for: source)
            } catch {
                log.warning("favourite not written back to Immich: \(error)")
                return
            }
            let url = "\(ImmichLister.apiBase(immich.server))/assets/\(id.remote)"
            var request = access.request(url, maximumBytes: 1 << 20, timeouts: timeouts)
            request.method = "PUT"
            request.body = Data(JSONOutput.object([("isFavorite", .bool(favourite))]).rendered.utf8)
            request.headers.append("Content-Type: application/json")
            let (response, _) = HTTPClient().data(request)
            let what = favourite ? "favourite" : "no longer a favourite"
            if response.succeeded {
                log.info("Immich asset \(id.remote) marked \(what) on \(NetworkAddress.host(immich.server))")
            } else if let failure = response.failure {
                log.warning("Immich asset \(id.remote): \(what) not written back: \(failure)")
            } else {
                let hint = response.status == 401 || response.status == 403 ? " (does the key have asset.update?)" : ""
                log.warning("Immich asset \(id.remote): \(what) not written back: HTTP \(response.status)\(hint)")
            }
        }
    }
}
