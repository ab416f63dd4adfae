import Foundation

/// The shipped table of place names, loaded once and shared by the overlays that use it.
public final class PlaceNames: Sendable, Equatable {
    public let table: PlaceTable

    public init(_ table: PlaceTable) {
        self.table = table
    }

    public static func == (a: PlaceNames, b: PlaceNames) -> Bool { a === b }
}
