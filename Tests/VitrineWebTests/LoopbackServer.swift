import Foundation
import VitrineWeb

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server for tests: listens on 127.0.0.1 on a free port, one thread per
/// connection, one request per connection, and hands every request to `AdminSite.handle`.
final class LoopbackServer: @unchecked Sendable {
    // @unchecked: `listener` is set once in init; `running` is only read by the accept thread after.
    let port: UInt16
    private let listener: Int32
    private let site: AdminSite

    init(site: AdminSite) throws {
        self.site = site
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops listening; connections under way finish.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        while headerEnd == nil {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0, buffer.count < 64 << 10 else { return }
            buffer.append(contentsOf: chunk[0..<n])
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
        }
        guard let headerEnd else { return }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard length <= site.options.maximumBodyBytes else {
            respond(fd, .error(413, "too large"))
            return
        }
        var body = Array(buffer[(headerEnd + 4)...])
        while body.count < length {
            let n = read(fd, &chunk, min(chunk.count, length - body.count))
            guard n > 0 else { return }
            body.append(contentsOf: chunk[0..<n])
        }
        let request = WebRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Data(body))
        respond(fd, site.handle(request))
    }

    private func respond(_ fd: Int32, _ response: WebResponse) {
        var head = "HTTP/1.1 \(response.status) \(WebResponse.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + Array(response.body)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            offset += n
        }
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count)
        where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
