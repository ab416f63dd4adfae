import Foundation
import Glibc
import VitrineTestSupport

/// A real WebDAV server: Debian's Apache (mod_dav, mod_dav_fs, Basic auth) with its own configuration
/// in a temporary folder, on a free loopback port, run in the foreground and killed at the end.
/// Run as root, Apache hands its workers to `nobody`, so the shared folder is given to that user.
final class ApacheWebDAV {
    let folder: String
    let port: Int
    /// One line a request: method, path, status.
    let accessLog: String
    private let server: ServerProcess

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2")
            && FileManager.default.fileExists(atPath: "/usr/lib/apache2/modules/mod_dav_fs.so")
    }

    init(in temporary: TemporaryFolder, user: String, password: String) throws {
        let root = temporary.sub("apache")
        folder = temporary.sub("apache/dav")
        port = freePort()
        accessLog = root + "/access.log"
        try run(["htpasswd", "-bc", root + "/htpasswd", user, password])
        let asRoot = getuid() == 0
        let modules = [
            "mpm_prefork", "authn_core", "authn_file", "authz_core", "authz_user", "auth_basic", "dav", "dav_fs",
        ]
        var lines = modules.map { "LoadModule \($0)_module /usr/lib/apache2/modules/mod_\($0).so" }
        lines += [
            "ServerName 127.0.0.1", "Listen 127.0.0.1:\(port)", "PidFile \(root)/httpd.pid",
            "ErrorLog \(root)/error.log", "CustomLog \(root)/access.log \"%m %U %>s\"", "DefaultRuntimeDir \(root)",
            "Mutex file:\(root) default",
            "DavLockDB \(root)/davlock/lock", "DocumentRoot \(folder)", "StartServers 1", "MaxRequestWorkers 8",
            "<Directory \(folder)>", "  Dav On", "  AuthType Basic", "  AuthName \"photos\"",
            "  AuthUserFile \(root)/htpasswd", "  Require valid-user", "</Directory>",
        ]
        if asRoot { lines += ["User nobody", "Group nogroup"] }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: root + "/httpd.conf", atomically: true, encoding: .utf8)
        _ = temporary.sub("apache/davlock")
        if asRoot {
            for path in [root, folder, root + "/davlock", root + "/htpasswd"] { chown(path, 65534, 65534) }
        }
        server = try ServerProcess(["/usr/sbin/apache2", "-f", root + "/httpd.conf", "-DFOREGROUND"], readPort: false)
        guard eventually(timeout: 10, { isListening(port) }) else {
            server.stop()
            throw ServerError.failed(
                "apache2 did not start: " + ((try? String(contentsOfFile: root + "/error.log", encoding: .utf8)) ?? ""))
        }
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// Puts a file into the shared folder (owned by the server's user).
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

    func stop() { server.stop() }
}
