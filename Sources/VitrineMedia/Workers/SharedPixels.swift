import Glibc

/// Shared memory (a POSIX shm object, unlinked at once so only the descriptor
/// names it) through which a decode worker hands decoded pixels back. The
/// worker maps it, writes, unmaps; the display process maps it and copies.
/// The pages stay for the next image (at most one output-sized image), so
/// each decode does not fault them in afresh.
final class SharedPixels {
    let fd: Int32
    private(set) var capacity = 0

    /// Takes ownership of `fd`.
    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// A new anonymous shared memory object, or nil with errno set.
    static func create() -> SharedPixels? {
        for attempt in 0..<16 {
            let name = "/vitrine-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(attempt)"
            let fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
            if fd >= 0 {
                shm_unlink(name)
                return SharedPixels(fd: fd)
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// Makes room for `bytes` (sparse: no memory is used until written).
    func reserve(_ bytes: Int) -> Bool {
        guard bytes != capacity else { return true }
        guard ftruncate(fd, off_t(bytes)) == 0 else { return false }
        capacity = bytes
        return true
    }

    /// Copies `count` pixels out of the shared memory.
    func read(count: Int) -> [UInt32]? {
        guard count > 0, count * 4 <= capacity else { return nil }
        // Mapped in one call (MAP_POPULATE) rather than a fault for each page on the way.
        guard let map = mmap(nil, count * 4, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0), map != MAP_FAILED
        else { return nil }
        defer { munmap(map, count * 4) }
        return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                UnsafeMutableRawPointer(base).copyMemory(from: map, byteCount: count * 4)
            }
            initialized = count
        }
    }

    /// Writes pixels at the start of the shared memory object `fd` (worker side).
    static func write(_ pixels: [UInt32], to fd: Int32) -> Bool {
        let bytes = pixels.count * 4
        var info = stat()
        guard bytes > 0, fstat(fd, &info) == 0, Int(info.st_size) >= bytes else { return false }
        guard let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            return false
        }
        defer { munmap(map, bytes) }
        pixels.withUnsafeBytes { raw in
            if let base = raw.baseAddress { map.copyMemory(from: base, byteCount: bytes) }
        }
        return true
    }
}
