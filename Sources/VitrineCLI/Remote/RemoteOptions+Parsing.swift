import VitrineCore
import VitrineRemote

/// The command line's side of the remote options: their help, parsing and checks.
extension RemoteOptions {
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
          --name NAME                    the screen's device name in Home Assistant (default: the
                                         host name)
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
        case "--name": deviceName = try Self.text(option, &scanner)
        case "--mqtt-image-interval": imageInterval = try scanner.seconds(for: option, allowZero: true).value
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
        if let problem = problem() { throw UsageError(problem) }
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
