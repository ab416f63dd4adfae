import CMosquitto
import Dispatch
import Foundation
import Synchronization
import VitrineCore

private let libraryReady: Bool = MosquittoStatus(mosquitto_lib_init()).succeeded

/// A connection to an MQTT broker through libmosquitto, with its own network thread.
///
/// Nothing here blocks the caller: connecting (its name lookup, the TLS handshake) and the
/// network run on a thread of the client's own, and `publish` only queues. When the broker goes
/// away or refuses, the thread tries again after 1, 2, 4, 8 then every 15 s (`reconnectDelay`),
/// however long the process has run; the first wait after a lost connection is 1 s again.
public final class MQTTClient: @unchecked Sendable {
    // @unchecked: `handle` is a libmosquitto client in threaded mode, whose calls are
    // thread-safe; every other mutable field is behind a lock or an atomic.

    /// Where and how to connect.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var clientID: String
        public var username: String?
        /// The password itself (read from a file by the caller); never logged.
        public var password: String?
        /// Turns on TLS, verifying the broker's certificate (and its name) against this CA file.
        public var caFile: String?
        public var keepAlive: Int = 30
        /// Published by the broker when the connection is lost without a goodbye.
        public var will: Message?
        /// Reconnection delay: starts at the lower bound, doubles up to the upper one.
        public var reconnectDelay: ClosedRange<Int> = 1...15

        public init(host: String, port: Int, clientID: String) {
            self.host = host
            self.port = port
            self.clientID = clientID
        }
    }

    /// One message to publish.
    public struct Message: Sendable, Equatable {
        public var topic: String
        public var payload: [UInt8]
        public var qos: Int32
        public var retain: Bool

        public init(topic: String, payload: [UInt8], qos: Int32 = 0, retain: Bool = false) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }

        public init(topic: String, text: String, qos: Int32 = 0, retain: Bool = false) {
            self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
        }
    }

    /// A received payload, or only its size when it is larger than `maximumPayload` (never copied).
    public enum Payload: Sendable, Equatable {
        case bytes([UInt8])
        case tooLarge(Int)
    }

    /// What the network thread reports. Called on that thread: keep them short.
    public struct Handlers: Sendable {
        public var connected: @Sendable () -> Void = {}
        public var disconnected: @Sendable (_ unexpected: Bool) -> Void = { _ in }
        public var message: @Sendable (_ topic: String, _ payload: Payload) -> Void = { _, _ in }

        public init() {}
    }

    public let configuration: Configuration
    private let handle: OpaquePointer
    private let box: CallbackBox
    private let state = Mutex(State())
    private let attempts = RateLimitedLog(Log("mqtt"), interval: .seconds(60))
    private let attemptWaits = Mutex<[Int]>([])
    /// Signalled by `stop` to end a wait between attempts; by the thread when it ends.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var started = false
        var stopped = false
    }

    /// Sets the client up (nothing connects yet). Throws when libmosquitto refuses the settings,
    /// for example a CA file it cannot read.
    public init(_ configuration: Configuration, maximumPayload: Int, handlers: Handlers = Handlers())
        throws(RemoteError)
    {
        guard libraryReady else { throw RemoteError("libmosquitto could not be initialised") }
        let box = CallbackBox(maximumPayload: maximumPayload, handlers: handlers)
        guard let handle = mosquitto_new(configuration.clientID, true, Unmanaged.passUnretained(box).toOpaque())
        else { throw RemoteError("MQTT client \(configuration.clientID): cannot be created") }
        self.handle = handle
        self.box = box
        self.configuration = configuration
        do {
            try setUp()
        } catch {
            mosquitto_destroy(handle)
            throw error
        }
    }

    private func setUp() throws(RemoteError) {
        let c = configuration
        if let will = c.will {
            let rc = will.payload.withUnsafeBytes {
                mosquitto_will_set(handle, will.topic, Int32($0.count), $0.baseAddress, will.qos, will.retain)
            }
            guard MosquittoStatus(rc).succeeded else { throw failure("last will on \(will.topic)", rc) }
        }
        if let username = c.username {
            let rc = mosquitto_username_pw_set(handle, username, c.password)
            guard MosquittoStatus(rc).succeeded else { throw failure("user name", rc) }
        }
        if let caFile = c.caFile {
            let rc = mosquitto_tls_set(handle, caFile, nil, nil, nil, nil)
            guard MosquittoStatus(rc).succeeded else {
                throw RemoteError("\(caFile): cannot be used as the MQTT CA file (\(Self.describe(rc)))")
            }
        }
        // Publishing from other threads while the network thread runs `mosquitto_loop`.
        let threaded = mosquitto_threaded_set(handle, true)
        guard MosquittoStatus(threaded).succeeded else { throw failure("threads", threaded) }
        mosquitto_connect_callback_set(handle) { _, context, rc in
            guard let box = CallbackBox.from(context) else { return }
            box.connectedNow(rc)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, rc in
            guard let box = CallbackBox.from(context) else { return }
            box.disconnectedNow(rc)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let box = CallbackBox.from(context), let message else { return }
            box.received(message.pointee)
        }
        mosquitto_publish_callback_set(handle) { _, context, mid in
            CallbackBox.from(context)?.deliveredNow(mid)
        }
    }

    deinit {
        stop()
        mosquitto_destroy(handle)
    }

    /// Whether the broker has accepted the connection and it is up.
    public var isConnected: Bool { box.connected.load(ordering: .acquiring) }

    /// Why the broker refused the last connection attempt (bad password, not authorised), nil once accepted.
    public var refusal: String? { box.refusal.withLock { $0 } }

    /// Replaces the handlers (before `start`, typically).
    public func setHandlers(_ handlers: Handlers) {
        box.handlers.withLock { $0 = handlers }
    }

    /// Connects in the background and keeps connecting until `stop`. Returns at once.
    public func start() {
        let first = state.withLock { state -> Bool in
            guard !state.started, !state.stopped else { return false }
            state.started = true
            return true
        }
        guard first else { return }
        // The thread keeps the client alive until it ends (after `stop`).
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "vitrine.mqtt"
        thread.start()
    }

    /// The network thread: connect, run the connection until it ends, wait, connect again.
    /// The waits between attempts are `reconnectDelay`'s lower bound doubled each failed attempt
    /// up to its upper bound (1, 2, 4, 8, 15, 15 … s), back to the lower bound once the broker
    /// has accepted a connection; however long the process has run.
    private func run() {
        let c = configuration
        var delay = c.reconnectDelay.lowerBound
        while !isStopping {
            let accepted = box.accepted.load(ordering: .acquiring)
            let rc = mosquitto_connect(handle, c.host, Int32(c.port), Int32(c.keepAlive))
            if MosquittoStatus(rc).succeeded {
                var loop = MosquittoStatus.success
                while loop.succeeded, !(isStopping && !box.connected.load(ordering: .acquiring)) {
                    loop = MosquittoStatus(mosquitto_loop(handle, 200, 1))
                }
            } else {
                attempts(
                    .warning, kind: "unreachable", "broker \(c.host):\(c.port) not reachable (\(Self.describe(rc)))")
            }
            guard !isStopping else { break }
            if box.accepted.load(ordering: .acquiring) != accepted { delay = c.reconnectDelay.lowerBound }
            attemptWaits.withLock { waits in
                if waits.count >= 64 { waits.removeFirst(waits.count - 63) }
                waits.append(delay)
            }
            if wake.wait(timeout: .now() + .seconds(delay)) == .success { break }
            delay = min(delay * 2, c.reconnectDelay.upperBound)
        }
        // MOSQ_ERR_NO_CONN when the connection had gone already: disconnected either way.
        _ = mosquitto_disconnect(handle)
        box.connected.store(false, ordering: .releasing)
    }

    private var isStopping: Bool { state.withLock { $0.stopped } }

    /// The last 64 waits (seconds) the network thread made between connection attempts, oldest first.
    public var reconnectWaits: [Int] { attemptWaits.withLock { $0 } }

    /// Publishes a message (queued; sent by the network thread). False when it could not be queued,
    /// for example while not connected.
    @discardableResult
    public func publish(_ message: Message) -> Bool {
        let rc = message.payload.withUnsafeBytes {
            mosquitto_publish(handle, nil, message.topic, Int32($0.count), $0.baseAddress, message.qos, message.retain)
        }
        return MosquittoStatus(rc).succeeded
    }

    /// Subscribes to a topic filter (typically from the `connected` handler).
    @discardableResult
    public func subscribe(_ filter: String, qos: Int32 = 1) -> Bool {
        MosquittoStatus(mosquitto_subscribe(handle, nil, filter, qos)).succeeded
    }

    /// Ends a subscription.
    @discardableResult
    public func unsubscribe(_ filter: String) -> Bool {
        MosquittoStatus(mosquitto_unsubscribe(handle, nil, filter)).succeeded
    }

    /// Publishes `goodbye` if connected, disconnects cleanly (no last will) and ends the network thread.
    /// Waits for the network thread (up to a few seconds: a connection attempt in progress may
    /// take longer, and then ends on its own); safe to call more than once.
    public func stop(goodbye: Message? = nil) {
        let wasStarted = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            return state.started
        }
        guard wasStarted else { return }
        if isConnected, let goodbye {
            // Sent once the messages ahead of it are acknowledged (libmosquitto holds back QoS 1
            // messages past its in-flight limit, and a disconnect would drop them): waited for, briefly.
            var mid: Int32 = 0
            let rc = goodbye.payload.withUnsafeBytes {
                mosquitto_publish(
                    handle, &mid, goodbye.topic, Int32($0.count), $0.baseAddress, goodbye.qos, goodbye.retain)
            }
            if MosquittoStatus(rc).succeeded { _ = box.waitForDelivery(of: mid, timeout: .now() + 2) }
        }
        // As in `run`: not connected any more is the state this asks for.
        _ = mosquitto_disconnect(handle)
        wake.signal()
        _ = finished.wait(timeout: .now() + 3)
    }

    private func failure(_ what: String, _ rc: Int32) -> RemoteError {
        RemoteError("MQTT \(what): \(Self.describe(rc))")
    }

    static func describe(_ rc: Int32) -> String {
        MosquittoStatus(rc).description
    }
}

/// What libmosquitto's callbacks reach through their context pointer; owned by the client.
private final class CallbackBox: Sendable {
    let maximumPayload: Int
    let handlers: Mutex<MQTTClient.Handlers>
    let connected = Atomic(false)
    /// Connections the broker accepted so far.
    let accepted = Atomic(0)
    let refusal = Mutex<String?>(nil)
    private let log = RateLimitedLog(Log("mqtt"), interval: .seconds(30))

    init(maximumPayload: Int, handlers: MQTTClient.Handlers) {
        self.maximumPayload = maximumPayload
        self.handlers = Mutex(handlers)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> CallbackBox? {
        context.map { Unmanaged<CallbackBox>.fromOpaque($0).takeUnretainedValue() }
    }

    func connectedNow(_ rc: Int32) {
        guard rc == 0 else {
            let reason = mosquitto_connack_string(rc).map { String(cString: $0) } ?? "code \(rc)"
            log(.warning, kind: "refused", "broker refused the connection: \(reason)")
            refusal.withLock { $0 = reason }
            return
        }
        connected.store(true, ordering: .releasing)
        accepted.add(1, ordering: .releasing)
        refusal.withLock { $0 = nil }
        Log("mqtt").info("connected")
        handlers.withLock { $0 }.connected()
    }

    /// Message ids the broker acknowledged (QoS 1) or that were written (QoS 0), the newest few,
    /// and the one `stop` waits for.
    private let deliveries = Mutex<(seen: [Int32], awaited: Int32?)>(([], nil))
    private let awaitedDelivered = DispatchSemaphore(value: 0)

    func deliveredNow(_ mid: Int32) {
        let awaited = deliveries.withLock { state -> Bool in
            if state.awaited == mid { return true }
            if state.seen.count >= 256 { state.seen.removeFirst(128) }
            state.seen.append(mid)
            return false
        }
        if awaited { awaitedDelivered.signal() }
    }

    /// Waits until message `mid` is delivered, or the deadline; true when it was.
    func waitForDelivery(of mid: Int32, timeout: DispatchTime) -> Bool {
        let already = deliveries.withLock { state -> Bool in
            if state.seen.contains(mid) { return true }
            state.awaited = mid
            return false
        }
        if already { return true }
        let delivered = awaitedDelivered.wait(timeout: timeout) == .success
        deliveries.withLock { $0.awaited = nil }
        return delivered
    }

    func disconnectedNow(_ rc: Int32) {
        let was = connected.exchange(false, ordering: .acquiringAndReleasing)
        if rc != 0, was { log(.warning, kind: "lost", "connection to the broker lost; reconnecting") }
        handlers.withLock { $0 }.disconnected(rc != 0)
    }

    func received(_ message: mosquitto_message) {
        guard let topicPointer = message.topic else { return }
        let topic = String(cString: topicPointer)
        let length = Int(message.payloadlen)
        let payload: MQTTClient.Payload
        if length > maximumPayload {
            payload = .tooLarge(length)
        } else if length > 0, let bytes = message.payload {
            payload = .bytes(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
        } else {
            payload = .bytes([])
        }
        handlers.withLock { $0 }.message(topic, payload)
    }
}
