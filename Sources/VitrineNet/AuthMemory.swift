import Foundation
import Synchronization

/// Origins (and users) whose server asked for Basic authentication and nothing else: later requests
/// send the credentials at once instead of each being answered 401 first. Process-wide, in memory.
enum AuthMemory {
    private static let basic = Mutex<[String: Bool]>([:])

    static func key(url: String, user: String) -> String {
        guard let origin = RequestOrigin(url) else { return url + "\n" + user }
        return "\(origin.scheme)://\(origin.host):\(origin.port)\n\(user)"
    }

    static func isBasic(_ key: String) -> Bool { basic.withLock { $0[key] ?? false } }

    static func remember(_ key: String, basic isBasic: Bool) { basic.withLock { $0[key] = isBasic } }
}
