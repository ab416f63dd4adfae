import VitrineCore

/// How a screen is reached from outside: the MQTT broker (with Home Assistant discovery) and
/// the local HTTP control API. Parsed like the other option groups, so `play` and the config
/// file can take them.
public struct RemoteOptions: Equatable, Sendable {
    /// The broker; MQTT is off while this is nil.
    public var mqttHost: String?
    /// nil: 1883, or 8883 with TLS.
    public var mqttPort: Int?
    /// nil: `vitrine-<hostname>`.
    public var clientID: String?
    public var username: String?
    public var passwordFile: String?
    /// Turns TLS on, verifying the broker against this CA.
    public var caFile: String?
    /// nil: `vitrine/<client id>`.
    public var baseTopic: String?
    public var groups: [String] = []
    public var discovery = true
    public var discoveryPrefix = "homeassistant"
    /// The device's name in Home Assistant; nil: the host name.
    public var deviceName: String?
    /// Seconds between two pictures of the screen for Home Assistant's image entity; 0 turns it off.
    public var imageInterval = 5.0
    /// The HTTP control API is off unless asked for.
    public var controlEnabled = false
    public var controlBind = "127.0.0.1"
    public var controlPort = RemoteOptions.defaultControlPort
    public var controlTokenFile: String?

    /// The port `vitrine ctl` talks to when none is given.
    public static let defaultControlPort = 8777

    public init() {}

    /// What is wrong with the values, once everything is parsed; nil when they can be used.
    public func problem() -> String? {
        if let clientID, clientID.utf8.count > 128 || clientID.unicodeScalars.contains("\u{0}") {
            return ("--mqtt-client-id: at most 128 bytes, no NUL")
        }
        if let baseTopic, let problem = Self.topicProblem(baseTopic) {
            return ("--mqtt-base \(baseTopic): \(problem)")
        }
        if let problem = Self.topicProblem(discoveryPrefix) {
            return ("--discovery-prefix \(discoveryPrefix): \(problem)")
        }
        if let deviceName, deviceName.isEmpty || deviceName.count > 64 || deviceName.unicodeScalars.contains("\u{0}") {
            return "--name: 1 to 64 characters, no NUL"
        }
        for group in groups where !Self.isPlainName(group) {
            return ("--mqtt-group \(group): use letters, digits, '-', '_' and '.' only")
        }
        return nil
    }

    /// Whether the control API must ask for a token: always when a token file is given, and
    /// whenever it listens beyond 127.0.0.1 and ::1.
    public var controlNeedsToken: Bool {
        controlTokenFile != nil || !["127.0.0.1", "::1", "localhost"].contains(controlBind)
    }

    /// The client id to use on a host called `hostname`.
    public func resolvedClientID(hostname: String) -> String {
        if let clientID { return clientID }
        let host = hostname.split(separator: ".").first.map(String.init) ?? ""
        let clean = String(host.unicodeScalars.filter { Self.plainScalars.contains($0) })
        return "vitrine-" + (clean.isEmpty ? "screen" : clean)
    }

    /// The device name on a host called `hostname`: `--name`, else the host's first label.
    public func resolvedDeviceName(hostname: String) -> String {
        if let deviceName { return deviceName }
        let host = hostname.split(separator: ".").first.map(String.init) ?? ""
        return host.isEmpty ? "Vitrine" : host
    }

    /// The base topic for `clientID`.
    public func resolvedBaseTopic(clientID: String) -> String {
        baseTopic ?? "vitrine/" + clientID.replacingSlashesAndWildcards
    }

    /// The broker port to use.
    public var resolvedMQTTPort: Int { mqttPort ?? (caFile == nil ? 1883 : 8883) }

    public static let plainScalars = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".unicodeScalars)

    public static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.unicodeScalars.allSatisfy { plainScalars.contains($0) || $0 == "." }
    }

    public static func topicProblem(_ topic: String) -> String? {
        if topic.isEmpty { return "is empty" }
        if topic.contains("+") || topic.contains("#") { return "must not contain the wildcards + or #" }
        if topic.hasPrefix("/") || topic.hasSuffix("/") { return "must not begin or end with /" }
        if topic.unicodeScalars.contains("\u{0}") || topic.utf8.count > 512 { return "is not a usable topic" }
        return nil
    }

}

extension String {
    /// The text with `/`, `+` and `#` replaced, fit for one level of a topic.
    var replacingSlashesAndWildcards: String {
        String(unicodeScalars.map { $0 == "/" || $0 == "+" || $0 == "#" ? "_" : Character($0) })
    }
}
