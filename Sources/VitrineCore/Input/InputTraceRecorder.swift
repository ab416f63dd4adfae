import Foundation

/// Writes an input trace as the user plays: one line an event, flushed as it
/// goes, so a crash or a power cut keeps what came before.
public final class InputTraceRecorder {
    private let sink: any InputTraceSink
    public let path: String
    private let log = Log("input")
    private var failed = false

    /// Records into `sink`; `path` names it in messages.
    public init(path: String, sink: any InputTraceSink) {
        self.sink = sink
        self.path = path
    }

    /// Appends one event; after a write error it logs once and stops recording (the show goes on).
    public func record(_ event: InputEvent) {
        guard !failed else { return }
        do {
            try sink.append(InputTrace.line(for: event) + "\n")
        } catch {
            failed = true
            log.warning("stopped recording to \(path): \(error.localizedDescription)")
        }
    }
}
