import Glibc
import VitrineCore
import VitrineMedia

/// Wall time of the named steps of one command (`vitrine snapshot --timings`),
/// in the order they first ran, with how often each ran: a step that shows a
/// count of 2 was done twice.
public final class StepTimings {
    public struct Step: Equatable, Sendable {
        public var name: String
        public var seconds: Seconds
        public var count: Int
    }

    public private(set) var steps: [Step] = []
    /// Time of the steps measured inside each step under way, innermost last.
    private var inner: [Seconds] = []

    public init() {}

    /// Runs `body` and adds its time to the step `name`; a step measured inside it counts
    /// as its own, not also as this one's, so the steps add up to the time they took.
    @discardableResult
    public func measure<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        let start = Self.now()
        inner.append(.zero)
        defer {
            let elapsed = Self.now() - start
            let nested = inner.removeLast()
            add(name, seconds: elapsed - nested)
            if !inner.isEmpty { inner[inner.count - 1] += elapsed }
        }
        return try body()
    }

    /// Adds `seconds` (and one more run) to the step `name`.
    public func add(_ name: String, seconds: Seconds) {
        if let i = steps.firstIndex(where: { $0.name == name }) {
            steps[i].seconds += seconds
            steps[i].count += 1
        } else {
            steps.append(Step(name: name, seconds: seconds, count: 1))
        }
    }

    /// How many times the step `name` ran.
    public func count(of name: String) -> Int {
        steps.first { $0.name == name }?.count ?? 0
    }

    /// Every step on its own line, then their sum against the process's life so far.
    public func report() -> String {
        var lines = steps.map { step in
            let times = step.count > 1 ? " (\(step.count) times)" : ""
            return "  " + Self.pad(step.name, 34) + Self.ms(step.seconds) + times
        }
        let sum = steps.reduce(Seconds.zero) { $0 + $1.seconds }
        lines.append("  " + Self.pad("sum of the steps", 34) + Self.ms(sum))
        if let alive = Self.processAge() {
            lines.append("  " + Self.pad("process so far (from its start)", 34) + Self.ms(alive))
        }
        return lines.joined(separator: "\n")
    }

    /// The monotonic clock.
    public static func now() -> MonotonicInstant { MonotonicInstant.now() }

    /// How long since the process was started (exec), from /proc/self/stat's start
    /// time (in clock ticks, 10 ms apart on most kernels); nil without /proc.
    public static func processAge() -> Seconds? {
        guard let fields = ProcessStat.fields("/proc/self/stat") else { return nil }
        // Field 22: the start time.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let uptime = Seconds(Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9)
        return uptime - Seconds(ticks / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    private static func ms(_ length: Seconds) -> String {
        let text = String(Int((length.value * 10_000).rounded()))
        let padded = text.count < 2 ? "0" + text : text
        return "\(padded.dropLast()).\(padded.suffix(1)) ms"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
