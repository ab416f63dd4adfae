import Glibc
import VitrinePOSIX

/// Shared memory (a POSIX shm object, unlinked at once so only the descriptor
/// names it) through which a decode worker hands decoded pixels back. The
/// worker maps it, writes, unmaps; the display process maps it and copies.
/// The pages stay for the next image (at most one output-sized image), so
/// each decode does not fault them in afresh.
final class SharedPixels {
    private let descriptor: FileDescriptor
    private(set) var capacity = 0

    /// Takes ownership of `descriptor`; it is closed with the value.
    init(_ descriptor: consuming FileDescriptor) {
        self.descriptor = descriptor
    }

    /// A copy of the descriptor numbered `lowest` or above, for handing to the worker; this one
    /// stays the value's.
    func duplicate(atLeast lowest: Int32) throws(Errno) -> FileDescriptor {
        try descriptor.duplicate(atLeast: lowest)
    }

    /// A new anonymous shared memory object.
    static func create() throws(Errno) -> SharedPixels {
        var attempt = 0
        while true {
            let name = "/vitrine-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(attempt)"
            do throws(Errno) {
                let fd = try Errno.check { shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600) }
                let pixels = SharedPixels(FileDescriptor(owning: fd))
                _ = try Errno.check { shm_unlink(name) }
                return pixels
            } catch {
                // Another object of that name: another name (a few times).
                guard error == .exists, attempt < 15 else { throw error }
                attempt += 1
            }
        }
    }

    /// Makes room for `bytes` (sparse: no memory is used until written).
    func reserve(_ bytes: Int) throws(Errno) {
        guard bytes != capacity else { return }
        let fd = descriptor.rawValue
        _ = try Errno.check { ftruncate(fd, off_t(bytes)) }
        capacity = bytes
    }

    /// Copies `count` pixels out of the shared memory, from pixel `offset` on; nil when they are
    /// not there or cannot be mapped.
    func read(count: Int, offset: Int = 0) -> [UInt32]? {
        let end = (offset + count) * 4
        guard count > 0, offset >= 0, end <= capacity else { return nil }
        // Mapped in one call (MAP_POPULATE) rather than a fault for each page on the way.
        guard let map = mmap(nil, end, PROT_READ, MAP_SHARED | MAP_POPULATE, descriptor.rawValue, 0),
            map != MAP_FAILED
        else { return nil }
        defer { Self.unmap(map, end) }
        return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                UnsafeMutableRawPointer(base).copyMemory(from: map + offset * 4, byteCount: count * 4)
            }
            initialized = count
        }
    }

    /// Writes runs of pixels one after the other from the start of the shared memory object
    /// `descriptor` (worker side).
    static func write(_ runs: [[UInt32]], to descriptor: borrowing FileDescriptor) -> Bool {
        let bytes = runs.reduce(0) { $0 + $1.count * 4 }
        var info = stat()
        guard bytes > 0, fstat(descriptor.rawValue, &info) == 0, Int(info.st_size) >= bytes else { return false }
        guard let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor.rawValue, 0),
            map != MAP_FAILED
        else { return false }
        defer { unmap(map, bytes) }
        var at = 0
        for pixels in runs {
            pixels.withUnsafeBytes { raw in
                if let base = raw.baseAddress { (map + at).copyMemory(from: base, byteCount: raw.count) }
            }
            at += pixels.count * 4
        }
        return true
    }

    /// Unmaps a mapping made here. munmap fails only for an address or length that is not a
    /// mapping (EINVAL), and these are the ones mmap returned: its result says nothing more.
    private static func unmap(_ map: UnsafeMutableRawPointer, _ bytes: Int) {
        _ = munmap(map, bytes)
    }
}
