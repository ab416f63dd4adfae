import Glibc
import VitrinePOSIX

/// What this process holds right now, read from /proc: resident memory and
/// open file descriptors. Nil where /proc is not mounted.
public enum ProcessResources {
    /// Resident set size in bytes (VmRSS of /proc/self/status).
    public static func residentBytes() -> Int? {
        guard let status = readSmallFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// Open file descriptors: the entries of /proc/self/fd, less the one this count opens.
    public static func openDescriptors() -> Int? {
        guard let dir = opendir("/proc/self/fd") else { return nil }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !isDot { count += 1 }
        }
        return count - 1
    }

    /// The address-space limit (`ulimit -v`, systemd's `LimitAS=`) in bytes; nil when there is none.
    public static func addressSpaceLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Address space mapped now in bytes (VmSize of /proc/self/status).
    public static func mappedBytes() -> Int? {
        guard let status = readSmallFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmSize:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// Whether `bytes` more of address space can be had now: reserved without memory behind it
    /// (PROT_NONE) and given back at once.
    public static func canReserve(_ bytes: Int) -> Bool {
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        guard let start = mmap(nil, bytes, PROT_NONE, flags, -1, 0), start != MAP_FAILED else { return false }
        return munmap(start, bytes) == 0
    }

    /// Address space the player wants free at the start, beyond what it maps then: its threads'
    /// stacks, the slides' pixels and the decode buffers of a small show.
    public static let startHeadroom = 32 << 20

    /// Throws a one-line explanation when an address-space limit leaves less than `headroom`
    /// free: where the player would otherwise find no thread or buffer to be had.
    public static func checkAddressSpace(headroom: Int = startHeadroom) throws(ResourceLimitError) {
        guard let limit = addressSpaceLimit(), !canReserve(headroom) else { return }
        let mapped = mappedBytes().map { " of which \($0 >> 20) MB are mapped at the start" } ?? ""
        throw ResourceLimitError(
            description:
                "the address-space limit (ulimit -v, LimitAS=) is \(limit >> 20) MB\(mapped); the show needs "
                + "about \(headroom >> 20) MB more for its threads and pictures: raise the limit (or remove it)")
    }

    /// A /proc file's text (their size is reported as 0, so read until the end).
    static func readSmallFile(_ path: String) -> String? {
        guard let file = try? FileDescriptor.open(path, O_RDONLY) else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            // An error ends the text as the end of the file does (interrupted reads are retried).
            let n = chunk.withUnsafeMutableBytes { buffer in (try? file.read(into: buffer)) ?? 0 }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A limit of the system (memory, threads, descriptors) that does not let the player start.
public struct ResourceLimitError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}
