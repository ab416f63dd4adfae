import Foundation
import Glibc

/// A real WebDAV server for the play tests: Debian's Apache (mod_dav, mod_dav_fs, Basic auth) with its
/// own configuration in `folder`, on a free loopback port, in the foreground, killed by `stop()`.
/// (The same setup as the network tests' launcher, kept to what `play` needs.) Run as root, Apache
/// hands its workers to `nobody`, so the shared folder is given to that user.
final class WebDAVServer {
    let port: Int
    let shared: String
    private let process = Process()

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2")
            && FileManager.default.fileExists(atPath: "/usr/lib/apache2/modules/mod_dav_fs.so")
    }

    init(in root: String, user: String, password: String) throws {
        shared = root + "/dav"
        for path in [root, shared, root + "/davlock"] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            chmod(path, 0o755)
        }
        port = Self.freePort()
        try Self.run(["htpasswd", "-bc", root + "/htpasswd", user, password])
        let asRoot = getuid() == 0
        let modules = [
            "mpm_prefork", "authn_core", "authn_file", "authz_core", "authz_user", "auth_basic", "dav", "dav_fs",
        ]
        var lines = modules.map { "LoadModule \($0)_module /usr/lib/apache2/modules/mod_\($0).so" }
        lines += [
            "ServerName 127.0.0.1", "Listen 127.0.0.1:\(port)", "PidFile \(root)/httpd.pid",
            "ErrorLog \(root)/error.log", "DefaultRuntimeDir \(root)", "Mutex file:\(root) default",
            "DavLockDB \(root)/davlock/lock", "DocumentRoot \(shared)", "StartServers 1", "MaxRequestWorkers 8",
            "<Directory \(shared)>", "  Dav On", "  AuthType Basic", "  AuthName \"photos\"",
            "  AuthUserFile \(root)/htpasswd", "  Require valid-user", "</Directory>",
        ]
        if asRoot { lines += ["User nobody", "Group nogroup"] }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: root + "/httpd.conf", atomically: true, encoding: .utf8)
        if asRoot {
            for path in [root, shared, root + "/davlock", root + "/htpasswd"] { chown(path, 65534, 65534) }
        }
        // The test runner blocks SIGTERM and children inherit the mask: it is cleared before exec, so
        // SIGTERM makes Apache stop its workers too (a killed parent would leave them listening).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let unblock =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])"
        process.arguments = [
            NetTestServer.python, "-c", unblock, "/usr/sbin/apache2", "-f", root + "/httpd.conf", "-DFOREGROUND",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !Self.isListening(port) { usleep(10_000) }
        guard Self.isListening(port) else {
            stop()
            throw CocoaError(.fileReadUnknown)
        }
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// Puts a file into the shared folder (owned by the server's user).
    func put(_ name: String, from source: String) throws {
        let path = shared + "/" + name
        try FileManager.default.copyItem(atPath: source, toPath: path)
        if getuid() == 0 { chown(path, 65534, 65534) }
    }

    /// Stops the server and its workers, and waits until nothing answers on the port.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning || Self.isListening(port) { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    private static func run(_ arguments: [String]) throws {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tool.arguments = arguments
        tool.standardOutput = FileHandle.nullDevice
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        tool.waitUntilExit()
        guard tool.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }

    private static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func isListening(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return address
    }
}
