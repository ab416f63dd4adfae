import Foundation
import Glibc
import VitrineCore
import VitrineRemote
import VitrineTestSupport

/// A real `vitrine play` run headless as a child process (offscreen video, software renderer,
/// 320×180), on a broker and with its control API on a free loopback port.
final class RunningPlayer {
    let id: String
    let controlPort: Int
    let process: ChildProcess
    var client: ControlClient

    /// `vitrine play --config none … ARGS` with MQTT on `broker` (when given) as client `id`.
    init(
        broker: Broker?, id: String, _ arguments: [String], control: [String] = [], host: String = "127.0.0.1",
        token: String? = nil
    ) throws {
        self.id = id
        controlPort = try Broker.freePort()
        var args = [
            "play", "--video-driver", "offscreen", "--renderer", "software", "--windowed", "320x180",
            "--control-port", String(controlPort),
        ]
        if let broker {
            args += ["--mqtt", "127.0.0.1", "--mqtt-port", String(broker.port), "--mqtt-client-id", id]
        }
        if !arguments.contains("--config") { args += ["--config", "none"] }
        process = try ChildProcess(args + control + arguments)
        client = ControlClient(host: host, port: controlPort, token: token)
        guard eventually(timeout: 15, { (try? self.state()) != nil || self.hasEnded }) else {
            throw BrokerError("player \(id) did not answer: \(process.standardError.suffix(500))")
        }
        if hasEnded { throw BrokerError("player \(id) ended: \(process.standardError.suffix(500))") }
    }

    deinit { kill() }

    private var hasEnded: Bool { Glibc.kill(process.pid, 0) != 0 }

    /// Ends the player at once (SIGKILL: what a power cut or a crash looks like).
    func kill() {
        process.send(SIGKILL)
        _ = process.waitForExit(timeout: 5)
    }

    /// `GET /api/state` as JSON.
    func state() throws -> JSONNode {
        let reply = try client.request("GET", "/api/state")
        guard reply.status == 200 else { throw BrokerError("state: HTTP \(reply.status)") }
        return try JSONParser.parse(reply.text)
    }

    /// The first state (polled every few ms) for which `condition` holds, up to `timeout` seconds.
    @discardableResult
    func waitForState(timeout: Double = 10, _ condition: (JSONNode) -> Bool) -> JSONNode? {
        var found: JSONNode?
        _ = eventually(timeout: timeout) {
            guard let state = try? state(), condition(state) else { return false }
            found = state
            return true
        }
        return found
    }

    /// `vitrine ctl --port PORT ARGS…`: its exit status and standard output.
    func ctl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ChildProcess.binary)
        process.arguments = ["ctl", "--port", String(controlPort)] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

extension JSONNode {
    var int: Int? { number.map { Int($0) } }
}
