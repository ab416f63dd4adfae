import Foundation
import Testing
import VitrineCore
import VitrineRemote
import VitrineTestSupport

/// The discovery payloads against what Home Assistant's MQTT integration accepts, read from its
/// source: the keys each platform's discovery schema knows, in the oldest release Vitrine is proved
/// with (2024.3.3, the newest on Debian 12's Python 3.11: `DISCOVERY_SCHEMA` of
/// homeassistant/components/mqtt/<platform>.py, listed by voluptuous) and in a current one
/// (2026.2.3: the same files, schemas.py and entity.py, read for `vol.Optional`/`vol.Required` keys).
/// Both schemas drop unknown keys without a word (`extra=vol.REMOVE_EXTRA`); 2025.10 and later
/// warn about `object_id` on every entity unless `default_entity_id` is there.
@Suite struct HomeAssistantDiscoveryTests {
    /// Home Assistant 2024.3.3: keys each platform's discovery schema accepts.
    static let accepted2024_3: [String: [String]] = [
        "binary_sensor": [
            "availability availability_mode availability_template availability_topic device device_class",
            "enabled_by_default encoding entity_category expire_after force_update icon",
            "json_attributes_template json_attributes_topic name object_id off_delay origin payload_available",
            "payload_not_available payload_off payload_on qos state_topic unique_id value_template",
        ],
        "button": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic device device_class enabled_by_default encoding entity_category icon",
            "json_attributes_template json_attributes_topic name object_id origin payload_available",
            "payload_not_available payload_press qos retain unique_id",
        ],
        "event": [
            "availability availability_mode availability_template availability_topic device device_class",
            "enabled_by_default encoding entity_category event_types icon json_attributes_template",
            "json_attributes_topic name object_id origin payload_available payload_not_available qos",
            "state_topic unique_id value_template",
        ],
        "image": [
            "availability availability_mode availability_template availability_topic content_type device",
            "enabled_by_default encoding entity_category icon image_encoding image_topic",
            "json_attributes_template json_attributes_topic name object_id origin payload_available",
            "payload_not_available qos unique_id url_template url_topic",
        ],
        "number": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic device device_class enabled_by_default encoding entity_category icon",
            "json_attributes_template json_attributes_topic max min mode name object_id optimistic origin",
            "payload_available payload_not_available payload_reset qos retain state_topic step unique_id",
            "unit_of_measurement value_template",
        ],
        "select": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic device enabled_by_default encoding entity_category icon json_attributes_template",
            "json_attributes_topic name object_id optimistic options origin payload_available",
            "payload_not_available qos retain state_topic unique_id value_template",
        ],
        "sensor": [
            "availability availability_mode availability_template availability_topic device device_class",
            "enabled_by_default encoding entity_category expire_after force_update icon",
            "json_attributes_template json_attributes_topic last_reset_value_template name object_id origin",
            "payload_available payload_not_available qos state_class state_topic suggested_display_precision",
            "unique_id unit_of_measurement value_template",
        ],
        "switch": [
            "availability availability_mode availability_template availability_topic command_topic device",
            "device_class enabled_by_default encoding entity_category icon json_attributes_template",
            "json_attributes_topic name object_id optimistic origin payload_available payload_not_available",
            "payload_off payload_on qos retain state_off state_on state_topic unique_id value_template",
        ],
        "text": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic device enabled_by_default encoding entity_category icon json_attributes_template",
            "json_attributes_topic max min mode name object_id optimistic origin pattern payload_available",
            "payload_not_available qos retain state_topic unique_id value_template",
        ],
    ]

    /// Home Assistant 2026.2.3: keys each platform's discovery schema accepts.
    static let accepted2026_2: [String: [String]] = [
        "binary_sensor": [
            "availability availability_mode availability_template availability_topic default_entity_id device",
            "device_class enabled_by_default entity_category entity_picture expire_after force_update icon",
            "json_attributes_template json_attributes_topic name object_id off_delay origin payload_available",
            "payload_not_available payload_off payload_on state_topic topic unique_id value_template",
        ],
        "button": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic default_entity_id device device_class enabled_by_default entity_category",
            "entity_picture icon json_attributes_template json_attributes_topic name object_id origin",
            "payload_available payload_not_available payload_press retain state_topic topic unique_id",
            "value_template",
        ],
        "event": [
            "availability availability_mode availability_template availability_topic default_entity_id device",
            "device_class enabled_by_default entity_category entity_picture event_types icon",
            "json_attributes_template json_attributes_topic name object_id origin payload_available",
            "payload_not_available state_topic topic unique_id value_template",
        ],
        "image": [
            "availability availability_mode availability_template availability_topic content_type",
            "default_entity_id device enabled_by_default entity_category entity_picture icon image_encoding",
            "image_topic json_attributes_template json_attributes_topic name object_id origin",
            "payload_available payload_not_available state_topic topic unique_id url_template url_topic",
            "value_template",
        ],
        "number": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic default_entity_id device device_class enabled_by_default entity_category",
            "entity_picture icon json_attributes_template json_attributes_topic max min mode name object_id",
            "optimistic origin payload_available payload_not_available payload_reset retain state_topic step",
            "topic unique_id unit_of_measurement value_template",
        ],
        "select": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic default_entity_id device enabled_by_default entity_category entity_picture icon",
            "json_attributes_template json_attributes_topic name object_id optimistic options origin",
            "payload_available payload_not_available retain state_topic topic unique_id value_template",
        ],
        "sensor": [
            "availability availability_mode availability_template availability_topic default_entity_id device",
            "device_class enabled_by_default entity_category entity_picture expire_after force_update icon",
            "json_attributes_template json_attributes_topic last_reset_value_template name object_id options",
            "origin payload_available payload_not_available state_class state_topic",
            "suggested_display_precision topic unique_id unit_of_measurement value_template",
        ],
        "switch": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic default_entity_id device device_class enabled_by_default entity_category",
            "entity_picture icon json_attributes_template json_attributes_topic name object_id optimistic",
            "origin payload_available payload_not_available payload_off payload_on retain state_off state_on",
            "state_topic topic unique_id value_template",
        ],
        "text": [
            "availability availability_mode availability_template availability_topic command_template",
            "command_topic default_entity_id device enabled_by_default entity_category entity_picture icon",
            "json_attributes_template json_attributes_topic max min mode name object_id optimistic origin",
            "pattern payload_available payload_not_available retain state_topic topic unique_id",
            "value_template",
        ],
    ]

    static func keys(_ table: [String: [String]], _ component: String) -> Set<String> {
        Set((table[component] ?? []).flatMap { $0.split(separator: " ").map(String.init) })
    }

    static let discovery = HomeAssistantDiscovery(
        prefix: "homeassistant", node: "vitrine-hall", topics: RemoteTopics(base: "vitrine/vitrine-hall"),
        deviceName: "Hall", version: "1.2.3", playlists: ["day", "night"], configurationURL: "http://192.0.2.7:8080/")

    static func config(_ object: String) throws -> JSONNode {
        let entity = try #require(HomeAssistantDiscovery.entities.first { $0.object == object })
        return try JSONParser.parse(discovery.payload(entity).rendered)
    }

    /// A command template as Home Assistant renders it, for the two forms the payloads use.
    static func render(_ template: String, number: Double? = nil, text: String? = nil) -> String {
        var out = template
        if let number { out = out.replacingOccurrences(of: "{{ value }}", with: JSONOutput.number(number).rendered) }
        if let text {
            out = out.replacingOccurrences(of: "{{ value | tojson }}", with: JSONOutput.string(text).rendered)
            out = out.replacingOccurrences(
                of: "{{ ('none' if value == 'cut' else value) | tojson }}",
                with: JSONOutput.string(text == "cut" ? "none" : text).rendered)
        }
        return out
    }

    @Test func everyKeySentIsOneBothReleasesAccept() throws {
        for entity in HomeAssistantDiscovery.entities {
            let payload = try JSONParser.parse(Self.discovery.payload(entity).rendered)
            let sent = Set((payload.members ?? []).map(\.key))
            let old = Self.keys(Self.accepted2024_3, entity.component)
            let new = Self.keys(Self.accepted2026_2, entity.component)
            #expect(old.count > 10 && new.count > 10, "\(entity.component): no table")
            #expect(sent.subtracting(new).isEmpty, "\(entity.object): 2026.2 does not know \(sent.subtracting(new))")
            // 2024.3 drops default_entity_id without a word; it knows every other key sent.
            #expect(sent.subtracting(old) == ["default_entity_id"], "\(entity.object): \(sent.subtracting(old))")
            #expect(!sent.contains("object_id"), "2025.10 and later warn about object_id")
            #expect(payload["default_entity_id"]?.string == "\(entity.component).vitrine_hall_\(entity.object)")
            let device = Set((payload["device"]?.members ?? []).map(\.key))
            #expect(
                device.isSubset(of: ["identifiers", "name", "model", "manufacturer", "sw_version", "configuration_url"])
            )
            #expect(payload["device"]?["configuration_url"]?.string == "http://192.0.2.7:8080/")
            #expect(payload["device"]?["name"]?.string == "Hall")
            #expect(Set((payload["origin"]?.members ?? []).map(\.key)) == ["name", "sw_version"])
            if let category = payload["entity_category"]?.string {
                #expect(["config", "diagnostic"].contains(category))
                // Home Assistant refuses sensors in the config category.
                #expect(!(category == "config" && ["sensor", "binary_sensor"].contains(entity.component)))
            }
        }
        #expect(Self.discovery.withdrawn.contains("homeassistant/switch/vitrine-hall/display/config"))
        #expect(Self.discovery.withdrawn.contains("homeassistant/sensor/vitrine-hall/uptime/config"))
    }

    @Test func numberAndTextLimitsAreTheCommandModels() throws {
        let numbers: [(String, ClosedRange<Double>, Double)] = [
            ("interval", RemoteCommandParser.intervalRange, RemoteCommandParser.intervalStep),
            ("notice_seconds", RemoteCommandParser.noticeSecondsRange, RemoteCommandParser.noticeSecondsStep),
        ]
        for (object, range, step) in numbers {
            let config = try Self.config(object)
            #expect(config["min"]?.number == range.lowerBound && config["max"]?.number == range.upperBound)
            #expect(config["step"]?.number == step)
            let template = try #require(config["command_template"]?.string)
            for value in [range.lowerBound, range.upperBound, 7200] {
                #expect(throws: Never.self) { try RemoteCommandParser.parse(Self.render(template, number: value)) }
            }
            for value in [range.lowerBound - step, range.upperBound + step] {
                #expect(throws: RemoteCommandError.self) {
                    try RemoteCommandParser.parse(Self.render(template, number: value))
                }
            }
        }
        let notice = try Self.config("notice")
        let length = RemoteCommandParser.maximumNoticeLength
        #expect(notice["min"]?.int == 0 && notice["max"]?.int == length)
        #expect(length <= 255, "Home Assistant's text entities hold at most 255 characters")
        let template = try #require(notice["command_template"]?.string)
        let longest = String(repeating: "é", count: length)
        #expect(
            try RemoteCommandParser.parse(Self.render(template, text: longest)).command
                == .notice(text: longest, seconds: nil))
        #expect(
            try RemoteCommandParser.parse(Self.render(template, text: "")).command == .notice(text: "", seconds: nil))
        #expect(throws: RemoteCommandError.self) {
            try RemoteCommandParser.parse(Self.render(template, text: String(repeating: "x", count: 300)))
        }
    }

    @Test func everyOptionAndButtonIsACommandVitrineTakes() throws {
        let expected: [String: [RemoteCommand]] = [
            "display": [.display(.on), .display(.off), .display(.auto)],
            "playlist": [.playPlaylist(.named("day")), .playPlaylist(.named("night")), .playPlaylist(.auto)],
            "transition": TransitionKind.allCases.map { .setTransition($0) },
        ]
        for (object, commands) in expected {
            let config = try Self.config(object)
            let options = config["options"]?.elements?.compactMap(\.string) ?? []
            let template = try #require(config["command_template"]?.string)
            let parsed = try options.map { try RemoteCommandParser.parse(Self.render(template, text: $0)).command }
            #expect(parsed == commands, "\(object)")
        }
        for (object, command) in [
            ("next", RemoteCommand.next), ("previous", .previous), ("first", .first), ("reload", .reload),
        ] {
            let press = try #require(try Self.config(object)["payload_press"]?.string)
            #expect(try RemoteCommandParser.parse(press).command == command)
        }
        let paused = try Self.config("paused")
        #expect(try RemoteCommandParser.parse(paused["payload_on"]?.string ?? "").command == .pause)
        #expect(try RemoteCommandParser.parse(paused["payload_off"]?.string ?? "").command == .resume)
        let shown = try Self.config("shown")
        #expect(shown["event_types"]?.elements?.compactMap(\.string) == [HomeAssistantDiscovery.shownEventType])
        #expect(shown["state_topic"]?.string == "vitrine/vitrine-hall/shown")
    }

    @Test func theDocumentedTableIsTheOneTheCodeMakes() throws {
        let page = Repository.path("docs/remote-control.md")
        let table = HomeAssistantDiscovery.entityTable
        let matches = try String(contentsOfFile: page, encoding: .utf8).contains(table)
        #expect(
            matches,
            "docs/remote-control.md's entity table differs; the table the code makes:\n\(table)")
    }
}
