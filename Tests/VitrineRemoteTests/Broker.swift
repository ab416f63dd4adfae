import Foundation
import Glibc
import VitrineTestSupport

/// A real mosquitto broker started for one test on a free loopback port, with a temporary
/// configuration; optionally with a password file and TLS from a CA made with openssl.
final class Broker: @unchecked Sendable {
    struct Credentials {
        var username = "screen"
        var password = "s3cret-pass"
    }

    let folder: URL
    let port: Int
    let credentials: Credentials?
    private(set) var process: Process
    /// With TLS: the CA certificate clients verify the broker against.
    var caFile: String { folder.appendingPathComponent("ca.crt").path }

    init(secure: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-broker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        credentials = secure ? Credentials() : nil
        var config = """
            listener \(port) 127.0.0.1
            persistence false
            max_queued_messages 0
            max_inflight_messages 0
            log_dest stderr
            log_type error
            log_type warning
            user \(String(cString: getpwuid(getuid()).pointee.pw_name))

            """
        if let credentials {
            try Self.run(
                "/usr/bin/mosquitto_passwd", ["-b", "-c", "passwd", credentials.username, credentials.password],
                in: folder)
            try Self.makeCertificates(in: folder)
            config += """
                allow_anonymous false
                password_file \(folder.appendingPathComponent("passwd").path)
                cafile \(folder.appendingPathComponent("ca.crt").path)
                certfile \(folder.appendingPathComponent("server.crt").path)
                keyfile \(folder.appendingPathComponent("server.key").path)

                """
        } else {
            config += "allow_anonymous true\n"
        }
        try config.write(to: folder.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        process = Process()
        try launch()
    }

    private func launch() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", folder.appendingPathComponent("mosquitto.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard eventually(timeout: 10, { Self.accepts(port: self.port) }) else {
            throw BrokerError("mosquitto did not start listening on port \(port)")
        }
    }

    /// Stops the broker; `start()` starts it again on the same port (everything retained is lost).
    func stop() {
        stopProcess()
    }

    /// Starts the broker again after `stop()`, on the same port.
    func start() throws {
        try launch()
    }

    /// Stops the broker (everything retained is lost: no persistence) and starts it again on the same port.
    func restart() throws {
        stopProcess()
        try launch()
    }

    private func stopProcess() {
        guard process.isRunning else { return }
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stopProcess()
        try? FileManager.default.removeItem(at: folder)
    }

    /// `mosquitto_pub` with `arguments` against this broker (and its TLS and user when secure).
    func publish(_ arguments: [String], input: Data? = nil) throws {
        var args = ["-h", "127.0.0.1", "-p", String(port)]
        if let credentials {
            args += ["--cafile", caFile, "-u", credentials.username, "-P", credentials.password]
        }
        try Self.run("/usr/bin/mosquitto_pub", args + arguments, in: folder, input: input)
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw BrokerError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func makeCertificates(in folder: URL) throws {
        let openssl = "/usr/bin/openssl"
        try run(
            openssl,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Vitrine Test CA",
                "-keyout", "ca.key", "-out", "ca.crt",
            ], in: folder)
        try run(
            openssl,
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key",
                "-out", "server.csr",
            ], in: folder)
        try "subjectAltName=IP:127.0.0.1\n".write(
            to: folder.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
        try run(
            openssl,
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                "-days", "2", "-extfile", "san.ext", "-out", "server.crt",
            ], in: folder)
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in folder: URL, input: Data? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        if input != nil { process.standardInput = pipe }
        try process.run()
        if let input {
            pipe.fileHandleForWriting.write(input)
            try pipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BrokerError("\(tool) \(arguments.first ?? "") ended with \(process.terminationStatus)")
        }
        return process.terminationStatus
    }
}

struct BrokerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
