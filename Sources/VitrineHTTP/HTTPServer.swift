import CMicroHTTPD
import Foundation
import Glibc
import Synchronization
import VitrineCore
import VitrinePOSIX

/// The one HTTP server of the program (the owner's web page and the control API), owning a
/// libmicrohttpd daemon:
///
/// - event-driven: a small pool of threads waits on epoll for every connection (not a thread
///   per connection); answers are made on a few worker threads while the connection is
///   suspended, so a slow answer holds up no other client;
/// - connections are limited in all and per client address; each has a fixed buffer for its
///   head (`headBytes`; a longer head is refused by the library);
/// - the `Host` header must name this server (`HostPolicy`), and a change (any method but GET
///   and HEAD) must come from a same-origin page when `changesNeedOrigin`;
/// - the service decides from the head alone whether a body may be sent, how much and where it
///   goes; nothing is read before that, and limits are enforced while reading;
/// - time limits on the whole request, not per byte: `headSeconds` from the connection's start
///   (or its previous answer) to the end of the head, the service's own limit for the body; a
///   connection past them is shut down by a watchdog, however slowly it trickles.
public final class HTTPServer: Sendable {
    public struct Configuration: Sendable {
        /// What the log calls it: "web page", "control API".
        public var name: String
        /// An IPv4 or IPv6 address (`localhost` is 127.0.0.1; `0.0.0.0` or `::` every one).
        public var bind: String
        /// 0 picks a free port; see `port`.
        public var port: Int
        /// The PEM certificate (chain) and private key for HTTPS; both or neither.
        public var certificatePEM: String?
        public var keyPEM: String?
        /// Connections open at once, in all and from one client address.
        public var connectionLimit: UInt32 = 256
        public var perAddressLimit: UInt32 = 16
        /// Each connection's buffer for the request head and the answer's headers.
        public var headBytes = 32 * 1024
        /// How long a connection may take to send a whole request head.
        public var headSeconds: Seconds = 10
        /// Seconds without any traffic that close a connection (libmicrohttpd's own timeout).
        public var idleSeconds: UInt32 = 10
        /// How long a client may take to read an answer.
        public var answerSeconds: Seconds = 60
        /// Event threads, and worker threads that make answers.
        public var eventThreads: UInt32 = 2
        public var workerThreads = 4
        /// Answers waiting for a worker at most; past it, 503.
        public var queuedAnswers = 128
        /// Event streams open at once, in all and from one client address (each is also a connection).
        public var streamLimit = 32
        public var streamsPerAddress = 4
        /// How long an event stream stays open before the server ends it (the browser opens another).
        public var streamSeconds: Seconds = 300
        /// Silence on an event stream this long sends a comment line.
        public var streamKeepAlive: Seconds = 15
        /// Other names the server is reached by (see `HostPolicy`).
        public var hostNames: [String] = []
        /// Whether the `Host` must be one of them (off only where every request carries a secret
        /// a rebinding page cannot know, such as the control API's bearer token).
        public var checksHost = true
        /// Whether a change needs a same-origin `Origin` or `Referer` (a browser page), or only
        /// must not come with a foreign one (a program such as `vitrine ctl` sends neither).
        public var changesNeedOrigin = true

        public init(name: String, bind: String, port: Int) {
            self.name = name
            self.bind = bind
            self.port = port
        }
    }

    /// Why the server could not start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The port listened on.
    public let port: Int
    /// Whether it speaks HTTPS.
    public let tls: Bool
    let core: ServerCore
    private let handle: DaemonHandle

    /// Listens at once; throws when the address cannot be used, the port is taken or the
    /// certificate is refused.
    public init(_ configuration: Configuration, service: any HTTPService) throws(Failure) {
        let tls = configuration.certificatePEM != nil && configuration.keyPEM != nil
        let core = ServerCore(configuration: configuration, service: service, tls: tls)
        let address = configuration.bind == "localhost" ? "127.0.0.1" : configuration.bind
        guard let daemon = Self.start(address: address, configuration: configuration, core: core) else {
            let error = Errno.current  // libmicrohttpd's failed bind or listen, before anything else sets it
            core.workers.close(threads: configuration.workerThreads)
            let why = error == .addressInUse ? "the port is taken" : error.description
            throw Failure(
                description: "\(configuration.name): cannot listen on \(configuration.bind) port "
                    + "\(configuration.port): \(why)"
                    + (tls ? " (or the certificate and key are not a pair in PEM)" : ""))
        }
        self.core = core
        self.tls = tls
        handle = DaemonHandle(daemon, core: core, workerThreads: configuration.workerThreads)
        port = Int(vitrine_mhd_port(daemon))
        core.startWatchdog()
    }

    /// Stops listening once the answers being made are sent, and waits for the threads. Also
    /// done when the server goes away.
    public func stop() {
        handle.stop()
    }

    private static func start(address: String, configuration: Configuration, core: ServerCore) -> OpaquePointer? {
        let context = Unmanaged.passUnretained(core).toOpaque()
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let port = in_port_t(UInt16(clamping: configuration.port).bigEndian)
        let start = { (socket: UnsafePointer<sockaddr>, ipv6: Int32) -> OpaquePointer? in
            errno = 0
            return vitrine_http_start(
                socket, ipv6, accessHandler, context, requestCompleted, connectionNotice,
                configuration.connectionLimit, configuration.perAddressLimit, configuration.headBytes,
                configuration.idleSeconds, configuration.eventThreads, configuration.certificatePEM,
                configuration.keyPEM)
        }
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port
            return withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, 0) }
            }
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port
            return withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, 1) }
            }
        }
        errno = EINVAL
        return nil
    }
}

/// The daemon handle; stopped once, when asked or when released.
private final class DaemonHandle: @unchecked Sendable {
    // @unchecked: the handle is only stopped once, under `stopped`'s lock.
    let daemon: OpaquePointer
    let core: ServerCore
    let workerThreads: Int
    private let stopped = Mutex(false)

    init(_ daemon: OpaquePointer, core: ServerCore, workerThreads: Int) {
        self.daemon = daemon
        self.core = core
        self.workerThreads = workerThreads
    }

    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // libmicrohttpd must not be stopped with a connection suspended: new requests are
        // refused, and the answers being made are waited for (each is bounded in time).
        core.stopping.store(true, ordering: .sequentiallyConsistent)
        core.endStreams()
        while core.suspended.load(ordering: .sequentiallyConsistent) > 0 { usleep(5_000) }
        MHD_stop_daemon(daemon)
        core.stopWatchdog()
        core.workers.close(threads: workerThreads)
    }

    deinit { stop() }
}

/// What the callbacks share, reached through libmicrohttpd's context pointer.
final class ServerCore: Sendable {
    let configuration: HTTPServer.Configuration
    let service: any HTTPService
    let hosts: HostPolicy
    let tls: Bool
    let workers: WorkerPool
    let stopping = Atomic<Bool>(false)
    /// Connections suspended while a worker makes their answer.
    let suspended = Atomic<Int>(0)
    let log: Log
    /// Open connections: their socket and the moment they must be done by.
    let deadlines = Mutex<[UInt: (socket: Int32, deadline: MonotonicInstant)]>([:])
    let shutDown = Atomic<Int>(0)
    /// Open event streams, by their connection.
    let streams = Mutex<[UInt: HTTPEventStream]>([:])
    private let watchdogStop = DispatchSemaphore(value: 0)

    init(configuration: HTTPServer.Configuration, service: any HTTPService, tls: Bool) {
        self.configuration = configuration
        self.service = service
        self.tls = tls
        hosts = HostPolicy(bind: configuration.bind, names: configuration.hostNames)
        workers = WorkerPool(
            threads: configuration.workerThreads, capacity: configuration.queuedAnswers, name: "vitrine.http")
        log = Log(configuration.name == "control API" ? "control" : "web")
    }

    /// The instant a connection given `length` from `now` must be done by; an infinite length
    /// never ends it.
    static func deadline(after length: Seconds, from now: MonotonicInstant) -> MonotonicInstant {
        length.isFinite ? now + length : .distantFuture
    }

    func setDeadline(_ connection: OpaquePointer, _ length: Seconds) {
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        let deadline = Self.deadline(after: length, from: .now())
        deadlines.withLock { table in
            if let entry = table[key] { table[key] = (entry.socket, deadline) }
        }
    }

    /// Once a second: shuts down the sockets of connections past their time, so libmicrohttpd
    /// closes them. Under the lock that their closing takes too, so a socket number is never
    /// reused underneath.
    func startWatchdog() {
        let thread = Thread { [self] in
            while watchdogStop.wait(timeout: .now() + 1) == .timedOut {
                closeLateConnections()
                tendStreams()
            }
        }
        thread.name = "vitrine.http-watchdog"
        thread.start()
    }

    func stopWatchdog() {
        watchdogStop.signal()
    }

    private func closeLateConnections() {
        let now = MonotonicInstant.now()
        let count = deadlines.withLock { table -> Int in
            var count = 0
            for (_, entry) in table where entry.deadline < now && entry.socket >= 0 {
                Glibc.shutdown(entry.socket, Int32(SHUT_RDWR))
                count += 1
            }
            return count
        }
        guard count > 0 else { return }
        let before = shutDown.add(count, ordering: .relaxed).oldValue
        // Said once, then once per thousand, so a flood cannot fill the journal.
        if before == 0 || before / 1000 != (before + count) / 1000 {
            log.warning(
                "\(configuration.name): closed \(before + count) connection(s) so far that took too long "
                    + "to send their request")
        }
    }
}

/// One request from its head to its end.
final class RequestState: @unchecked Sendable {
    // @unchecked: libmicrohttpd calls for one connection on one thread at a time; `answer` is
    // handed from the worker under its lock.
    enum Body {
        /// Held in memory; `quick`: answered on the event thread, not by a worker.
        case buffer(limit: Int, answer: @Sendable (Data) -> HTTPResponse, quick: Bool)
        case stream(any HTTPBodySink)
        /// Refused from its head: the few bytes of body read and dropped, so the answer is not
        /// lost to the reset a close with unread bytes causes.
        case discard(limit: Int, answer: HTTPResponse)
    }
    let body: Body
    var bytes = Data()
    var dropped = 0
    var refused = false
    /// A body stream's refusal, sent once the rest of the body is read.
    var heldRefusal: HTTPResponse?
    var dispatched = false
    var finished = false
    let answer = Mutex<HTTPResponse?>(nil)

    init(_ body: Body) {
        self.body = body
    }
}

private func key(_ connection: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
}

/// Connections opening and closing: the watchdog's table.
private let connectionNotice: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        lowerPriorityOnce()
        let socket = vitrine_mhd_socket(connection)
        let deadline = ServerCore.deadline(after: core.configuration.headSeconds, from: .now())
        core.deadlines.withLock { $0[key(connection)] = (socket, deadline) }
    } else {
        _ = core.deadlines.withLock { $0.removeValue(forKey: key(connection)) }
    }
}

/// Puts the calling thread (one of libmicrohttpd's event threads) below the show's frame loop,
/// the first time it is called on it: a flood of requests takes the processor the show leaves.
private func lowerPriorityOnce() {
    let dictionary = Thread.current.threadDictionary
    guard dictionary["vitrine.http.lowered"] == nil else { return }
    dictionary["vitrine.http.lowered"] = true
    // Raising the nice value of one's own thread is always allowed; were it refused, the thread
    // runs at the show's priority, as it did before this was added.
    _ = vitrine_lower_thread_priority(10)
}

/// Called once when the head is in, then for each piece of the body, then once more with no
/// data (and again after a worker resumes the connection with its answer).
private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, size, stored in
    guard let context, let connection, let stored, let size else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    guard let pointer = stored.pointee else {
        return admit(core, connection, url, method, stored)
    }
    let request = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if size.pointee > 0 {
        let count = size.pointee
        size.pointee = 0
        if request.refused { return .YES }
        switch request.body {
        case .buffer(let limit, _, _):
            guard request.bytes.count + count <= limit else {
                request.refused = true
                request.bytes = Data()
                return send(connection, .plainError(413, "too much at once: at most \(sizeText(limit)) here"))
            }
            if let data {
                request.bytes.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
            }
        case .stream(let sink):
            guard let data else { return .YES }
            if let held = request.heldRefusal {
                // Refused part way: the rest is read and dropped (up to a bound) so the answer arrives.
                request.dropped += count
                if request.dropped > streamDrainBytes {
                    request.refused = true
                    return send(connection, held)
                }
                return .YES
            }
            if let refusal = sink.write(UnsafeRawBufferPointer(start: data, count: count)) {
                request.finished = true
                sink.abandon()
                request.heldRefusal = refusal
            }
        case .discard(let limit, let answer):
            request.dropped += count
            if request.dropped > limit {
                request.refused = true
                return send(connection, answer)
            }
        }
        return .YES
    }
    if case .discard(_, let answer) = request.body {
        request.refused = true
        return send(connection, answer)
    }
    if request.refused { return .YES }
    if let held = request.heldRefusal {
        request.refused = true
        return send(connection, held)
    }
    if request.dispatched {
        // Resumed by the worker: its answer is ready.
        guard let answer = request.answer.withLock({ $0 }) else { return .NO }
        core.setDeadline(connection, core.configuration.answerSeconds)
        return send(connection, answer)
    }
    request.dispatched = true
    let job: @Sendable () -> HTTPResponse
    switch request.body {
    case .buffer(_, let answer, let quick):
        let bytes = request.bytes
        request.bytes = Data()
        // A quick answer is made here, on the event thread, without waiting for a worker.
        if quick { return send(connection, answer(bytes)) }
        job = { answer(bytes) }
    case .stream(let sink):
        request.finished = true
        job = { sink.finish() }
    case .discard(_, let answer):
        return send(connection, answer)
    }
    // Counted before `stopping` is looked at (and `stop` sets it before it waits for the count):
    // either the server waits for this answer, or the answer is refused; never a suspended
    // connection left to a stopped daemon.
    core.suspended.add(1, ordering: .sequentiallyConsistent)
    if core.stopping.load(ordering: .sequentiallyConsistent) {
        core.suspended.subtract(1, ordering: .sequentiallyConsistent)
        request.finished = false
        return send(connection, .plainError(503, "the server is stopping"))
    }
    core.setDeadline(connection, .infinity)
    MHD_suspend_connection(connection)
    let connectionBits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    let queued = core.workers.submit {
        let made = job()
        request.answer.withLock { $0 = made }
        if let resumed = OpaquePointer(bitPattern: connectionBits) { MHD_resume_connection(resumed) }
        core.suspended.subtract(1, ordering: .acquiringAndReleasing)
    }
    if !queued {
        // Not made: a body stream's files go when the request completes.
        request.finished = false
        request.answer.withLock { $0 = .plainError(503, "busy; try again in a moment") }
        MHD_resume_connection(connection)
        core.suspended.subtract(1, ordering: .acquiringAndReleasing)
    }
    return .YES
}

/// The head is in: the host, the origin, then the service decide; no body byte is read before.
private func admit(
    _ core: ServerCore, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?,
    _ stored: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
    let head = HTTPHead(
        method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
        query: values(connection, .GET_ARGUMENT_KIND), headers: values(connection, .HEADER_KIND),
        client: client(connection), tls: core.tls)
    if let refusal = checkHostAndOrigin(core, head) { return refuse(core, connection, head, refusal, stored) }
    switch core.service.admit(head) {
    case .respond(let answer):
        return refuse(core, connection, head, answer, stored)
    case .buffer(let limit, let seconds, let answer):
        return buffer(core, connection, head, limit: limit, seconds: seconds, answer: answer, quick: false, stored)
    case .quick(let limit, let seconds, let answer):
        return buffer(core, connection, head, limit: limit, seconds: seconds, answer: answer, quick: true, stored)
    case .stream(let sink, let seconds):
        core.setDeadline(connection, seconds)
        stored.pointee = Unmanaged.passRetained(RequestState(.stream(sink))).toOpaque()
        return .YES
    case .events(let headers, let open):
        if head.contentLength ?? 0 > 0 || head.header("transfer-encoding") != nil {
            return send(connection, .plainError(400, "a live stream takes no body"))
        }
        return openEventStream(core, connection, head, headers: headers, open: open)
    }
}

/// A body to be held in memory up to `limit` bytes, within `seconds`, then answered (by a
/// worker, or on the event thread when `quick`); refused with 413 when its head announces more.
private func buffer(
    _ core: ServerCore, _ connection: OpaquePointer, _ head: HTTPHead, limit: Int, seconds: Seconds,
    answer: @escaping @Sendable (Data) -> HTTPResponse, quick: Bool,
    _ stored: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
    if let length = head.contentLength, length > limit {
        return send(connection, .plainError(413, "too much at once: at most \(sizeText(limit)) here"))
    }
    core.setDeadline(connection, seconds)
    stored.pointee = Unmanaged.passRetained(RequestState(.buffer(limit: limit, answer: answer, quick: quick)))
        .toOpaque()
    return .YES
}

/// The most of a refused request's body that is read (and dropped) so that its answer arrives.
let refusedBodyBytes = 8 << 10
/// The same for a signed-in upload refused part way (a bad name, a file too large).
let streamDrainBytes = 1 << 20

/// Answers from the head. A request that has no body, or announces more than `refusedBodyBytes`,
/// is answered now (and, with a body, closed after); one with a few bytes of body has them read
/// and dropped first, so the answer is not lost to the reset of closing on unread bytes.
private func refuse(
    _ core: ServerCore, _ connection: OpaquePointer, _ head: HTTPHead, _ answer: HTTPResponse,
    _ stored: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
    let chunked = head.header("transfer-encoding")?.lowercased().contains("chunked") == true
    let length = head.contentLength ?? 0
    guard chunked || (length > 0 && length <= refusedBodyBytes) else { return send(connection, answer) }
    core.setDeadline(connection, core.configuration.headSeconds)
    stored.pointee = Unmanaged.passRetained(RequestState(.discard(limit: refusedBodyBytes, answer: answer)))
        .toOpaque()
    return .YES
}

private func checkHostAndOrigin(_ core: ServerCore, _ head: HTTPHead) -> HTTPResponse? {
    guard !core.configuration.checksHost || core.hosts.allows(host: head.header("host")) else {
        return .plainError(421, "this device does not answer to that name; use its address")
    }
    guard head.method != "GET", head.method != "HEAD" else { return nil }
    if let site = head.header("sec-fetch-site"), !["same-origin", "none"].contains(site) {
        return .plainError(403, "a change must come from this page itself")
    }
    if let origin = head.header("origin"), origin != "null" {
        return core.hosts.allows(originOrReferer: origin) && sameHost(origin, head)
            ? nil : .plainError(403, "a change must come from this page itself")
    }
    if let referer = head.header("referer") {
        return core.hosts.allows(originOrReferer: referer) && sameHost(referer, head)
            ? nil : .plainError(403, "a change must come from this page itself")
    }
    return core.configuration.changesNeedOrigin
        ? .plainError(403, "a change must come from this page itself (the browser sent no Origin)") : nil
}

/// Whether a URL's host and port are the request's `Host`.
private func sameHost(_ url: String, _ head: HTTPHead) -> Bool {
    guard let scheme = url.range(of: "://"), let host = head.header("host")?.lowercased() else { return false }
    let authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
    return authority == host
}

/// Frees a request when libmicrohttpd is done with it, however it ended; a body stream that
/// never finished is told so (its temporary files go).
private let requestCompleted: MHD_RequestCompletedCallback = { context, connection, stored, _ in
    if let context, let connection {
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        core.setDeadline(connection, core.configuration.headSeconds)
    }
    guard let stored, let pointer = stored.pointee else { return }
    let request = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    stored.pointee = nil
    if case .stream(let sink) = request.body, !request.finished { sink.abandon() }
}

func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
}

/// Collects the values of one kind (headers, query arguments); the last of a repeated name wins.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
    final class Values { var all: [String: String] = [:] }
    let values = Values()
    let context = Unmanaged.passUnretained(values).toOpaque()
    // The result is the number of values visited, not a status: the collected ones are the answer.
    _ = MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
            guard let context, let key else { return .YES }
            let values = Unmanaged<Values>.fromOpaque(context).takeUnretainedValue()
            values.all[String(cString: key)] = value.map { String(cString: $0) } ?? ""
            return .YES
        }, context)
    return withExtendedLifetime(values) { values.all }
}

private func client(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    vitrine_mhd_client(connection, &buffer, socklen_t(buffer.count))
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func send(_ connection: OpaquePointer, _ answer: HTTPResponse) -> MHD_Result {
    let response = answer.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    // A header libmicrohttpd refuses (out of memory, a line break in it) would leave the answer
    // without it, a security header among them: such an answer is not sent, the connection closes.
    for (name, value) in answer.headers where MHD_add_response_header(response, name, value) != .YES { return .NO }
    return MHD_queue_response(connection, UInt32(answer.status), response)
}
