import Foundation

/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass; true when it held.
/// The one way tests wait for something another thread or process does: never a fixed sleep,
/// and a condition that already holds returns at once.
public func eventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}
