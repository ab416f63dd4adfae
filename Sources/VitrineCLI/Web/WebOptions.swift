import Foundation
import VitrineCore

/// The options of the owner's web page: whether it is on, where it listens, TLS, its state file.
struct WebOptions: Equatable, Sendable {
    var enabled = false
    /// 127.0.0.1 unless told; `0.0.0.0` (or `::`) serves every network of the device.
    var bind = "127.0.0.1"
    var port = 8080
    var certificateFile: String?
    var keyFile: String?
    /// Where the password hash (and, until one is set, the setup code) is kept, mode 0600.
    var statePath: String?
    /// The address shown on the screen and in the QR code, when the one worked out is not right.
    var address: String?
    /// More names the page is reached by (a DNS name pointing at the device), for the Host check.
    var hostNames: [String] = []
    /// More folders a playlist saved from the page may show, besides its photo folder.
    var mediaRoots: [String] = []

    static let help = """
          --web                          serve the web page (upload photos, edit the playlist,
                                         preview the schedule) on 127.0.0.1:8080
          --web-bind ADDRESS             address of the page (default 127.0.0.1; 0.0.0.0 for every
                                         network, so a phone can reach it; implies --web)
          --web-port N                   port of the page (default 8080; 0 picks a free one; implies --web);
                                         with --keep-going a taken port (this one or --control-port)
                                         does not stop the show and is tried again every 5 s
          --web-cert FILE, --web-key FILE
                                         serve the page over HTTPS with this PEM certificate and key
          --web-state FILE               the page's password hash and setup code, mode 0600 (default
                                         web.json in $STATE_DIRECTORY, /var/lib/vitrine or ~/.local/state/vitrine)
          --web-address URL              the address the screen shows and the QR code holds
                                         (default: worked out from the host's network addresses)
          --web-host NAME                another name the page is reached by (repeatable); requests
                                         naming any host but these, localhost, this device's
                                         addresses, host name and HOSTNAME.local are refused
          --web-media-root DIR           a folder a playlist saved from the page may show (repeatable;
                                         its own photo folder and the folders the playlist shows at
                                         start always may)
          --no-web                       do not serve the page (wins over the configuration file)
        """

    /// Applies `option` if it is one of the page's; returns false otherwise.
    mutating func apply(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case "--web": enabled = true
        case "--no-web": enabled = false
        case "--web-bind":
            bind = try Self.text(option, &scanner)
            enabled = true
        case "--web-port":
            let text = try scanner.value(for: option)
            guard let port = Int(text), (0...65535).contains(port) else {
                throw UsageError("\(option) \(text): expected a port number, 0…65535")
            }
            self.port = port
            enabled = true
        case "--web-cert": certificateFile = try Self.text(option, &scanner)
        case "--web-key": keyFile = try Self.text(option, &scanner)
        case "--web-state": statePath = try Self.text(option, &scanner)
        case "--web-host":
            let name = try Self.text(option, &scanner).lowercased()
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
                throw UsageError("\(option) \(name): expected a host name such as frame.example.org")
            }
            hostNames.append(name)
        case "--web-media-root":
            let folder = try Self.text(option, &scanner)
            guard folder.hasPrefix("/") else { throw UsageError("\(option) \(folder): give an absolute folder") }
            mediaRoots.append(folder)
        case "--web-address":
            let text = try Self.text(option, &scanner)
            guard text.hasPrefix("http://") || text.hasPrefix("https://") else {
                throw UsageError("\(option) \(text): expected an address such as http://frame.local:8080/")
            }
            address = text
        default: return false
        }
        return true
    }

    /// Checks values once everything is parsed.
    func validate() throws(UsageError) {
        if (certificateFile == nil) != (keyFile == nil) {
            throw UsageError("--web-cert and --web-key go together: HTTPS needs both the certificate and its key")
        }
        if !enabled { return }
        var v4 = in_addr()
        var v6 = in6_addr()
        let address = bind == "localhost" ? "127.0.0.1" : bind
        guard inet_pton(AF_INET, address, &v4) == 1 || inet_pton(AF_INET6, address, &v6) == 1 else {
            throw UsageError("--web-bind \(bind): expected an IPv4 or IPv6 address, such as 0.0.0.0 or 127.0.0.1")
        }
        for file in [certificateFile, keyFile].compactMap({ $0 })
        where !FileManager.default.isReadableFile(atPath: file) {
            throw UsageError("--web-cert/--web-key \(file): cannot read the file")
        }
    }

    var isLoopback: Bool { ["127.0.0.1", "localhost", "::1"].contains(bind) }

    /// The state file: `--web-state`, else `web.json` in the service's state folder.
    func resolvedStatePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let statePath { return statePath }
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, state.hasPrefix("/") {
            return state + "/web.json"
        }
        if access("/var/lib/vitrine", W_OK) == 0 { return "/var/lib/vitrine/web.json" }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/vitrine/web.json" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/vitrine/web.json"
    }

    private static func text(_ option: String, _ scanner: inout ArgumentScanner) throws(UsageError) -> String {
        let value = try scanner.value(for: option)
        guard !value.isEmpty else { throw UsageError("\(option): the value is empty") }
        return value
    }
}
