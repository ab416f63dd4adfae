import Foundation
import Synchronization
import VitrineCore
import VitrinePOSIX

/// Why watching cannot start.
public struct WatchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}
