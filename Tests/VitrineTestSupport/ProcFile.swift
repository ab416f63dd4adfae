import Glibc

/// A file of /proc read to its end: its size says 0, and Foundation's readers stop early, so it
/// is read with read(2) until a read gives nothing. Nil when it cannot be opened.
public func readProcFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The resident kilobytes of the pages process `pid` maps from the library whose file name
/// starts with `library` and that are the file's own: its read-only mappings with no private
/// copy of a page (its code and constants, not its relocated data). Nil when the library is
/// not mapped or smaps cannot be read.
public func residentFilePagesKiB(pid: Int32, library: String) -> Int? {
    guard let smaps = readProcFile("/proc/\(pid)/smaps") else { return nil }
    var total: Int?
    var current: (counted: Bool, resident: Int, anonymous: Int)?
    func close() {
        guard let mapping = current, mapping.counted else { return }
        total = (total ?? 0) + (mapping.anonymous == 0 ? mapping.resident : 0)
    }
    for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = fields.first else { continue }
        if !first.hasSuffix(":"), first.contains("-"), fields.count >= 5 {
            close()
            let name = fields.count > 5 ? fields[5].split(separator: "/").last.map(String.init) ?? "" : ""
            current = (!fields[1].contains("w") && name.hasPrefix(library), 0, 0)
        } else if first == "Rss:", fields.count >= 2 {
            current?.resident = Int(fields[1]) ?? 0
        } else if first == "Anonymous:", fields.count >= 2 {
            current?.anonymous = Int(fields[1]) ?? 0
        }
    }
    close()
    return total
}
