import Glibc
import Synchronization
import VitrineBase

/// Decodes in a separate worker process (`vitrine-decoder`, or `vitrine decode-worker`
/// when that program is missing), so no file
/// can hang, crash or exhaust the memory of the display process. A worker
/// that misses the deadline, crashes or hits a limit is killed and replaced;
/// the file's failure is remembered (by path, size and modification time) and
/// not tried again until the file changes. Decodes run one at a time.
public struct IsolatedDecoder: ImageDecoding {
    /// How workers are started and what they may use.
    public struct Configuration: Sendable {
        /// The worker command: the executable (and `decode-worker` for `vitrine`) and any extra arguments.
        public var command: [String]
        /// How long a decode may take before the worker is killed.
        public var deadline: Seconds
        /// The worker's address-space limit in bytes.
        public var memoryLimit: Int
        public var limits: DecodeLimits
        /// How the worker is scheduled: by default it gives way to the display process's frames.
        public var priority: WorkerPriority
        /// Faces will be wanted: each worker makes its face detector as it starts (`--faces`),
        /// so the first photo's decode does not pay for it within its deadline.
        public var faces: Bool

        public init(
            command: [String] = IsolatedDecoder.workerCommand(), extraArguments: [String] = [],
            deadline: Seconds = 10, memoryLimit: Int = IsolatedDecoder.defaultMemoryLimit(),
            limits: DecodeLimits = DecodeLimits(), priority: WorkerPriority = .default, faces: Bool = false
        ) {
            self.command = command + extraArguments
            self.deadline = deadline
            self.memoryLimit = memoryLimit
            self.limits = limits
            self.priority = priority
            self.faces = faces
        }

        var workerCommand: [String] {
            command + [
                "--memory-limit", String(memoryLimit), "--deadline", String(deadline.value), "--priority",
                priority.argument,
            ] + (faces ? ["--faces"] : [])
        }
    }

    public let configuration: Configuration
    private let pool: Pool

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.pool = Pool()
    }

    public func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let path = request.path
        let stamp = try FileVersion.of(path).get()
        return try pool.state.withLock { (state) throws(DecodeError) -> DecodedImage in
            if let known = state.failures[path], known.stamp == stamp { throw known.error }
            // A worker stopped from outside is not the file's fault: a fresh one tries it again, once.
            for attempt in 0..<2 {
                let worker = try running(&state, path: path)
                switch worker.decode(request, limits: configuration.limits, deadline: configuration.deadline) {
                case .decoded(let image):
                    return image
                case .refused(let reason):
                    let error = DecodeError(path: path, reason: reason)
                    state.failures[path] = Failure(stamp: stamp, error: error)
                    throw error
                case .lost(let reason):
                    replace(worker, &state)
                    let error = DecodeError(path: path, reason: reason)
                    state.failures[path] = Failure(stamp: stamp, error: error)
                    throw error
                case .interrupted(let reason):
                    replace(worker, &state)
                    if attempt == 1 {
                        throw DecodeError(path: path, reason: "\(reason); it will be tried again later")
                    }
                }
            }
            throw DecodeError(path: path, reason: "the decoder could not be started")
        }
    }

    /// The running worker, started when there is none.
    private func running(_ state: inout State, path: String) throws(DecodeError) -> WorkerProcess {
        if let running = state.worker { return running }
        switch WorkerProcess.spawn(configuration.workerCommand, announcesReady: configuration.faces) {
        case .success(let started):
            state.worker = started
            state.spawned += 1
            return started
        case .failure(let failure):
            // Not the file's fault: nothing is remembered.
            throw DecodeError(path: path, reason: "cannot start the decode worker: \(failure.reason)")
        }
    }

    /// Killed or dead: replaced now, so the next image does not wait for a start.
    private func replace(_ worker: WorkerProcess, _ state: inout State) {
        worker.stop()
        state.replaced += 1
        state.worker = nil
        if case .success(let fresh) = WorkerProcess.spawn(
            configuration.workerCommand, announcesReady: configuration.faces)
        {
            state.worker = fresh
            state.spawned += 1
        }
    }

    /// Counts for tests and the benchmark: workers started and workers replaced after a failure.
    public var statistics: (spawned: Int, replaced: Int) {
        pool.state.withLock { ($0.spawned, $0.replaced) }
    }

    /// For the last decode that wanted faces: whether the worker's face detector was made before
    /// the request came (a worker started with `faces` makes it as it starts), or nil when none did.
    public var detectorWasReady: Bool? {
        pool.state.withLock { $0.worker?.lastDetectorReady }
    }

    /// The running worker's process id, if one runs (for measurements).
    public var workerProcessID: Int32? {
        pool.state.withLock { $0.worker?.pid }
    }

    /// Starts the worker ahead of the first decode, so that decode does not pay for the start.
    @discardableResult
    public func prepare() -> Bool {
        pool.state.withLock { state in
            if state.worker != nil { return true }
            guard
                case .success(let worker) = WorkerProcess.spawn(
                    configuration.workerCommand, announcesReady: configuration.faces)
            else { return false }
            state.worker = worker
            state.spawned += 1
            return true
        }
    }

    /// Stops the worker; the next decode starts a new one.
    public func shutdown() {
        pool.state.withLock { $0.worker = nil }
    }

    /// The decode worker: the `vitrine-decoder` program in the running program's folder, which
    /// maps only the decoders' libraries; when it is not there (said once in the log), the
    /// running program's own `decode-worker` command.
    public static func workerCommand() -> [String] { besideCommand }

    private static let besideCommand: [String] = {
        let running = currentExecutable()
        let folder = running.lastIndex(of: "/").map { String(running[..<$0]) } ?? "."
        let decoder = folder + "/" + decoderName
        if FileName.withSystemPath(decoder, { access($0, X_OK) }) == 0 { return [decoder] }
        Log("decode").warning(
            "no \(decoder): decoding in '\(running) decode-worker' instead, which maps all of vitrine's libraries")
        return [running, "decode-worker"]
    }()

    /// The name of the decode worker's own program.
    public static let decoderName = "vitrine-decoder"

    /// The running program, which carries the `decode-worker` command.
    public static func currentExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments.first ?? "vitrine"
    }

    /// Half the machine's memory, between 256 MB and 1 GB.
    public static func defaultMemoryLimit() -> Int {
        let physical = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        return min(max(physical / 2, 256 << 20), 1 << 30)
    }

    private struct Failure {
        var stamp: FileVersion
        var error: DecodeError
    }

    private struct State {
        var worker: WorkerProcess?
        var failures: [String: Failure] = [:]
        var spawned = 0
        var replaced = 0
    }

    /// The shared, locked state; one decode holds the lock at a time.
    private final class Pool: Sendable {
        let state = Mutex(State())
    }
}
