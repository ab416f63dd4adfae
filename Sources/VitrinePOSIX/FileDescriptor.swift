#if canImport(Glibc)
    import Glibc
#endif

/// An open file descriptor that this value owns: it is closed exactly once, by `close()` (which
/// says whether the close worked) or when the value goes away. It cannot be copied, so no two
/// owners close one descriptor; `rawValue` lends the number to a C call for that call only.
public struct FileDescriptor: ~Copyable, Sendable {
    /// The descriptor's number, for a C call; it stays this value's to close.
    public let rawValue: Int32

    /// Takes ownership of a descriptor opened elsewhere (a C shim, `socket`, `inotify_init1`).
    public init(owning rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Opens `path` with `flags` (`O_CLOEXEC` is always added) and, when it creates a file, `mode`.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(Errno) -> FileDescriptor {
        let fd = try Errno.check { Glibc.open(path, flags | O_CLOEXEC, mode) }
        return FileDescriptor(owning: fd)
    }

    deinit {
        // Nothing is left to tell about a close at the end of a scope: the writes that mattered were
        // checked (and flushed with `sync()`) before; a caller that cares calls `close()`.
        _ = Glibc.close(rawValue)
    }

    /// Closes the descriptor; Linux releases it even when the close reports an error (so it is never
    /// retried), and the error is the last word of a write that was not flushed.
    public consuming func close() throws(Errno) {
        let fd = rawValue
        discard self
        guard Glibc.close(fd) == 0 else { throw Errno.current }
    }

    /// A second descriptor for the same open file, numbered `lowest` or above (close-on-exec),
    /// owned by the value returned: for handing a file to a child at a fixed number without the
    /// `dup2` overwriting another that is still to be handed over.
    public func duplicate(atLeast lowest: Int32) throws(Errno) -> FileDescriptor {
        let copy = try Errno.check { fcntl(rawValue, F_DUPFD_CLOEXEC, lowest) }
        return FileDescriptor(owning: copy)
    }

    /// Writes all of `bytes`, continuing after a short write or an interrupt.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = try Errno.check { Glibc.write(rawValue, base + offset, bytes.count - offset) }
            offset += written
        }
    }

    /// Writes all of `bytes` (in place when they are contiguous, as `Data` and arrays are).
    public func writeAll(_ bytes: some Collection<UInt8>) throws(Errno) {
        var failure: Errno?
        let wrote: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(Errno) { try writeAll(UnsafeRawBufferPointer(buffer)) } catch { failure = error }
        }
        if wrote == nil {
            Array(bytes).withUnsafeBytes { raw in
                do throws(Errno) { try writeAll(raw) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.check { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Flushes the file (or a folder's entries) to the disk.
    public func sync() throws(Errno) {
        _ = try Errno.check { fsync(rawValue) }
    }
}
