import Foundation
import VitrineCore

/// Names one photo of one source, for `progress(for:)` and `prioritize(_:)`.
public struct MirrorEntryID: Hashable, Sendable {
    /// `NetworkSource.key` of the source.
    public var source: String
    /// `RemoteEntry.id`: the photo's URL, or its Immich asset id.
    public var remote: String

    public init(source: String, remote: String) {
        self.source = source
        self.remote = remote
    }
}
