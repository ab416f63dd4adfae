import Foundation
import Glibc

/// The address a phone on the same network opens to reach the page.
enum WebAddress {
    /// For a page on every network (`0.0.0.0`, `::`): the device's first IPv4 address on a
    /// network (a phone's browser reaches it without mDNS), else `HOSTNAME.local`; for one
    /// address, that address.
    static func guess(bind: String, port: Int, tls: Bool) -> String {
        let scheme = tls ? "https" : "http"
        let host: String
        switch bind {
        case "0.0.0.0", "::": host = networkAddress() ?? "\(shortHostname()).local"
        case "localhost": host = "127.0.0.1"
        default: host = bind.contains(":") ? "[\(bind)]" : bind
        }
        let defaultPort = tls ? 443 : 80
        return "\(scheme)://\(host)\(port == defaultPort ? "" : ":\(port)")/"
    }

    /// The first IPv4 address of an interface that is up and not the loopback.
    static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
            if found { return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return nil
    }

    static func shortHostname() -> String {
        let name = ProcessInfo.processInfo.hostName
        return name.split(separator: ".").first.map(String.init) ?? "vitrine"
    }
}
