import Foundation
import Synchronization

/// What came back: the final status and headers (after redirects), or why nothing usable did.
struct HTTPResponse: Sendable {
    var status: Int = 0
    /// Header names in lower case; the last response's only.
    var headers: [String: String] = [:]
    var bytesReceived: Int64 = 0
    var failure: TransferFailure?

    init(status: Int = 0, failure: TransferFailure? = nil) {
        self.status = status
        self.failure = failure
    }

    var succeeded: Bool { failure == nil && (200..<300).contains(status) }
}
