import Foundation

/// Where a recorded input trace goes, one line at a time (a file in VitrineSystem).
public protocol InputTraceSink: AnyObject {
    /// Appends `line` (ending in a newline) and flushes it.
    func append(_ line: String) throws
}
