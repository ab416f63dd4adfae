import Foundation
import VitrineCore

/// An encoded picture and its media type (`image/jpeg`, `image/png`).
public struct EncodedImage: Sendable {
    public var bytes: Data
    public var type: String
    /// Which picture of the screen it is (counted from 1), when the show counts them.
    public var number: Int

    public init(bytes: Data, type: String, number: Int = 0) {
        self.bytes = bytes
        self.type = type
        self.number = number
    }
}
