import Glibc

/// How the decode worker's process is scheduled against the display process.
/// A decode runs on two threads for large files; on a two-core board they
/// would take the cores the compositor's bands need for the frame due next, so
/// by default the worker gives way: a frame's threads run the moment they
/// wake, and the decode has the time between frames. Lowering a process's own
/// priority needs no privilege (nor `LimitNICE`); raising it again would.
public enum WorkerPriority: Equatable, Sendable, CustomStringConvertible {
    /// As the display process (nice 0, `SCHED_OTHER`).
    case normal
    /// `SCHED_BATCH` at this nice level (1–19): still a share of the CPU when the
    /// machine is busy, so a decode under load is slowed, not stopped.
    case background(nice: Int32)
    /// `SCHED_IDLE`: only CPU time nothing else wants.
    case idle

    /// What `play` starts its workers with: about a tenth of a core's share against a busy
    /// thread of the display process, and none while a frame's threads want the CPU.
    public static let `default` = WorkerPriority.background(nice: 10)

    /// Parses `normal`, `idle` or a nice level 1–19.
    public init?(_ text: String) {
        switch text {
        case "normal": self = .normal
        case "idle": self = .idle
        default:
            guard let nice = Int32(text), (1...19).contains(nice) else { return nil }
            self = .background(nice: nice)
        }
    }

    /// The form `init?(_:)` reads.
    public var argument: String {
        switch self {
        case .normal: return "normal"
        case .idle: return "idle"
        case .background(let nice): return String(nice)
        }
    }

    public var description: String {
        switch self {
        case .normal: return "normal priority"
        case .idle: return "SCHED_IDLE"
        case .background(let nice): return "SCHED_BATCH, nice \(nice)"
        }
    }

    /// Applies the priority to every thread of the calling process (Linux schedules
    /// threads, not processes; threads started later inherit it from their creator).
    /// Returns false if a thread could not be changed.
    @discardableResult
    public func applyToProcess() -> Bool {
        var all = true
        for thread in Self.threads() { all = apply(to: thread) && all }
        return all
    }

    /// Linux's policy numbers (`<linux/sched.h>`; Glibc's module leaves these two out).
    static let schedBatch: Int32 = 3
    static let schedIdle: Int32 = 5

    private func apply(to thread: pid_t) -> Bool {
        var parameters = sched_param(sched_priority: 0)
        switch self {
        case .normal:
            return true
        case .idle:
            return sched_setscheduler(thread, Self.schedIdle, &parameters) == 0
        case .background(let nice):
            let policy = sched_setscheduler(thread, Self.schedBatch, &parameters) == 0
            return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), nice) == 0 && policy
        }
    }

    /// The process's threads (the calling thread alone where /proc is missing).
    private static func threads() -> [pid_t] {
        let found = threads(of: getpid())
        // 0 is the calling thread to both calls.
        return found.isEmpty ? [0] : found
    }

    /// The scheduling of thread `thread` of process `process`, as `/proc` reports it:
    /// its policy (`SCHED_*`) and nice level; nil once the thread is gone (for measurements and tests).
    public static func observed(process: pid_t, thread: pid_t) -> (policy: Int32, nice: Int32)? {
        guard let fields = ProcessStat.fields("/proc/\(process)/task/\(thread)/stat") else { return nil }
        // Nice is field 19, the policy field 41.
        guard fields.count > 38, let nice = Int32(fields[16]), let policy = Int32(fields[38]) else { return nil }
        return (policy, nice)
    }

    /// The thread ids of process `process` (for measurements and tests).
    public static func threads(of process: pid_t) -> [pid_t] {
        guard let folder = opendir("/proc/\(process)/task") else { return [] }
        defer { closedir(folder) }
        var found: [pid_t] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let id = pid_t(name) { found.append(id) }
        }
        return found
    }
}
