import Synchronization
import VitrineCore

/// Where command payloads from any way in (MQTT, HTTP) are parsed and queued: one parser,
/// one queue, one reply format. Bad payloads are refused with a reply and a rate-limited log
/// line and never reach the queue.
public final class CommandIntake: Sendable {
    public let queue: CommandQueue
    private let log = RateLimitedLog(Log("remote"))
    private let counts = Mutex(Counts())

    /// How many payloads came in, and how they ended.
    public struct Counts: Equatable, Sendable {
        public var received = 0
        public var accepted = 0
        public var refused = 0
        public var dropped = 0
    }

    public init(queue: CommandQueue) {
        self.queue = queue
    }

    /// Parses `payload` from `source` (a topic, `http`), queues it if good, and returns the reply.
    public func submit(_ payload: some Collection<UInt8>, from source: String) -> CommandResult {
        let result: CommandResult
        do {
            let request = try RemoteCommandParser.parse(payload)
            if queue.offer(request) {
                result = CommandResult(.accepted, command: request.command.name, id: request.id)
            } else {
                result = CommandResult(.busy, command: request.command.name, id: request.id)
                log(.warning, kind: "busy", "command queue full; dropping commands from \(source)")
            }
        } catch {
            result = CommandResult(.refused(error))
            log(.warning, kind: error.code, "refused a command from \(source): \(error)")
        }
        note(result)
        return result
    }

    /// The reply for a payload too large to be read at all.
    public func refuseTooLarge(_ bytes: Int, from source: String) -> CommandResult {
        let error = RemoteCommandError.tooLarge(bytes: bytes)
        log(.warning, kind: error.code, "refused a command from \(source): \(error)")
        let result = CommandResult(.refused(error))
        note(result)
        return result
    }

    private func note(_ result: CommandResult) {
        counts.withLock { counts in
            counts.received += 1
            switch result.outcome {
            case .accepted: counts.accepted += 1
            case .refused: counts.refused += 1
            case .busy: counts.dropped += 1
            }
        }
    }

    public var statistics: Counts { counts.withLock { $0 } }
}
