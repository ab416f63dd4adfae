import Foundation
import VitrineCLI
import VitrineCore
import VitrineRemote
import VitrineTestSupport

/// Builds remote-control pieces from command-line style options, as `vitrine play` will.
enum RemoteHarness {
    static func options(_ args: [String]) throws -> RemoteOptions {
        var options = RemoteOptions()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            guard try options.apply(option, from: &scanner) else { throw BrokerError("unknown option \(option)") }
        }
        return options
    }

    /// A RemoteControl on `broker` with client id `id`, connected.
    static func remote(
        _ broker: Broker, id: String, _ extra: [String] = [], environment: [String: String] = [:]
    ) throws -> RemoteControl {
        var args = ["--mqtt", "127.0.0.1", "--mqtt-port", String(broker.port), "--mqtt-client-id", id]
        if let credentials = broker.credentials {
            let file = broker.folder.appendingPathComponent("client-password")
            try (credentials.password + "\n").write(to: file, atomically: true, encoding: .utf8)
            args += ["--mqtt-username", credentials.username, "--mqtt-password-file", file.path]
            args += ["--mqtt-ca-file", broker.caFile]
        }
        let remote = try RemoteControl(
            options: try options(args + extra), version: "1.2.3", hostname: "test", environment: environment)
        guard eventually(timeout: 10, { remote.bridge?.isConnected == true }) else {
            throw BrokerError("\(id) did not connect")
        }
        return remote
    }

    /// `.build/debug/vitrine-remote-probe` of this package.
    static var probe: String { Repository.product("vitrine-remote-probe") }

    static func json(_ bytes: [UInt8]) throws -> JSONNode {
        try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
    }
}
