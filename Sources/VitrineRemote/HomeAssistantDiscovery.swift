import VitrineCore

/// Home Assistant's MQTT discovery messages for one screen: one device with its buttons,
/// switches, sensors, a playlist select, an interval number, a notice text and a picture.
/// Each goes retained to `<prefix>/<component>/<node>/<object>/config`; an empty retained
/// payload on the same topic removes the entity.
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

    public init(
        prefix: String, node: String, topics: RemoteTopics, deviceName: String, version: String,
        playlists: [String] = [], image: Bool = true
    ) {
        self.prefix = prefix
        self.node = String(node.unicodeScalars.filter { RemoteOptions.plainScalars.contains($0) }.map(Character.init))
        self.topics = topics
        self.deviceName = deviceName
        self.version = version
        self.playlists = playlists
        self.image = image
    }

    /// One entity: its component and object id.
    public struct Entity: Equatable, Sendable {
        public var component: String
        public var object: String
    }

    /// Every entity this screen can announce (the image one too), in a fixed order.
    public static let entities: [Entity] = [
        Entity(component: "button", object: "next"), Entity(component: "button", object: "previous"),
        Entity(component: "button", object: "reload"), Entity(component: "switch", object: "paused"),
        Entity(component: "switch", object: "display"), Entity(component: "binary_sensor", object: "display_lit"),
        Entity(component: "select", object: "playlist"), Entity(component: "number", object: "interval"),
        Entity(component: "sensor", object: "photo"), Entity(component: "sensor", object: "slide_count"),
        Entity(component: "sensor", object: "uptime"), Entity(component: "text", object: "notice"),
        Entity(component: "image", object: "screen"),
    ]

    /// The config topic of `entity`.
    public func configTopic(_ entity: Entity) -> String {
        "\(prefix)/\(entity.component)/\(node)/\(entity.object)/config"
    }

    /// The retained config messages to publish: (topic, JSON payload).
    public var messages: [(topic: String, payload: String)] {
        Self.entities.compactMap { entity in
            guard entity.component != "image" || image else { return nil }
            return (configTopic(entity), payload(entity).rendered)
        }
    }

    /// Topics whose entity should be removed now (the image one when pictures are off).
    public var withdrawn: [String] {
        image ? [] : Self.entities.filter { $0.component == "image" }.map(configTopic)
    }

    /// Every config topic, for removing the whole device.
    public var allTopics: [String] { Self.entities.map(configTopic) }

    private func payload(_ entity: Entity) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(Self.title(entity.object))),
            ("unique_id", .string("\(node)_\(entity.object)")),
            ("object_id", .string("\(node)_\(entity.object)")),
            ("availability_topic", .string(topics.availability)),
            ("payload_available", .string("online")),
            ("payload_not_available", .string("offline")),
        ]
        let state: [(String, JSONOutput)] = [("state_topic", .string(topics.state))]
        let commandTopic: (String, JSONOutput) = ("command_topic", .string(topics.command))
        switch entity.object {
        case "next", "previous", "reload":
            members += [commandTopic, ("payload_press", .string(RemoteCommandJSON.plain(entity.object)))]
        case "paused":
            members +=
                state + [
                    commandTopic, ("payload_on", .string(RemoteCommandJSON.plain("pause"))),
                    ("payload_off", .string(RemoteCommandJSON.plain("resume"))),
                    ("state_on", .string("ON")), ("state_off", .string("OFF")),
                    ("value_template", .string("{{ 'ON' if value_json.paused else 'OFF' }}")),
                    ("icon", .string("mdi:pause")),
                ]
        case "display":
            members +=
                state + [
                    commandTopic,
                    ("payload_on", .string(RemoteCommand.display(.on).json.rendered)),
                    ("payload_off", .string(RemoteCommand.display(.off).json.rendered)),
                    ("state_on", .string("ON")), ("state_off", .string("OFF")),
                    ("value_template", .string("{{ 'OFF' if value_json.display.asked == 'off' else 'ON' }}")),
                    ("icon", .string("mdi:monitor")),
                ]
        case "display_lit":
            members +=
                state + [
                    ("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                    ("value_template", .string("{{ 'ON' if value_json.display.lit else 'OFF' }}")),
                    ("device_class", .string("power")),
                ]
        case "playlist":
            members +=
                state + [
                    commandTopic,
                    ("command_template", .string("{\"command\":\"playlist\",\"name\":{{ value | tojson }}}")),
                    ("value_template", .string("{{ value_json.playlist.asked }}")),
                    ("options", .array((playlists.filter { $0 != "auto" } + ["auto"]).map { .string($0) })),
                    ("icon", .string("mdi:playlist-play")),
                ]
        case "interval":
            let range = RemoteCommandParser.intervalRange
            members +=
                state + [
                    commandTopic,
                    ("command_template", .string("{\"command\":\"interval\",\"seconds\":{{ value }}}")),
                    ("value_template", .string("{{ value_json.interval }}")),
                    ("min", .number(range.lowerBound)), ("max", .number(3600)), ("step", .number(1)),
                    ("unit_of_measurement", .string("s")), ("mode", .string("box")),
                    ("icon", .string("mdi:timer-outline")),
                ]
        case "photo":
            members +=
                state + [
                    ("value_template", .string("{{ value_json.file or '' }}")), ("icon", .string("mdi:image")),
                    ("json_attributes_topic", .string(topics.state)),
                    (
                        "json_attributes_template",
                        .string("{{ {'index': value_json.index, 'caption': value_json.caption} | tojson }}")
                    ),
                ]
        case "slide_count":
            members +=
                state + [
                    ("value_template", .string("{{ value_json.count }}")), ("state_class", .string("measurement")),
                    ("icon", .string("mdi:image-multiple")),
                ]
        case "uptime":
            members +=
                state + [
                    ("value_template", .string("{{ value_json.uptime }}")), ("device_class", .string("duration")),
                    ("unit_of_measurement", .string("s")), ("entity_category", .string("diagnostic")),
                ]
        case "notice":
            members +=
                state + [
                    commandTopic,
                    (
                        "command_template",
                        .string("{\"command\":\"notice\",\"text\":{{ value | tojson }},\"seconds\":30}")
                    ),
                    ("value_template", .string("{{ value_json.notice or '' }}")),
                    ("min", .integer(0)), ("max", .integer(255)), ("icon", .string("mdi:message-text")),
                ]
        default:  // the picture of the screen
            members += [("image_topic", .string(topics.frame)), ("content_type", .string("image/jpeg"))]
        }
        members.append(("device", device))
        return .object(members)
    }

    private var device: JSONOutput {
        .object([
            ("identifiers", .array([.string(node)])),
            ("name", .string(deviceName)),
            ("model", .string("Vitrine slideshow")),
            ("manufacturer", .string("Vitrine")),
            ("sw_version", .string(version)),
        ])
    }

    private static func title(_ object: String) -> String {
        switch object {
        case "display_lit": return "Display lit"
        case "slide_count": return "Slide count"
        case "photo": return "Current photo"
        case "screen": return "Screen"
        default: return object.prefix(1).uppercased() + object.dropFirst()
        }
    }
}

/// Command payloads written out for Home Assistant's configuration.
public enum RemoteCommandJSON {
    /// `{"command":"NAME"}`.
    public static func plain(_ name: String) -> String {
        JSONOutput.object([("command", .string(name))]).rendered
    }
}
