import Foundation
import Synchronization

/// A user name and password read from a file; never logged.
struct Credentials: Sendable, Equatable {
    var user: String
    var password: String
}
