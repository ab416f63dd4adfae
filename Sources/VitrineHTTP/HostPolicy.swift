import Foundation
import Glibc
import Synchronization

/// The names and addresses a server is reached by, against DNS rebinding: a page loaded from
/// `evil.example` whose name then points at this device sends `Host: evil.example`, which is
/// none of them, and is refused.
///
/// Allowed: `localhost`, the loopback addresses, the address bound (or, bound to every address,
/// each address of the machine's interfaces, read again when an unknown address is seen, at
/// most every few seconds), the host name, `NAME.local`, and the names given.
public final class HostPolicy: Sendable {
    private let bind: String
    private let names: Set<String>
    private let addresses = Mutex<(known: Set<String>, read: Date)>(([], .distantPast))

    /// `bind` as given to the server; `names` more host names (lower case, no port).
    public init(bind: String, names: [String] = []) {
        self.bind = bind == "localhost" ? "127.0.0.1" : bind
        var all = Set(names.map { $0.lowercased() })
        all.insert("localhost")
        let host = Self.hostname().lowercased()
        if !host.isEmpty {
            all.insert(host)
            if let short = host.split(separator: ".").first { all.insert(String(short) + ".local") }
            all.insert(host + ".local")
        }
        self.names = all
    }

    /// Whether a `Host` header names this server. None at all (an HTTP/1.0 client such as a
    /// shell script; browsers always send one) is allowed: no web page is behind it.
    public func allows(host header: String?) -> Bool {
        guard let header else { return true }
        guard let host = Self.hostPart(header) else { return false }
        if names.contains(host) { return true }
        if host == "127.0.0.1" || host.hasPrefix("127.") || host == "::1" { return isAddress(host) }
        guard isAddress(host) else { return false }
        if bind != "0.0.0.0", bind != "::" { return host == bind.lowercased() }
        return isLocalAddress(host)
    }

    /// Whether an `Origin` (`scheme://host[:port]`) or `Referer` (a whole URL) names this server.
    public func allows(originOrReferer url: String) -> Bool {
        guard let scheme = url.range(of: "://") else { return false }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return false }
        return allows(host: String(authority))
    }

    /// The host of a `Host` value without its port, lower case; nil when malformed.
    static func hostPart(_ header: String) -> String? {
        let text = header.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, text.utf8.count <= 255 else { return nil }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(text[text.index(after: text.startIndex)..<close])
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let host = parts.first, !host.isEmpty else { return nil }
        if parts.count == 2, !parts[1].allSatisfy(\.isNumber) { return nil }
        let host_ = host.hasSuffix(".") ? String(host.dropLast()) : String(host)
        guard host_.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" }) else {
            return nil
        }
        return host_
    }

    private func isAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    private func isLocalAddress(_ host: String) -> Bool {
        addresses.withLock { state in
            if state.known.contains(host) { return true }
            // Read again (an address may have come from DHCP since), at most every 5 s.
            guard Date().timeIntervalSince(state.read) > 5 else { return false }
            state = (Self.interfaceAddresses(), Date())
            return state.known.contains(host)
        }
    }

    static func interfaceAddresses() -> Set<String> {
        var out: Set<String> = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return out }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            // inet_ntop fails only for a family it does not know or a buffer too small, neither
            // possible here; a failure would leave the buffer empty, and an empty name is skipped.
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            if address.pointee.sa_family == sa_family_t(AF_INET) {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
                }
            } else if address.pointee.sa_family == sa_family_t(AF_INET6) {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
                }
            } else {
                continue
            }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.isEmpty { out.insert(text.lowercased()) }
        }
        return out
    }

    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
