import Foundation
import Glibc
import VitrineTestSupport

@testable import VitrineNet

/// A folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("vitrine-net-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func sub(_ name: String) -> String {
        let full = (path as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    @discardableResult
    func write(_ name: String, _ data: Data) -> String {
        let full = (path as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: data)
        return full
    }
}

/// Bytes that start like a JPEG (enough for the mirror's magic check), distinct per seed.
func fakeJPEG(_ seed: Int, size: Int = 4096) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]
    var x = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
    while bytes.count < size {
        x ^= x << 13
        x ^= x >> 17
        x ^= x << 5
        bytes.append(UInt8(truncatingIfNeeded: x))
    }
    return Data(bytes)
}

/// The Python of the system when there is one (Debian's), else the first on PATH.
let python3: String = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

/// The folder of the test servers' scripts.
let serversFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Servers").path

/// A server process started by a test, on a loopback port; killed by `stop()` or at the end.
final class ServerProcess {
    private let process = Process()
    private(set) var port = 0

    /// Starts `arguments` and reads the port from its first line `PORT n`. The test threads block
    /// signals, and a child inherits that mask, so it is cleared first or SIGTERM would not stop it.
    init(_ arguments: [String], readPort: Bool = true) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let unblock =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])"
        process.arguments = [python3, "-c", unblock] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard readPort else { return }
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let number = Int(text.dropFirst(5).prefix { $0.isNumber }) else {
            stop()
            throw ServerError.noPort(arguments.joined(separator: " "))
        }
        port = number
    }

    /// The fault server serving `root`, over TLS when a certificate is given.
    static func faults(root: String, cert: String? = nil, key: String? = nil) throws -> ServerProcess {
        var arguments = [python3, serversFolder + "/fault_server.py", "--root", root]
        if let cert, let key { arguments += ["--cert", cert, "--key", key] }
        return try ServerProcess(arguments)
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if !eventually(timeout: 5, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

enum ServerError: Error {
    case noPort(String)
    case failed(String)
}

/// A TCP port free at the moment of asking, for servers (Apache) that cannot be told to pick one.
func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts connections on 127.0.0.1:`port`.
func isListening(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    return result == 0
}

/// Runs a tool to its end; throws with its name when it fails.
func run(_ arguments: [String], in folder: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ServerError.failed(arguments.joined(separator: " ")) }
}

/// The body at `url`, fetched with the package's own client (a control call to a test server).
func fetchText(_ url: String) -> String {
    let (_, data) = HTTPClient().data(HTTPRequest(url: url, maximumBytes: 10_000_000, timeouts: NetworkTimeouts()))
    return String(decoding: data, as: UTF8.self)
}
