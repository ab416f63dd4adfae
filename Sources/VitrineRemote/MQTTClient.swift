import CMosquitto
import Dispatch
import Synchronization
import VitrineCore

private let libraryReady: Bool = mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue

/// A connection to an MQTT broker through libmosquitto, with its own network thread.
///
/// Nothing here blocks the caller: connecting (and its name lookup) runs on a private queue,
/// the network on libmosquitto's thread (`mosquitto_loop_start`), and `publish` only queues.
/// libmosquitto reconnects with exponential backoff when the broker goes away; a supervisor
/// restarts the network thread after the rare errors that end it (a failed TLS handshake).
public final class MQTTClient: @unchecked Sendable {
    // @unchecked: `handle` is a libmosquitto client in threaded mode, whose calls are
    // thread-safe; every other mutable field is behind `state` or confined to `control`.

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
    private let control = DispatchQueue(label: "vitrine.mqtt.control")
    private let state = Mutex(State())
    private let log = Log("mqtt")
    /// Only touched on `control`.
    private var supervisor: DispatchSourceTimer?

    private struct State {
        var started = false
        var stopped = false
        var lastAttempt = ContinuousClock.now
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
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw failure("last will on \(will.topic)", rc) }
        }
        if let username = c.username {
            let rc = mosquitto_username_pw_set(handle, username, c.password)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw failure("user name", rc) }
        }
        if let caFile = c.caFile {
            let rc = mosquitto_tls_set(handle, caFile, nil, nil, nil, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                throw RemoteError("\(caFile): cannot be used as the MQTT CA file (\(Self.describe(rc)))")
            }
        }
        let delay = c.reconnectDelay
        mosquitto_reconnect_delay_set(handle, UInt32(delay.lowerBound), UInt32(delay.upperBound), true)
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
        control.async { [self] in
            connect()
            let timer = DispatchSource.makeTimerSource(queue: control)
            timer.schedule(deadline: .now() + 5, repeating: 5)
            timer.setEventHandler { [weak self] in self?.supervise() }
            timer.resume()
            supervisor = timer
        }
    }

    /// Runs on `control`: one connection attempt and the network thread.
    private func connect() {
        state.withLock { $0.lastAttempt = .now }
        let rc = mosquitto_connect_async(
            handle, configuration.host, Int32(configuration.port), Int32(configuration.keepAlive))
        if rc != MOSQ_ERR_SUCCESS.rawValue {
            log.warning(
                "broker \(configuration.host):\(configuration.port) not reachable yet (\(Self.describe(rc))); trying again"
            )
        }
        let loop = mosquitto_loop_start(handle)
        if loop != MOSQ_ERR_SUCCESS.rawValue { log.error("network thread: \(Self.describe(loop))") }
    }

    /// Runs on `control` every few seconds: libmosquitto's network thread ends on some errors
    /// (a TLS handshake that failed); when nothing connected for a long while, start it again.
    private func supervise() {
        let (stopped, last) = state.withLock { ($0.stopped, $0.lastAttempt) }
        guard !stopped, !isConnected, ContinuousClock.now - last > .seconds(45) else { return }
        mosquitto_loop_stop(handle, true)
        connect()
    }

    /// Publishes a message (queued; sent by the network thread). False when it could not be queued,
    /// for example while not connected.
    @discardableResult
    public func publish(_ message: Message) -> Bool {
        let rc = message.payload.withUnsafeBytes {
            mosquitto_publish(handle, nil, message.topic, Int32($0.count), $0.baseAddress, message.qos, message.retain)
        }
        return rc == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Subscribes to a topic filter (typically from the `connected` handler).
    @discardableResult
    public func subscribe(_ filter: String, qos: Int32 = 1) -> Bool {
        mosquitto_subscribe(handle, nil, filter, qos) == MOSQ_ERR_SUCCESS.rawValue
    }

    /// Publishes `goodbye` if connected, disconnects cleanly (no last will) and ends the network thread.
    /// Waits for the network thread; safe to call more than once.
    public func stop(goodbye: Message? = nil) {
        let wasStarted = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            return state.started
        }
        guard wasStarted else { return }
        control.sync {
            supervisor?.cancel()
            supervisor = nil
            let connected = isConnected
            if connected, let goodbye { publish(goodbye) }
            mosquitto_disconnect(handle)
            mosquitto_loop_stop(handle, !connected)
            box.connected.store(false, ordering: .releasing)
        }
    }

    private func failure(_ what: String, _ rc: Int32) -> RemoteError {
        RemoteError("MQTT \(what): \(Self.describe(rc))")
    }

    static func describe(_ rc: Int32) -> String {
        mosquitto_strerror(rc).map { String(cString: $0) } ?? "error \(rc)"
    }
}

/// What libmosquitto's callbacks reach through their context pointer; owned by the client.
private final class CallbackBox: Sendable {
    let maximumPayload: Int
    let handlers: Mutex<MQTTClient.Handlers>
    let connected = Atomic(false)
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
        refusal.withLock { $0 = nil }
        Log("mqtt").info("connected")
        handlers.withLock { $0 }.connected()
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
