import Foundation
import VitrineCore

/// The mirror at a glance, for `--print-state`, `vitrine check` and the log.
public struct MirrorStatus: Sendable {
    public struct Source: Sendable {
        public var key: String
        /// The source without credentials or query.
        public var name: String
        public var listed: Int
        public var mirrored: Int
        public var downloading: Int
        public var lastRefresh: Date?
        public var lastGoodListing: Date?
        public var lastError: String?
        /// Why the last listing was not taken although it was good: it would remove half or more
        /// of the photos, and waits for a later listing to agree.
        public var held: String?
        /// The source's server (host and port), for "Waiting for photos from …".
        public var host: String = ""
    }

    public var bytesOnDisk: Int64
    public var cacheBytes: Int64
    public var sources: [Source]

    /// One JSON object, for `--print-state`.
    public var json: JSONOutput {
        func date(_ d: Date?) -> JSONOutput? { d.map { .number($0.timeIntervalSince1970.rounded()) } }
        let list = sources.map { s in
            JSONOutput.object(omittingNil: [
                ("source", .string(s.name)), ("listed", .integer(s.listed)), ("mirrored", .integer(s.mirrored)),
                ("downloading", .integer(s.downloading)), ("lastRefresh", date(s.lastRefresh)),
                ("lastGoodListing", date(s.lastGoodListing)), ("lastError", s.lastError.map { .string($0) }),
                ("held", s.held.map { .string($0) }),
            ])
        }
        return .object([
            ("bytesOnDisk", .integer(Int(bytesOnDisk))), ("cacheBytes", .integer(Int(cacheBytes))),
            ("sources", .array(list)),
        ])
    }
}
