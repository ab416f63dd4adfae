import Dispatch
import Foundation
import Synchronization
import VitrineCore

/// A screen on an MQTT broker: takes commands from `<base>/cmd` and each group's topic into the
/// shared queue (replying on `<base>/cmd/result`), publishes its state and a picture, keeps
/// `<base>/availability` true with a last will, announces itself to Home Assistant, and says
/// on `<base>/shown` each photo shown (Home Assistant's photo-shown event).
///
/// The frame loop only calls `publish(state:)` and `publish(frameJPEG:)`, which store a value
/// under a short lock; a timer on a private queue sends what changed, a few times a second at most.
public final class RemoteBridge: @unchecked Sendable {
    // @unchecked: `timer` is only touched on `worker`; all other mutable state is in `shared`.

    public struct Configuration: Sendable {
        public var mqtt: MQTTClient.Configuration
        public var topics: RemoteTopics
        public var groups: [String] = []
        /// The discovery messages to keep announced; nil removes them from the broker.
        public var discovery: HomeAssistantDiscovery
        public var discoveryEnabled = true
        /// At most one state message per this long.
        public var stateInterval: Duration = .milliseconds(250)
        /// At most one picture per this long; nil: pictures are not published.
        public var imageInterval: Duration? = .seconds(5)
        /// A state that changed only in its uptime is sent again after this long.
        public var uptimeInterval: Duration = .seconds(60)

        public init(mqtt: MQTTClient.Configuration, topics: RemoteTopics, discovery: HomeAssistantDiscovery) {
            self.mqtt = mqtt
            self.topics = topics
            self.discovery = discovery
        }
    }

    public let configuration: Configuration
    public let intake: CommandIntake
    private let client: MQTTClient
    private let worker = DispatchQueue(label: "vitrine.mqtt.publish")
    private var timer: DispatchSourceTimer?
    private let shared = Mutex(Shared())
    private let log = Log("mqtt")
    private let presenceLog = RateLimitedLog(Log("presence"), interval: .seconds(60))

    private struct Shared {
        var pending: RemoteState?
        var published: RemoteState?
        var lastStateSent: ContinuousClock.Instant?
        var jpeg: [UInt8]?
        var jpegSent = true
        var lastImageSent: ContinuousClock.Instant?
        /// What the announcement was made with; nil: discovery to be sent (again).
        var announced: Announced?
        var configurationURL: String?
        /// The slide last said on `shown` (index and file); kept across reconnections.
        var lastShown: String?
        /// Photos hidden or made favourites, not yet sent (bounded: a flood keeps the latest).
        var marks: [PhotoMarkEvent] = []
        /// The occupancy topic followed for presence, and where its word goes.
        var presence: MQTTPresenceSpec?
        var presenceReport: (@Sendable (Bool) -> Void)?
    }

    /// Sets up the client (nothing connects until `start`).
    public init(_ configuration: Configuration, intake: CommandIntake) throws(RemoteError) {
        var mqtt = configuration.mqtt
        mqtt.will = MQTTClient.Message(
            topic: configuration.topics.availability, text: "offline", qos: 1, retain: true)
        self.configuration = configuration
        self.intake = intake
        client = try MQTTClient(mqtt, maximumPayload: RemoteCommandParser.maximumBytes)
        var handlers = MQTTClient.Handlers()
        handlers.connected = { [weak self] in self?.connected() }
        handlers.message = { [weak self] topic, payload in self?.received(topic, payload) }
        client.setHandlers(handlers)
    }

    deinit {
        stop()
    }

    /// Whether the broker connection is up now.
    public var isConnected: Bool { client.isConnected }

    /// The waits (seconds) between connection attempts so far, oldest first.
    public var reconnectWaits: [Int] { client.reconnectWaits }

    /// Why the broker refused the connection, if it did (for `check` and the state's errors).
    public var connectionRefusal: String? { client.refusal }

    /// Connects in the background and starts publishing. Returns at once.
    public func start() {
        client.start()
        worker.async { [self] in
            guard timer == nil else { return }
            let interval = configuration.stateInterval
            let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) * 1e-18
            let source = DispatchSource.makeTimerSource(queue: worker)
            source.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(20))
            source.setEventHandler { [weak self] in self?.flush() }
            source.resume()
            timer = source
        }
    }

    /// Says `offline`, disconnects and stops the threads. Waits for them.
    public func stop() {
        worker.sync {
            timer?.cancel()
            timer = nil
        }
        client.stop(
            goodbye: MQTTClient.Message(topic: configuration.topics.availability, text: "offline", qos: 1, retain: true)
        )
    }

    /// The state to publish; call whenever convenient, every frame if need be. Cheap: stores it.
    public func publish(state: RemoteState) {
        shared.withLock { $0.pending = state }
    }

    /// Photos hidden, shown again, or (un)marked as favourites: one event each on the `marked` topic.
    public func publish(marks events: [PhotoMarkEvent]) {
        guard !events.isEmpty else { return }
        shared.withLock { shared in
            shared.marks += events
            if shared.marks.count > 100 { shared.marks.removeFirst(shared.marks.count - 100) }
        }
    }

    /// The owner's web page for the device's page in Home Assistant; announced again when it changes.
    public func setConfigurationURL(_ url: String?) {
        shared.withLock { $0.configurationURL = url }
    }

    /// The latest picture of the screen (JPEG); sent at most once per `imageInterval`.
    public func publish(frameJPEG: [UInt8]) {
        guard configuration.imageInterval != nil else { return }
        shared.withLock { shared in
            guard shared.jpeg != frameJPEG else { return }
            shared.jpeg = frameJPEG
            shared.jpegSent = false
        }
    }

    /// Follows the occupancy topic of `spec` (nil: none): each payload that says present or
    /// absent goes to `report`, on the network thread. A topic followed before is left.
    public func follow(presence spec: MQTTPresenceSpec?, report: @escaping @Sendable (Bool) -> Void) {
        let old = shared.withLock { shared in
            defer {
                shared.presence = spec
                shared.presenceReport = report
            }
            return shared.presence
        }
        guard old != spec, client.isConnected else { return }
        if let old, old.topic != spec?.topic { client.unsubscribe(old.topic) }
        if let spec { client.subscribe(spec.topic) }
    }

    // MARK: - Network thread

    private func connected() {
        let topics = configuration.topics
        client.subscribe(topics.command)
        for group in configuration.groups { client.subscribe(RemoteTopics.group(group)) }
        client.subscribe(configuration.discovery.prefix + "/status")
        if let presence = shared.withLock({ $0.presence }) { client.subscribe(presence.topic) }
        client.publish(MQTTClient.Message(topic: topics.availability, text: "online", qos: 1, retain: true))
        // A broker without persistence lost what was retained: send everything again.
        shared.withLock { shared in
            shared.published = nil
            shared.announced = nil
            shared.jpegSent = shared.jpeg == nil
        }
        worker.async { [weak self] in self?.flush() }
    }

    private func received(_ topic: String, _ payload: MQTTClient.Payload) {
        let presence = shared.withLock { ($0.presence, $0.presenceReport) }
        if let spec = presence.0, let report = presence.1, topic == spec.topic {
            heard(presence: payload, spec, report)
            return
        }
        if topic == configuration.discovery.prefix + "/status" {
            if case .bytes(let bytes) = payload, bytes == Array("online".utf8) {
                log.info("Home Assistant is back; announcing the screen again")
                shared.withLock { $0.announced = nil }
                worker.async { [weak self] in self?.flush() }
            }
            return
        }
        let result: CommandResult
        switch payload {
        case .tooLarge(let size): result = intake.refuseTooLarge(size, from: topic)
        case .bytes(let bytes): result = intake.submit(bytes, from: topic)
        }
        client.publish(MQTTClient.Message(topic: configuration.topics.result, text: result.json.rendered))
    }

    /// An occupancy payload: the present or absent payload (spaces around it ignored); anything
    /// else is said in the log (at most once a minute) and left.
    private func heard(
        presence payload: MQTTClient.Payload, _ spec: MQTTPresenceSpec, _ report: @Sendable (Bool) -> Void
    ) {
        guard case .bytes(let bytes) = payload, bytes.count <= 256 else {
            presenceLog(.warning, kind: "size", "\(spec.topic): a payload too large for occupancy; left out")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text == spec.presentPayload {
            report(true)
        } else if text == spec.absentPayload {
            report(false)
        } else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            presenceLog(
                .warning, kind: "payload",
                "\(spec.topic): payload '\(shown)' is neither '\(spec.presentPayload)' nor '\(spec.absentPayload)'; left out"
            )
        }
    }

    // MARK: - Publishing, on `worker`

    private enum Work {
        case state(String)
        case image([UInt8])
        case discovery(Announced)
        case marked(String)
        case shown(String)
    }

    struct Announced: Equatable {
        var playlists: [String]
        var configurationURL: String?
    }

    private func flush() {
        guard client.isConnected else { return }
        let now = ContinuousClock.now
        let c = configuration
        let work: [Work] = shared.withLock { shared in
            var work: [Work] = []
            let announced = Announced(
                playlists: shared.pending?.playlists ?? [], configurationURL: shared.configurationURL)
            if shared.announced != announced {
                shared.announced = announced
                work.append(.discovery(announced))
            }
            if let state = shared.pending, let file = state.file {
                let key = "\(state.index ?? -1) \(state.path ?? file)"
                if shared.lastShown != key {
                    shared.lastShown = key
                    work.append(.shown(Self.shownEvent(state)))
                }
            }
            if let state = shared.pending {
                let changed = shared.published.map { !$0.sameExceptUptime(state) } ?? true
                let stale = shared.lastStateSent.map { now - $0 >= c.uptimeInterval } ?? true
                let spaced = shared.lastStateSent.map { now - $0 >= c.stateInterval } ?? true
                if spaced, changed || (stale && shared.published != state) {
                    shared.published = state
                    shared.lastStateSent = now
                    work.append(.state(state.json.rendered))
                }
            }
            for event in shared.marks { work.append(.marked(Self.markEvent(event))) }
            shared.marks.removeAll()
            if let interval = c.imageInterval, !shared.jpegSent, let jpeg = shared.jpeg,
                shared.lastImageSent.map({ now - $0 >= interval }) ?? true
            {
                shared.jpegSent = true
                shared.lastImageSent = now
                work.append(.image(jpeg))
            }
            return work
        }
        for item in work {
            switch item {
            case .state(let json):
                client.publish(MQTTClient.Message(topic: c.topics.state, text: json, qos: 0, retain: true))
            case .image(let jpeg):
                client.publish(MQTTClient.Message(topic: c.topics.frame, payload: jpeg, qos: 0, retain: true))
            case .discovery(let announced):
                announce(announced)
            case .shown(let json):
                client.publish(MQTTClient.Message(topic: c.topics.shown, text: json, qos: 0, retain: false))
            case .marked(let json):
                client.publish(MQTTClient.Message(topic: c.topics.marked, text: json, qos: 1, retain: false))
            }
        }
    }

    /// The photo-shown event: `{"event_type":"shown","file":…,"caption":…,"source":…,"index":…,"time":…}`.
    static func shownEvent(_ state: RemoteState) -> String {
        JSONOutput.object([
            ("event_type", .string(HomeAssistantDiscovery.shownEventType)),
            ("file", .optional(state.file)), ("caption", .optional(state.caption)),
            ("source", .optional(state.path)), ("index", .optional(state.index)),
            ("playlist", .optional(state.playlist)),
            ("time", .string(RemoteControl.iso8601(Date()))),
        ]).rendered
    }

    /// `{"event_type":"hidden"|"shown-again"|"favourite"|"unfavourite","file":…,"source":…,"time":…}`.
    static func markEvent(_ event: PhotoMarkEvent) -> String {
        JSONOutput.object([
            ("event_type", .string(event.name)),
            ("file", .string(event.path.split(separator: "/").last.map(String.init) ?? event.path)),
            ("source", .string(event.path)),
            ("time", .string(RemoteControl.iso8601(Date()))),
        ]).rendered
    }

    private func announce(_ announced: Announced) {
        var discovery = configuration.discovery
        discovery.playlists = announced.playlists
        discovery.configurationURL = announced.configurationURL
        discovery.image = configuration.imageInterval != nil
        guard configuration.discoveryEnabled else {
            for topic in discovery.allTopics {
                client.publish(MQTTClient.Message(topic: topic, payload: [], qos: 1, retain: true))
            }
            return
        }
        for message in discovery.messages {
            client.publish(MQTTClient.Message(topic: message.topic, text: message.payload, qos: 1, retain: true))
        }
        for topic in discovery.withdrawn {
            client.publish(MQTTClient.Message(topic: topic, payload: [], qos: 1, retain: true))
        }
    }
}
