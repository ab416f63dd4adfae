#if canImport(Glibc)
    import Glibc
#endif

/// The pages of the files this process maps read-only (the executable's and the libraries' code
/// and constants, fonts) that it has touched so far. A page read once at the start (relocations,
/// start-up code, the option parser, a library's initialisation) stays in the process's page
/// table, and in its RSS and PSS, for the process's life. `giveBack()` drops those entries: the
/// pages stay in the page cache (shared, reclaimable), and a page used again comes back with a
/// minor fault, so what stays counted is what the process goes on using.
///
/// Only mappings no one can have written are touched: not writable, a file's, and with no
/// private copy of a page (`Anonymous: 0 kB` in `/proc/self/smaps`; a library's relocated
/// constants, made read-only after relocation, have such copies and are left alone, since
/// dropping them would bring back the file's unrelocated bytes). Devices are left alone.
public enum FilePages {
    /// What one `giveBack()` did.
    public struct Report: Sendable, Equatable {
        /// The mappings given back, and their resident kilobytes before.
        public var mappings = 0
        public var residentKiB = 0
        /// The mappings `madvise` refused (a locked one, say), left as they were.
        public var refused = 0
    }

    /// Drops this process's entries for the pages of its read-only, unmodified file mappings.
    /// Nil when `/proc/self/smaps` cannot be read (nothing was done).
    @discardableResult
    public static func giveBack() -> Report? {
        guard let text = readWhole("/proc/self/smaps") else { return nil }
        var report = Report()
        for mapping in mappings(in: text) where mapping.canGiveBack {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            if madvise(start, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
                report.mappings += 1
                report.residentKiB += mapping.residentKiB
            } else {
                report.refused += 1
            }
        }
        return report
    }

    /// One mapping of `/proc/PID/smaps`: its range, permissions, path and the fields read here.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var permissions: String
        var path: String
        var residentKiB = 0
        var anonymousKiB = 0
        var locked = false

        /// Not writable, a regular file's (not a device, shared memory or the kernel's), no
        /// private copy of any page, not locked in memory.
        var canGiveBack: Bool {
            permissions.first == "r" && !permissions.contains("w") && path.hasPrefix("/")
                && !path.hasPrefix("/dev/") && !path.hasPrefix("/SYSV") && !path.hasPrefix("/memfd:")
                && anonymousKiB == 0 && !locked && end > start
        }
    }

    /// The mappings of an smaps text, in order.
    static func mappings(in text: String) -> [Mapping] {
        var found: [Mapping] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.hasSuffix(":") {
                guard !found.isEmpty, fields.count >= 2 else { continue }
                switch first {
                case "Rss:": found[found.count - 1].residentKiB = Int(fields[1]) ?? 0
                // Unparsable counts as modified: such a mapping is left alone.
                case "Anonymous:": found[found.count - 1].anonymousKiB = Int(fields[1]) ?? 1
                // Locked, or memory of a device (I/O, page frames mapped directly): left alone.
                case "VmFlags:":
                    found[found.count - 1].locked = fields.contains { $0 == "lo" || $0 == "io" || $0 == "pf" }
                default: break
                }
                continue
            }
            // A mapping's line: start-end perms offset dev inode [path]
            let range = first.split(separator: "-")
            guard fields.count >= 5, range.count == 2, let start = UInt(range[0], radix: 16),
                let end = UInt(range[1], radix: 16)
            else { continue }
            let path = fields.count > 5 ? fields[5...].joined(separator: " ") : ""
            found.append(Mapping(start: start, end: end, permissions: String(fields[1]), path: path))
        }
        return found
    }

    /// The whole of a `/proc` file (whose size `stat` does not tell), nil when it cannot be read.
    static func readWhole(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
