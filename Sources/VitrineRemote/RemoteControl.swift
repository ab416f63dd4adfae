import Foundation
import VitrineCore

/// Everything a running show needs for remote control, made from `RemoteOptions`: the command
/// queue, the MQTT bridge (when a broker is given) and the HTTP control API (when asked for).
///
/// The frame loop, once a frame: `take()` the commands and apply them; `publish(state:)` the
/// state (cheap: stored, sent later on other threads when it changed); and, when
/// `frameInterval` says a picture is wanted, `publish(frameJPEG:)`. No call blocks.
public final class RemoteControl: Sendable {
    public let queue: CommandQueue
    public let intake: CommandIntake
    public let bridge: RemoteBridge?
    public let server: ControlServer?
    public let clientID: String
    public let topics: RemoteTopics
    private let board = StateBoard()
    private let imageInterval: Double?
    /// When this player started (ISO 8601, UTC): Home Assistant's "last started".
    public let started: String

    /// Reads the secrets, starts connecting and listening, and returns at once (a broker that is
    /// down does not delay the first photo). Throws for what the user must fix: an unreadable
    /// password or token file, a CA file libmosquitto refuses, a control address beyond loopback
    /// without a token, a port already taken.
    public init(
        options: RemoteOptions, version: String, hostname: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, queueCapacity: Int = 64,
        keepGoing: Bool = false
    ) throws(RemoteError) {
        if let problem = options.problem() { throw RemoteError(problem) }
        queue = CommandQueue(capacity: queueCapacity)
        intake = CommandIntake(queue: queue)
        clientID = options.resolvedClientID(hostname: hostname ?? Self.hostname())
        topics = RemoteTopics(base: options.resolvedBaseTopic(clientID: clientID))
        imageInterval = options.mqttHost != nil && options.imageInterval > 0 ? options.imageInterval : nil
        started = Self.iso8601(Date())
        let machine = hostname ?? Self.hostname()

        if let host = options.mqttHost {
            var mqtt = MQTTClient.Configuration(host: host, port: options.resolvedMQTTPort, clientID: clientID)
            mqtt.username = options.username
            mqtt.password = try CredentialFile.read(
                path: options.passwordFile, credential: "vitrine-mqtt-password", environment: environment)
            mqtt.caFile = options.caFile
            let discovery = HomeAssistantDiscovery(
                prefix: options.discoveryPrefix, node: clientID, topics: topics,
                deviceName: options.resolvedDeviceName(hostname: machine), version: version)
            var configuration = RemoteBridge.Configuration(mqtt: mqtt, topics: topics, discovery: discovery)
            configuration.groups = options.groups
            configuration.discoveryEnabled = options.discovery
            configuration.imageInterval =
                options.imageInterval > 0 ? .milliseconds(Int(options.imageInterval * 1000)) : nil
            let bridge = try RemoteBridge(configuration, intake: intake)
            self.bridge = bridge
        } else {
            bridge = nil
        }

        if options.controlEnabled {
            let token = try CredentialFile.read(
                path: options.controlTokenFile, credential: "vitrine-control-token", environment: environment)
            if token == nil, options.controlNeedsToken {
                throw RemoteError(
                    "--control-bind \(options.controlBind): beyond 127.0.0.1 and ::1 the control API needs "
                        + "--control-token-file FILE")
            }
            var configuration = ControlServer.Configuration(
                bind: options.controlBind, port: options.controlPort, token: token)
            configuration.retryWhenTaken = keepGoing
            server = try ControlServer(configuration, intake: intake, board: board)
        } else {
            server = nil
        }
        bridge?.start()
    }

    /// The commands that came in since the last call, oldest first.
    public func take() -> [RemoteCommand] { queue.take() }

    /// Like `take()`, with the ids senders gave.
    public func takeRequests() -> [RemoteRequest] { queue.takeRequests() }

    /// The show's state now; call once a frame or on change. Stores it; never waits on the network.
    public func publish(state: RemoteState) {
        var state = state
        state.started = state.started ?? started
        board.set(state: state)
        bridge?.publish(state: state)
    }

    /// Photos hidden or (un)marked as favourites, for the MQTT `marked` topic.
    public func publish(marks events: [PhotoMarkEvent]) {
        bridge?.publish(marks: events)
    }

    /// Follows the occupancy topic `spec` on the broker for presence (nil: none); false when
    /// there is no broker (`--mqtt`) to follow it on.
    @discardableResult
    public func follow(presence spec: MQTTPresenceSpec?, report: @escaping @Sendable (Bool) -> Void) -> Bool {
        guard let bridge else { return spec == nil }
        bridge.follow(presence: spec, report: report)
        return true
    }

    /// The owner's web page, linked from the device's page in Home Assistant (announced again when it changes).
    public func setConfigurationURL(_ url: String?) {
        bridge?.setConfigurationURL(url)
    }

    /// `date` as `2026-12-01T22:10:00Z`.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A small JPEG of the screen (made by VitrineMedia's `FrameJPEG`), after a slide change.
    public func publish(frameJPEG: [UInt8]) {
        board.set(jpeg: frameJPEG)
        bridge?.publish(frameJPEG: frameJPEG)
    }

    /// How often a picture of the screen is worth making, in seconds; nil when nobody takes one
    /// (no broker, pictures off, and no control API).
    public var frameInterval: Double? { imageInterval ?? (server != nil ? 5 : nil) }

    /// Says goodbye to the broker and stops listening. Waits for the threads.
    public func stop() {
        bridge?.stop()
        server?.stop()
    }

    /// This machine's host name.
    public static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "screen" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
