import VitrineCore

/// Home Assistant's MQTT discovery messages for one screen: one device with its buttons,
/// switch, selects, sensors, numbers, a notice text, a photo-shown event and a picture.
/// Each goes retained to `<prefix>/<component>/<node>/<object>/config`; an empty retained
/// payload on the same topic removes the entity.
///
/// Every key used is one that Home Assistant 2024.3 and the current releases (2026.x) both
/// accept, except `default_entity_id` (2025.10 and later: the entity's id), which 2024.3 drops
/// without a word (its discovery schemas remove unknown keys); `object_id`, which current
/// releases warn about, is never sent. The number and text limits are the command model's.
public struct HomeAssistantDiscovery: Equatable, Sendable {
    public var prefix: String
    /// The device's id in topics and unique ids (letters, digits, `-`, `_`).
    public var node: String
    public var topics: RemoteTopics
    public var deviceName: String
    public var version: String
    /// The playlist file's named playlists; the select offers these and `auto`.
    public var playlists: [String]
    /// Whether the image entity is announced.
    public var image: Bool
    /// The owner's web page, linked from the device's page in Home Assistant; nil when it is off.
    public var configurationURL: String?

    public init(
        prefix: String, node: String, topics: RemoteTopics, deviceName: String, version: String,
        playlists: [String] = [], image: Bool = true, configurationURL: String? = nil
    ) {
        self.prefix = prefix
        self.node = String(node.unicodeScalars.filter { RemoteOptions.plainScalars.contains($0) }.map(Character.init))
        self.topics = topics
        self.deviceName = deviceName
        self.version = version
        self.playlists = playlists
        self.image = image
        self.configurationURL = configurationURL
    }

    /// One entity: its component, object id, name and category in Home Assistant.
    public struct Entity: Equatable, Sendable {
        public var component: String
        public var object: String
        public var name: String
        /// `config`, `diagnostic` or nil (a primary entity).
        public var category: String?
        /// What it is for, in the table of docs/remote-control.md.
        public var purpose: String

        init(_ component: String, _ object: String, _ name: String, _ category: String? = nil, _ purpose: String) {
            self.component = component
            self.object = object
            self.name = name
            self.category = category
            self.purpose = purpose
        }
    }

    /// Every entity this screen can announce (the image one too), in a fixed order.
    public static let entities: [Entity] = [
        Entity("button", "next", "Next", nil, "next slide"),
        Entity("button", "previous", "Previous", nil, "previous slide"),
        Entity("button", "first", "First", nil, "back to the first slide"),
        Entity("button", "reload", "Reload", "config", "read the sources and playlist file again"),
        Entity("switch", "paused", "Paused", nil, "the user's pause (on: paused); never the schedule's"),
        Entity("select", "display", "Display", nil, "`on`, `off`, or `auto`: back to the schedule"),
        Entity("binary_sensor", "display_lit", "Display lit", nil, "whether the display is on now"),
        Entity("sensor", "display_schedule", "Display schedule", "diagnostic", "what the schedule wants: `on`/`off`"),
        Entity("select", "playlist", "Playlist", nil, "a named playlist, or `auto` (the schedule's)"),
        Entity("sensor", "playing", "Playing playlist", nil, "the playlist playing now"),
        Entity(
            "number", "interval", "Interval", "config",
            "seconds a slide stays, \(range(RemoteCommandParser.intervalRange))"),
        Entity("select", "transition", "Transition", "config", "how slides change (`cut`: none)"),
        Entity("sensor", "photo", "Current photo", nil, "file name; index, caption, source as attributes"),
        Entity("sensor", "slide_count", "Slide count", nil, "slides in the show"),
        Entity("sensor", "started", "Last started", "diagnostic", "when the player started (timestamp)"),
        Entity(
            "text", "notice", "Notice", nil,
            "a notice over the slides, up to \(RemoteCommandParser.maximumNoticeLength) characters; empty text clears it"
        ),
        Entity(
            "number", "notice_seconds", "Notice duration", "config",
            "seconds a notice stays, \(range(RemoteCommandParser.noticeSecondsRange))"),
        Entity("event", "shown", "Photo shown", nil, "fires for each photo shown: file, caption, source, time"),
        Entity("image", "screen", "Screen", nil, "a small picture of what the screen shows"),
    ]

    private static func range(_ range: ClosedRange<Double>) -> String {
        "\(JSONOutput.number(range.lowerBound).rendered) … \(JSONOutput.number(range.upperBound).rendered)"
    }

    /// Entities earlier versions announced, removed when the screen announces itself.
    public static let retired: [(component: String, object: String)] = [("switch", "display"), ("sensor", "uptime")]

    /// The config topic of an entity.
    public func configTopic(_ component: String, _ object: String) -> String {
        "\(prefix)/\(component)/\(node)/\(object)/config"
    }

    public func configTopic(_ entity: Entity) -> String { configTopic(entity.component, entity.object) }

    /// The entity id Home Assistant 2025.10 and later give the entity (`default_entity_id`).
    public func defaultEntityID(_ entity: Entity) -> String {
        let slug = String(node.lowercased().unicodeScalars.map { $0 == "-" ? "_" : Character($0) })
        return "\(entity.component).\(slug)_\(entity.object)"
    }

    /// The retained config messages to publish: (topic, JSON payload).
    public var messages: [(topic: String, payload: String)] {
        Self.entities.compactMap { entity in
            guard entity.component != "image" || image else { return nil }
            return (configTopic(entity), payload(entity).rendered)
        }
    }

    /// Topics whose entity should be removed now: the image one when pictures are off, and
    /// those of earlier versions.
    public var withdrawn: [String] {
        (image ? [] : Self.entities.filter { $0.component == "image" }.map(configTopic))
            + Self.retired.map { configTopic($0.component, $0.object) }
    }

    /// Every config topic, for removing the whole device.
    public var allTopics: [String] {
        Self.entities.map(configTopic) + Self.retired.map { configTopic($0.component, $0.object) }
    }

    /// The config payload of one entity.
    public func payload(_ entity: Entity) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(entity.name)),
            ("unique_id", .string("\(node)_\(entity.object)")),
            ("default_entity_id", .string(defaultEntityID(entity))),
            ("availability_topic", .string(topics.availability)),
            ("payload_available", .string("online")),
            ("payload_not_available", .string("offline")),
        ]
        if let category = entity.category { members.append(("entity_category", .string(category))) }
        members += specific(entity)
        members.append(("device", device))
        members.append(("origin", origin))
        return .object(members)
    }

    private func specific(_ entity: Entity) -> [(String, JSONOutput)] {
        let state: (String, JSONOutput) = ("state_topic", .string(topics.state))
        let command: (String, JSONOutput) = ("command_topic", .string(topics.command))
        switch entity.object {
        case "next", "previous", "first", "reload":
            return [command, ("payload_press", .string(RemoteCommandJSON.plain(entity.object)))]
        case "paused":
            return [
                state, command, ("payload_on", .string(RemoteCommandJSON.plain("pause"))),
                ("payload_off", .string(RemoteCommandJSON.plain("resume"))),
                ("state_on", .string("ON")), ("state_off", .string("OFF")),
                ("value_template", .string("{{ 'ON' if value_json.paused else 'OFF' }}")),
                ("icon", .string("mdi:pause")),
            ]
        case "display":
            return select(
                command: "display", field: "state", value: "value_json.display.asked",
                options: RemoteCommand.DisplayRequest.allCases.map(\.rawValue), icon: "mdi:monitor")
        case "display_lit":
            return [
                state, ("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                ("value_template", .string("{{ 'ON' if value_json.display.lit else 'OFF' }}")),
                ("device_class", .string("power")),
            ]
        case "display_schedule":
            return [
                state, ("value_template", .string("{{ value_json.display.scheduled }}")),
                ("icon", .string("mdi:calendar-clock")),
            ]
        case "playlist":
            return select(
                command: "playlist", field: "name", value: "value_json.playlist.asked",
                options: playlists.filter { $0 != "auto" } + ["auto"], icon: "mdi:playlist-play")
        case "playing":
            return [
                state, ("value_template", .string("{{ value_json.playlist.name or '' }}")),
                ("icon", .string("mdi:playlist-check")),
            ]
        case "interval":
            return number(
                command: "{\"command\":\"interval\",\"seconds\":{{ value }}}", value: "value_json.interval",
                range: RemoteCommandParser.intervalRange, step: RemoteCommandParser.intervalStep,
                icon: "mdi:timer-outline")
        case "transition":
            // Home Assistant's MQTT select reads the payload "none" as no option at all: the
            // transition `none` is called `cut` there.
            return [
                state, command,
                (
                    "command_template",
                    .string(
                        "{\"command\":\"transition\",\"kind\":{{ ('none' if value == 'cut' else value) | tojson }}}")
                ),
                (
                    "value_template",
                    .string("{{ 'cut' if value_json.transition == 'none' else value_json.transition }}")
                ),
                ("options", .array(Self.transitionOptions.map { .string($0) })), ("icon", .string("mdi:transition")),
            ]
        case "photo":
            return [
                state, ("value_template", .string("{{ (value_json.file or '')[:255] }}")),
                ("icon", .string("mdi:image")),
                ("json_attributes_topic", .string(topics.state)),
                (
                    "json_attributes_template",
                    .string(
                        "{{ {'index': value_json.index, 'caption': value_json.caption, 'source': value_json.source}"
                            + " | tojson }}")
                ),
            ]
        case "slide_count":
            return [
                state, ("value_template", .string("{{ value_json.count }}")), ("state_class", .string("measurement")),
                ("icon", .string("mdi:image-multiple")),
            ]
        case "started":
            return [
                state, ("value_template", .string("{{ value_json.started }}")),
                ("device_class", .string("timestamp")),
            ]
        case "notice":
            return [
                state, command,
                ("command_template", .string("{\"command\":\"notice\",\"text\":{{ value | tojson }}}")),
                (
                    "value_template",
                    .string("{{ (value_json.notice or '')[:\(RemoteCommandParser.maximumNoticeLength)] }}")
                ),
                ("min", .integer(0)), ("max", .integer(RemoteCommandParser.maximumNoticeLength)),
                ("icon", .string("mdi:message-text")),
            ]
        case "notice_seconds":
            return number(
                command: "{\"command\":\"notice-duration\",\"seconds\":{{ value }}}",
                value: "value_json.notice_seconds", range: RemoteCommandParser.noticeSecondsRange,
                step: RemoteCommandParser.noticeSecondsStep, icon: "mdi:timer-sand")
        case "shown":
            return [
                ("state_topic", .string(topics.shown)), ("event_types", .array([.string(Self.shownEventType)])),
                ("icon", .string("mdi:image-check")),
            ]
        default:  // the picture of the screen
            return [("image_topic", .string(topics.frame)), ("content_type", .string("image/jpeg"))]
        }
    }

    private func select(
        command: String, field: String, value: String, options: [String], icon: String
    ) -> [(String, JSONOutput)] {
        [
            ("state_topic", .string(topics.state)), ("command_topic", .string(topics.command)),
            ("command_template", .string("{\"command\":\"\(command)\",\"\(field)\":{{ value | tojson }}}")),
            ("value_template", .string("{{ \(value) }}")),
            ("options", .array(options.map { .string($0) })), ("icon", .string(icon)),
        ]
    }

    private func number(
        command: String, value: String, range: ClosedRange<Double>, step: Double, icon: String
    ) -> [(String, JSONOutput)] {
        [
            ("state_topic", .string(topics.state)), ("command_topic", .string(topics.command)),
            ("command_template", .string(command)), ("value_template", .string("{{ \(value) }}")),
            ("min", .number(range.lowerBound)), ("max", .number(range.upperBound)), ("step", .number(step)),
            ("unit_of_measurement", .string("s")), ("mode", .string("box")), ("icon", .string(icon)),
        ]
    }

    /// The transition select's options: the transitions, `none` called `cut`.
    public static let transitionOptions = TransitionKind.allCases.map { $0 == .none ? "cut" : $0.rawValue }

    /// The `event_type` of the photo-shown event.
    public static let shownEventType = "shown"

    private var device: JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("identifiers", .array([.string(node)])),
            ("name", .string(deviceName)),
            ("model", .string("Vitrine slideshow")),
            ("manufacturer", .string("Vitrine")),
            ("sw_version", .string(version)),
        ]
        // Home Assistant refuses the whole entity for a configuration_url that is not a URL.
        if let configurationURL, configurationURL.hasPrefix("http://") || configurationURL.hasPrefix("https://"),
            !configurationURL.contains(" ")
        {
            members.append(("configuration_url", .string(configurationURL)))
        }
        return .object(members)
    }

    /// Who published the configuration (Home Assistant names it in its log).
    private var origin: JSONOutput {
        .object([("name", .string("Vitrine")), ("sw_version", .string(version))])
    }

    /// The table of entities in docs/remote-control.md, one row each (Markdown).
    public static var entityTable: String {
        var lines = ["| entity | id (2025.10 and later) | category | what it is |", "|---|---|---|---|"]
        let sample = HomeAssistantDiscovery(
            prefix: "homeassistant", node: "vitrine-hall", topics: RemoteTopics(base: "vitrine/vitrine-hall"),
            deviceName: "hall", version: "")
        for entity in entities {
            lines.append(
                "| \(entity.name) (`\(entity.component)`) | `\(sample.defaultEntityID(entity))` | "
                    + "\(entity.category ?? "") | \(entity.purpose) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Command payloads written out for Home Assistant's configuration.
public enum RemoteCommandJSON {
    /// `{"command":"NAME"}`.
    public static func plain(_ name: String) -> String {
        JSONOutput.object([("command", .string(name))]).rendered
    }
}
