import Glibc

/// The fields of a `/proc/…/stat` line after the command name (which is in
/// parentheses and may hold spaces): index 0 is field 3 (state), so field N is
/// at N - 3. For measurements: start times, scheduling, CPU time.
public enum ProcessStat {
    /// The fields of `path` (`/proc/self/stat`, `/proc/PID/task/TID/stat`), or nil when it cannot be read.
    public static func fields(_ path: String) -> [Substring]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        return line[line.index(after: close)...].split(separator: " ")
    }
}
