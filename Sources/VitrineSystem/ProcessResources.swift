import Glibc

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

    /// A /proc file's text (their size is reported as 0, so read until the end).
    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
