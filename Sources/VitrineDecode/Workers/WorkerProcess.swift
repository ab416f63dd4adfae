import Glibc
import VitrineBase
import VitrinePOSIX

/// A running decode worker seen from the display process: its process id,
/// the channel to it and the shared memory for pixels. Destroying it kills
/// and reaps the process.
final class WorkerProcess {
    let pid: pid_t
    private let channel: WorkerChannel
    private let pixels: SharedPixels
    private var exited = false
    /// Started with `--faces`: a `WorkerReady` line comes before the first answer.
    private var awaitingReady: Bool
    /// For the last decode that wanted faces: whether the worker had its detector made before
    /// the request came (see `WorkerReply.detectorReady`).
    private(set) var lastDetectorReady: Bool?

    /// How a decode in the worker ended.
    enum Outcome {
        case decoded(DecodedImage)
        /// The worker answered that the file cannot be shown; it stays usable.
        case refused(String)
        /// The worker is gone or was stopped while decoding the file (the file's fault); it must be replaced.
        case lost(String)
        /// The worker was ended by a signal the file did not cause (SIGHUP or SIGTERM to the
        /// process group, SIGKILL from outside); it must be replaced and the file tried again.
        case interrupted(String)
    }

    private init(pid: pid_t, channel: WorkerChannel, pixels: SharedPixels, announcesReady: Bool) {
        self.pid = pid
        self.channel = channel
        self.pixels = pixels
        self.awaitingReady = announcesReady
    }

    deinit {
        stop()
    }

    /// Starts `command` (executable path first) with the channel as fd 3 and the shared memory as fd 4.
    /// `announcesReady`: the command has the worker make its face detector first and say so.
    static func spawn(_ command: [String], announcesReady: Bool = false) -> Result<WorkerProcess, SpawnError> {
        guard !command.isEmpty else { return .failure(SpawnError(reason: "no worker command")) }
        let mine: WorkerChannel
        let theirs: WorkerChannel
        let pixels: SharedPixels
        do throws(Errno) {
            let pair = try WorkerChannel.pair()
            mine = pair.0
            theirs = pair.1
            pixels = try SharedPixels.create()
        } catch {
            return .failure(SpawnError(error))
        }
        // Both descriptors are moved above the target numbers first, so neither dup2 overwrites
        // the other; the copies are closed (with their owners, here) once the worker has its own.
        let launched: Result<pid_t, SpawnError>
        do throws(Errno) {
            let channelCopy = try theirs.duplicate(atLeast: 10)
            let pixelsCopy = try pixels.duplicate(atLeast: 10)
            launched = launch(command, channel: channelCopy, pixels: pixelsCopy)
        } catch {
            return .failure(SpawnError(error))
        }
        return launched.map {
            WorkerProcess(pid: $0, channel: mine, pixels: pixels, announcesReady: announcesReady)
        }
    }

    /// Starts `command` with descriptor `channel` as fd 3 and `pixels` as fd 4, standard input
    /// and output on /dev/null, default signal handling and nothing blocked.
    private static func launch(
        _ command: [String], channel: borrowing FileDescriptor, pixels: borrowing FileDescriptor
    ) -> Result<pid_t, SpawnError> {
        guard let executable = command.first else { return .failure(SpawnError(reason: "no worker command")) }
        var actions = posix_spawn_file_actions_t()
        if let failure = Self.checked(posix_spawn_file_actions_init(&actions)) { return .failure(failure) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        if let failure = Self.checked(posix_spawnattr_init(&attributes)) { return .failure(failure) }
        defer { posix_spawnattr_destroy(&attributes) }
        // The worker starts with default signal handling and nothing blocked.
        var all = sigset_t()
        var none = sigset_t()
        // sigfillset and sigemptyset return -1 (and set errno); the others return an error number.
        let codes: [Int32] = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0),
            posix_spawn_file_actions_adddup2(&actions, channel.rawValue, 3),
            posix_spawn_file_actions_adddup2(&actions, pixels.rawValue, 4),
            sigfillset(&all) == 0 ? 0 : errno,
            sigemptyset(&none) == 0 ? 0 : errno,
            posix_spawnattr_setsigdefault(&attributes, &all),
            posix_spawnattr_setsigmask(&attributes, &none),
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)),
        ]
        if let code = codes.first(where: { $0 != 0 }) { return .failure(SpawnError(Errno(rawValue: code))) }

        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) }
        argv.append(nil)
        defer { for arg in argv { free(arg) } }
        // A crashing worker is expected now and then: no lengthy Swift backtrace in the journal.
        // (The worker sets glibc's allocation thresholds itself: `DecodeWorker.returnLargeBuffers`.)
        let settings = ["SWIFT_BACKTRACE=enable=no"]
        var environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) }
        let replaced = settings.map { String($0.prefix { $0 != "=" }) + "=" }
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !replaced.contains(where: { text.hasPrefix($0) }) { environment.append(strdup(entry)) }
            index += 1
        }
        environment.append(nil)
        defer { for entry in environment { free(entry) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        guard status == 0 else { return .failure(SpawnError(Errno(rawValue: status), executable: executable)) }
        return .success(pid)
    }

    /// A spawn step's returned error number as a failure, nil when it worked.
    private static func checked(_ code: Int32) -> SpawnError? {
        code == 0 ? nil : SpawnError(Errno(rawValue: code))
    }

    /// Decodes `request` in the worker, waiting at most `deadline`.
    func decode(_ request: DecodeRequest, limits: DecodeLimits, deadline: Seconds) -> Outcome {
        let message = WorkerRequest(request, limits: limits)
        do throws(Errno) {
            try pixels.reserve(message.maxResultBytes)
        } catch {
            return .lost("cannot reserve shared memory for the pixels (\(error))")
        }
        if awaitingReady, let unready = waitUntilReady() { return unready }
        guard let text = WorkerCoding.encode(message), channel.send(text) else { return ended() }
        let started = MonotonicInstant.now()
        let usedBefore = cpuSeconds()
        var answer = channel.receive(until: started + deadline)
        // The worker runs below the display process: on a busy machine it may have waited for
        // the CPU rather than hung. Runnable and having had less than half the deadline of CPU,
        // it gets up to `starvedDeadline` times the deadline (a loop uses the CPU; a wait sleeps).
        if case .failure(.timedOut) = answer, isStarved(since: usedBefore, deadline: deadline) {
            answer = channel.receive(until: started + deadline * Self.starvedDeadline)
        }
        switch answer {
        case .success(let line):
            guard let reply = WorkerCoding.decode(WorkerReply.self, from: line) else {
                stop()
                return .lost("the decode worker sent a malformed answer")
            }
            if let failure = reply.failure { return .refused(failure) }
            if let ready = reply.detectorReady { lastDetectorReady = ready }
            guard reply.width > 0, reply.height > 0, let data = pixels.read(count: reply.width * reply.height) else {
                return .lost("the decode worker's pixels could not be read back")
            }
            var image = DecodedImage(
                pixels: PixelBuffer(width: reply.width, height: reply.height, pixels: data),
                sourceSize: Size(width: reply.sourceWidth, height: reply.sourceHeight),
                metadata: reply.metadata
                    ?? (reply.description == nil && reply.dateTaken == nil
                        ? nil : ImageMetadata(description: reply.description, dateTaken: reply.dateTaken)))
            let backdropCount = reply.backdropWidth * reply.backdropHeight
            if reply.backdropWidth > 0, reply.backdropHeight > 0, reply.backdropWidth <= Backdrop.maxSide,
                reply.backdropHeight <= Backdrop.maxSide,
                let backdrop = pixels.read(count: backdropCount, offset: reply.width * reply.height)
            {
                image.backdrop = PixelBuffer(width: reply.backdropWidth, height: reply.backdropHeight, pixels: backdrop)
            }
            return .decoded(image)
        case .failure(.timedOut):
            stop()
            return .lost("decoding took longer than \(Self.seconds(deadline)); the decoder was stopped")
        case .failure:
            return ended()
        }
    }

    /// Seconds a worker started with `--faces` may take to make its face detector (dlib takes
    /// one or two on a small board) before its first request: not counted in that decode's deadline.
    static let readyDeadline: Seconds = 60

    /// Waits for the worker's `WorkerReady` line; nil once it came, else how the decode ended.
    private func waitUntilReady() -> Outcome? {
        switch channel.receive(until: MonotonicInstant.now() + Self.readyDeadline) {
        case .success(let line):
            guard WorkerCoding.decode(WorkerReady.self, from: line) != nil else {
                stop()
                return .interrupted("the decode worker sent a malformed first line")
            }
            awaitingReady = false
            return nil
        case .failure(.timedOut):
            stop()
            return .interrupted(
                "the decode worker did not get ready within \(Self.seconds(Self.readyDeadline))")
        case .failure:
            return ended()
        }
    }

    /// How many deadlines a decode that was kept from the CPU may take (below the worker's
    /// own backstop alarm of three).
    static let starvedDeadline = 2.5

    /// Whether a thread of the worker is runnable and the worker has used less than half of
    /// `deadline` in CPU seconds since `used`: it waits for the CPU, not in a hang.
    private func isStarved(since used: Seconds?, deadline: Seconds) -> Bool {
        guard let used, let now = cpuSeconds(), now - used < deadline * 0.5 else { return false }
        return WorkerPriority.threads(of: pid).contains { thread in
            ProcessStat.fields("/proc/\(pid)/task/\(thread)/stat")?.first == "R"
        }
    }

    /// The worker's user and system CPU seconds so far (fields 14 and 15 of its stat).
    private func cpuSeconds() -> Seconds? {
        guard let fields = ProcessStat.fields("/proc/\(pid)/stat"), fields.count > 12,
            let user = Double(fields[11]), let system = Double(fields[12])
        else { return nil }
        return Seconds((user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// Kills the worker (if it still runs) and reaps it.
    func stop() {
        guard !exited else { return }
        // ESRCH is the only failure left for our own child: it is gone already (a zombie still
        // takes the signal), and reaping it below is all there is to do either way.
        _ = kill(pid, SIGKILL)
        _ = reap()
    }

    /// Signals a worker gets from outside, not from decoding a file.
    static let externalSignals: Set<Int32> = [SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGKILL, SIGPIPE, SIGUSR1, SIGUSR2]

    /// Why the worker ended, once it has: the file's fault, or a signal from outside.
    private func ended() -> Outcome {
        guard let status = reap() else { return .lost("the decoder stopped answering") }
        let signal = status & 0x7F
        if Self.externalSignals.contains(signal) {
            return .interrupted("the decoder was stopped from outside (\(Self.signalName(signal)))")
        }
        if signal != 0 {
            return .lost("the decoder crashed (\(Self.signalName(signal))); the file is probably damaged")
        }
        return .lost("the decoder exited unexpectedly (code \((status >> 8) & 0xFF))")
    }

    /// Waits for the process to end; its raw wait status, or nil if it could not be collected.
    /// `waitpid` fails only with ECHILD once interrupts are retried: the child is not ours to
    /// reap (it was reaped already), and there is no status to tell.
    private func reap() -> Int32? {
        guard !exited else { return nil }
        var status: Int32 = 0
        do throws(Errno) {
            _ = try Errno.check { waitpid(pid, &status, 0) }
        } catch {
            return nil
        }
        exited = true
        return status
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "segmentation fault"
        case SIGBUS: return "bus error"
        case SIGABRT: return "aborted, often out of memory"
        case SIGILL, SIGTRAP: return "runtime trap, often out of memory"
        case SIGFPE: return "arithmetic fault"
        case SIGKILL: return "killed"
        case SIGHUP: return "SIGHUP"
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGALRM, SIGXCPU: return "stopped after running too long"
        default: return "signal \(signal)"
        }
    }

    private static func seconds(_ length: Seconds) -> String {
        length.value == length.value.rounded() ? "\(Int(length.value)) s" : "\(length.value) s"
    }
}

/// Why a worker could not be started.
struct SpawnError: Error {
    var reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(_ error: Errno, executable: String? = nil) {
        self.reason = executable.map { "cannot run \($0): \(error)" } ?? error.description
    }
}
