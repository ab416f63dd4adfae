import Foundation
import Glibc
import VitrineTestSupport

/// A WebDAV server the tests start on a free loopback port, serving `folder` with Basic
/// authentication: Apache mod_dav, WsgiDAV (PyPI) or rclone's `serve webdav` (Debian).
protocol WebDAVTestServer: AnyObject {
    var name: String { get }
    var folder: String { get }
    var base: String { get }
    func stop()
}

extension WebDAVTestServer {
    /// Puts a file into the served folder (folders made as needed).
    func put(_ relative: String, _ data: Data) {
        let path = (folder as NSString).appendingPathComponent(relative)
        let parent = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: data)
        if getuid() == 0 {
            chown(parent, 65534, 65534)
            chown(path, 65534, 65534)
        }
    }

    func remove(_ relative: String) {
        try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(relative))
    }
}

extension ApacheWebDAV: WebDAVTestServer {
    var name: String { "Apache mod_dav" }
}

/// WsgiDAV on cheroot, from PyPI (deploy/test-requirements.txt), with a JSON configuration of its own.
final class WsgiDAVServer: WebDAVTestServer {
    let name = "WsgiDAV"
    let folder: String
    let port: Int
    private let server: ServerProcess

    static var isAvailable: Bool { (try? run([python3, "-c", "import wsgidav, cheroot"])) != nil }

    init(in temporary: TemporaryFolder, user: String, password: String) throws {
        folder = temporary.sub("wsgidav/dav")
        port = freePort()
        let configuration: [String: Any] = [
            "host": "127.0.0.1", "port": port, "server": "cheroot", "verbose": 1,
            "provider_mapping": ["/": folder],
            "simple_dc": ["user_mapping": ["*": [user: ["password": password]]]],
            "http_authenticator": ["accept_basic": true, "accept_digest": false, "default_to_digest": false],
            "logging": ["enable_loggers": []],
        ]
        let file = temporary.path + "/wsgidav/wsgidav.json"
        try JSONSerialization.data(withJSONObject: configuration).write(to: URL(fileURLWithPath: file))
        server = try ServerProcess(
            [python3, "-m", "wsgidav.server.server_cli", "--config", file], readPort: false)
        guard eventually(timeout: 20, { isListening(self.port) }) else {
            server.stop()
            throw ServerError.failed("wsgidav did not start")
        }
    }

    var base: String { "http://127.0.0.1:\(port)" }
    func stop() { server.stop() }
}

/// rclone's WebDAV server (Debian's rclone) over a local folder; its directory cache kept to a
/// second so that changes on disk show at the next listing.
final class RcloneWebDAVServer: WebDAVTestServer {
    let name = "rclone serve webdav"
    let folder: String
    let port: Int
    private let server: ServerProcess

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/rclone") }

    init(in temporary: TemporaryFolder, user: String, password: String) throws {
        folder = temporary.sub("rclone/dav")
        port = freePort()
        server = try ServerProcess(
            [
                "/usr/bin/rclone", "serve", "webdav", folder, "--addr", "127.0.0.1:\(port)", "--user", user,
                "--pass", password, "--dir-cache-time", "1s", "--poll-interval", "0", "--config", "/dev/null",
            ], readPort: false)
        guard eventually(timeout: 20, { isListening(self.port) }) else {
            server.stop()
            throw ServerError.failed("rclone serve webdav did not start")
        }
    }

    var base: String { "http://127.0.0.1:\(port)" }
    func stop() { server.stop() }
}
