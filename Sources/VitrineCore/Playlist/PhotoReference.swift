import Foundation

/// A network photo named the way its source names it: the source's key (`NetworkSource.key`)
/// and the photo's id there (its address, or an asset id), the same across restarts.
public struct PhotoReference: Codable, Equatable, Hashable, Sendable {
    public var source: String
    public var id: String

    public init(source: String, id: String) {
        self.source = source
        self.id = id
    }
}
