import Foundation
import VitrineCore

/// A request handler for `HTTPServer`: decides from the head, answers after the body.
public protocol HTTPService: Sendable {
    func admit(_ head: HTTPHead) -> HTTPAdmission
}
