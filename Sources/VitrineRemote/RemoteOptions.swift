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

    /// Help lines for the remote-control options.
    public static let help = """
          --mqtt HOST                    connect to this MQTT broker (off unless given)
          --mqtt-port N                  broker port (default 1883, 8883 with --mqtt-ca-file)
          --mqtt-client-id ID            client id (default vitrine-HOSTNAME)
          --mqtt-username NAME           user name at the broker
          --mqtt-password-file FILE      file holding the password (default: the credential
                                         vitrine-mqtt-password in $CREDENTIALS_DIRECTORY, if there)
          --mqtt-ca-file FILE            use TLS and verify the broker against this CA certificate
          --mqtt-base TOPIC              topic prefix of this screen (default vitrine/CLIENT-ID)
          --mqtt-group NAME              also obey commands on vitrine/group/NAME/cmd (repeatable)
          --no-discovery                 do not announce the screen to Home Assistant, and remove
                                         an earlier announcement
          --discovery-prefix PREFIX      Home Assistant's discovery prefix (default homeassistant)
          --mqtt-image-interval SECONDS  at most one picture of the screen per this many seconds
                                         for Home Assistant (default 5, 0 turns the picture off)
          --control                      serve the HTTP control API (for vitrine ctl) on 127.0.0.1:8777
          --control-bind ADDRESS         address of the control API (default 127.0.0.1); any other
                                         than 127.0.0.1 or ::1 needs --control-token-file
          --control-port N               port of the control API (default 8777; implies --control)
          --control-token-file FILE      bearer token clients must send (default: the credential
                                         vitrine-control-token in $CREDENTIALS_DIRECTORY, if there)
        """

    /// Applies `option` if it is a remote-control one; returns false otherwise.
    public mutating func apply(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case "--mqtt": mqttHost = try Self.text(option, &scanner)
        case "--mqtt-port": mqttPort = try Self.port(option, &scanner, allowZero: false)
        case "--mqtt-client-id": clientID = try Self.text(option, &scanner)
        case "--mqtt-username": username = try Self.text(option, &scanner)
        case "--mqtt-password-file": passwordFile = try Self.text(option, &scanner)
        case "--mqtt-ca-file": caFile = try Self.text(option, &scanner)
        case "--mqtt-base": baseTopic = try Self.text(option, &scanner)
        case "--mqtt-group": groups.append(try Self.text(option, &scanner))
        case "--no-discovery": discovery = false
        case "--discovery-prefix": discoveryPrefix = try Self.text(option, &scanner)
        case "--mqtt-image-interval": imageInterval = try scanner.seconds(for: option, allowZero: true)
        case "--control": controlEnabled = true
        case "--control-bind": controlBind = try Self.text(option, &scanner)
        case "--control-port":
            controlPort = try Self.port(option, &scanner, allowZero: true)
            controlEnabled = true
        case "--control-token-file": controlTokenFile = try Self.text(option, &scanner)
        default: return false
        }
        return true
    }

    /// Checks values once everything is parsed.
    public func validate() throws(UsageError) {
        if let clientID, clientID.utf8.count > 128 || clientID.unicodeScalars.contains("\u{0}") {
            throw UsageError("--mqtt-client-id: at most 128 bytes, no NUL")
        }
        if let baseTopic, let problem = Self.topicProblem(baseTopic) {
            throw UsageError("--mqtt-base \(baseTopic): \(problem)")
        }
        if let problem = Self.topicProblem(discoveryPrefix) {
            throw UsageError("--discovery-prefix \(discoveryPrefix): \(problem)")
        }
        for group in groups where !Self.isPlainName(group) {
            throw UsageError("--mqtt-group \(group): use letters, digits, '-', '_' and '.' only")
        }
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

    /// The base topic for `clientID`.
    public func resolvedBaseTopic(clientID: String) -> String {
        baseTopic ?? "vitrine/" + clientID.replacingSlashesAndWildcards
    }

    /// The broker port to use.
    public var resolvedMQTTPort: Int { mqttPort ?? (caFile == nil ? 1883 : 8883) }

    static let plainScalars = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".unicodeScalars)

    static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.unicodeScalars.allSatisfy { plainScalars.contains($0) || $0 == "." }
    }

    static func topicProblem(_ topic: String) -> String? {
        if topic.isEmpty { return "is empty" }
        if topic.contains("+") || topic.contains("#") { return "must not contain the wildcards + or #" }
        if topic.hasPrefix("/") || topic.hasSuffix("/") { return "must not begin or end with /" }
        if topic.unicodeScalars.contains("\u{0}") || topic.utf8.count > 512 { return "is not a usable topic" }
        return nil
    }

    private static func text(_ option: String, _ scanner: inout ArgumentScanner) throws(UsageError) -> String {
        let value = try scanner.value(for: option)
        guard !value.isEmpty else { throw UsageError("\(option): the value is empty") }
        return value
    }

    private static func port(_ option: String, _ scanner: inout ArgumentScanner, allowZero: Bool)
        throws(UsageError) -> Int
    {
        let text = try scanner.value(for: option)
        guard let port = Int(text), port >= (allowZero ? 0 : 1), port <= 65535 else {
            throw UsageError("\(option) \(text): expected a port number, 1…65535")
        }
        return port
    }
}

extension String {
    /// The text with `/`, `+` and `#` replaced, fit for one level of a topic.
    var replacingSlashesAndWildcards: String {
        String(unicodeScalars.map { $0 == "/" || $0 == "+" || $0 == "#" ? "_" : Character($0) })
    }
}
