import CMalloc
import Glibc
import VitrineBase
import VitrinePOSIX

/// The decode worker's side: a loop that reads requests from the channel,
/// decodes with `MediaDecoder`, writes the pixels to the shared memory and
/// answers. It runs in its own process under an address-space limit, so a
/// file that crashes, hangs or floods a decoder costs only this process.
public enum DecodeWorker {
    /// A deliberate failure for tests of the isolation: when the decoded
    /// file's name is `fileName`, the worker crashes, hangs or allocates
    /// without end instead of decoding.
    public struct Fault: Equatable, Sendable {
        public enum Kind: String, Sendable, CaseIterable {
            case crash
            case hang
            case hog
            /// Stopped by a SIGHUP, as when one is sent to the whole process group.
            case hangup
        }
        public var kind: Kind
        public var fileName: String

        public init(kind: Kind, fileName: String) {
            self.kind = kind
            self.fileName = fileName
        }

        /// Parses `KIND:FILENAME`.
        public init?(_ text: String) {
            guard let colon = text.firstIndex(of: ":"),
                let kind = Kind(rawValue: String(text[..<colon]))
            else { return nil }
            self.init(kind: kind, fileName: String(text[text.index(after: colon)...]))
        }

        public var argument: String { "\(kind.rawValue):\(fileName)" }
    }

    /// How the worker was started.
    public struct Options: Sendable {
        public var channel: Int32 = 3
        public var pixels: Int32 = 4
        /// Address-space limit in bytes (RLIMIT_AS); 0 leaves it alone.
        public var memoryLimit: Int = 0
        /// The display process's deadline; the worker stops itself some time after it.
        public var deadline: Seconds = 10
        public var fault: Fault?
        /// How the worker is scheduled against the display process.
        public var priority = WorkerPriority.default
        /// Faces are wanted: the face detector is made as the worker starts, before its first
        /// request, and the worker says so (`WorkerReady`) before it reads one.
        public var faces = false

        public init() {}
    }

    /// Serves requests until the display process closes the channel. Returns the exit code.
    public static func run(_ options: Options) -> Int32 {
        // Descriptors the display process opened without close-on-exec (a display
        // device, say) have no business here.
        closefrom(max(options.channel, options.pixels, 2) + 1)
        applyLimits(options)
        // The worker starts no libdispatch pool threads: those would set their own nice level (that
        // of their quality of service, some below 0 where the service's LimitNICE allows), and their
        // pool's monitor would wake the worker every second at rest (see BandThreads). A decode's
        // threads are started by this thread or by threads it started, and inherit what is applied here.
        options.priority.applyToProcess()
        returnLargeBuffers()
        let channel = WorkerChannel(FileDescriptor(owning: options.channel))
        let pixels = FileDescriptor(owning: options.pixels)
        // Colour transforms are made once per profile and kept for the worker's life.
        let colors = ColorTransforms()
        // So is the face detector: made now when faces are wanted (outside any decode's
        // deadline: the display process waits for the ready line before its first request),
        // else at the first photo that asks for them.
        let faces = FaceFinder()
        if options.faces {
            let ready = WorkerReady(faces: faces.prepare())
            guard let text = WorkerCoding.encode(ready), channel.send(text) else { return 1 }
        }
        while case .success(let line) = channel.receive(until: nil) {
            guard let request = WorkerCoding.decode(WorkerRequest.self, from: line) else {
                _ = send(.failed("the decode worker received a malformed request"), on: channel)
                continue
            }
            // A backstop should the display process be gone and the decode never end.
            alarm(UInt32(min(max(options.deadline.value * 3, 5), 3600)))
            // Set again: a thread a decoder's library started since may have set its own level.
            options.priority.applyToProcess()
            let reply = serve(request, options: options, pixels: pixels, colors: colors, faces: faces)
            alarm(0)
            // And after: a thread started during this decode that set its own level does not idle
            // at it until the next request.
            options.priority.applyToProcess()
            guard send(reply, on: channel) else { return 1 }
            // Idle until the next request: what the decode freed below the mapping threshold
            // (rows, tables, the threads' arenas) goes back to the system too. Its result only says
            // whether any memory went back.
            _ = malloc_trim(0)
            // And the pages of code and constants the decode touched (the decoders', the start's)
            // leave the worker's page table; the next decode brings back those it uses.
            FilePages.giveBack()
        }
        return 0
    }

    /// Makes every allocation of 1 MB or more (a file, a coefficient buffer, an image) a mapping
    /// of its own, given back to the system when freed. glibc otherwise raises that threshold
    /// to the largest block freed so far (up to 32 MB), after which such blocks come from the
    /// heap and a long-running worker keeps the memory of its largest decode. A few page faults
    /// a decode are the cost. For the decode worker, and for measuring what it would use.
    ///
    /// The top of the heap goes back as glibc does by default (above 128 KB free), whatever the
    /// environment says: kept until the trim after the request, it added 3 MB to a 12 MP HEIC's
    /// peak from the second decode on (87.1 MB against 84.0 MB) and 2 MB to a JPEG XL's.
    public static func returnLargeBuffers() {
        // mallopt refuses only a value out of range (the threshold's limit is 32 MB): 1 MB is not,
        // nor is 128 KB for the trim threshold (any value is taken).
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 128 << 10)
    }

    private static func serve(
        _ request: WorkerRequest, options: Options, pixels: borrowing FileDescriptor, colors: ColorTransforms,
        faces: FaceFinder
    ) -> WorkerReply {
        if let fault = options.fault, request.path.split(separator: "/").last.map(String.init) == fault.fileName {
            trigger(fault.kind)
        }
        let detectorReady = faces.isReady
        do {
            let image = try MediaDecoder(limits: request.limits, colors: colors, faces: faces).decode(
                request.decodeRequest)
            let backdrop = image.backdrop.map(\.pixels) ?? []
            guard SharedPixels.write([image.pixels.pixels, backdrop], to: pixels) else {
                return .failed(
                    "the decoded image does not fit the shared memory (\(image.pixels.width)x\(image.pixels.height))")
            }
            return WorkerReply(
                width: image.pixels.width, height: image.pixels.height, sourceWidth: image.sourceSize.width,
                sourceHeight: image.sourceSize.height, description: image.metadata?.description,
                dateTaken: image.metadata?.dateTaken, metadata: image.metadata,
                backdropWidth: image.backdrop?.width ?? 0, backdropHeight: image.backdrop?.height ?? 0,
                detectorReady: request.faces ? detectorReady : nil)
        } catch {
            return .failed(error.reason)
        }
    }

    private static func send(_ reply: WorkerReply, on channel: WorkerChannel) -> Bool {
        guard let text = WorkerCoding.encode(reply) else { return false }
        return channel.send(text)
    }

    /// The worker's `oom_score_adj`: under memory pressure the kernel kills it before the display
    /// process (0), which replaces it and goes on. Raising one's own score needs no privilege.
    public static let oomScoreAdjustment = 500

    /// Writes `oomScoreAdjustment` to /proc/self/oom_score_adj; false when it could not be set.
    @discardableResult
    public static func offerToTheOOMKiller() -> Bool {
        do {
            let file = try FileDescriptor.open("/proc/self/oom_score_adj", O_WRONLY)
            try file.writeAll(Array("\(oomScoreAdjustment)\n".utf8))
            try file.close()
            return true
        } catch {
            return false
        }
    }

    private static func applyLimits(_ options: Options) {
        offerToTheOOMKiller()
        // A crash leaves no core file behind on the frame's storage.
        limit(RLIMIT_CORE, to: 0, "core files")
        if options.memoryLimit > 0 {
            limit(RLIMIT_AS, to: rlim_t(options.memoryLimit), "the address space")
        }
    }

    /// Sets `resource`'s soft and hard limit to `value`. Lowering a limit fails only for a value
    /// above the hard limit (EPERM): the worker then goes on under the limit it has, and says so
    /// once in the log (standard error: the display process's journal).
    private static func limit(_ resource: __rlimit_resource, to value: rlim_t, _ what: String) {
        var limit = rlimit(rlim_cur: value, rlim_max: value)
        do throws(Errno) {
            _ = try Errno.check { setrlimit(__rlimit_resource_t(resource.rawValue), &limit) }
        } catch {
            Log("decode worker").warning("cannot limit \(what) to \(value): \(error)")
        }
    }

    private static func trigger(_ kind: Fault.Kind) {
        switch kind {
        case .crash:
            signal(SIGSEGV, SIG_DFL)
            raise(SIGSEGV)
        case .hang:
            while true { pause() }
        case .hangup:
            signal(SIGHUP, SIG_DFL)
            raise(SIGHUP)
        case .hog:
            var blocks: [UnsafeMutableRawPointer] = []
            while true {
                guard let block = malloc(16 << 20) else {
                    signal(SIGABRT, SIG_DFL)
                    raise(SIGABRT)
                    return
                }
                memset(block, 1, 16 << 20)
                blocks.append(block)
            }
        }
    }
}
