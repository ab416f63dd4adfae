import Glibc
import VitrineBase

/// An image file open for reading, checked as `ImageFile.read` checks it (a regular
/// file, not empty, within the size limit), read in order through a small buffer, so
/// a decoder that takes its input a piece at a time never holds the whole file.
/// Closed with its owner.
final class ImageFileStream {
    let path: String
    /// The size the file had when opened.
    let size: Int
    private let fd: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    /// The unread bytes of `buffer` are `start..<end`.
    private var start = 0
    private var end = 0
    /// Bytes taken from the file so far (buffered or not).
    private var consumedFromFile = 0
    private static let bufferSize = 64 << 10

    /// Opens `path`. A FIFO or device never blocks the caller: it is refused before reading.
    init(_ path: String, maxBytes: Int) throws(DecodeError) {
        let fd = FileName.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw DecodeError(path: path, reason: ImageFile.describe(errno: errno)) }
        var info = stat()
        var problem: String?
        if fstat(fd, &info) != 0 {
            problem = ImageFile.describe(errno: errno)
        } else if let kind = ImageFile.kindProblem(info.st_mode) {
            problem = kind
        } else if info.st_size <= 0 {
            problem = ImageFile.emptyReason
        } else if Int(info.st_size) > maxBytes {
            problem =
                "the file is \(Int(info.st_size) / 1_048_576) MB, over the \(maxBytes / 1_048_576) MB limit for one image"
        }
        if let problem {
            close(fd)
            throw DecodeError(path: path, reason: problem)
        }
        self.fd = fd
        self.path = path
        self.size = Int(info.st_size)
        self.buffer = .allocate(byteCount: min(Self.bufferSize, Int(info.st_size)), alignment: 16)
    }

    deinit {
        buffer.deallocate()
        close(fd)
    }

    /// The first bytes of what is left (up to `count`, fewer at the end of the file), not consumed.
    func peek(_ count: Int) throws(DecodeError) -> [UInt8] {
        try refill(atLeast: min(count, buffer.count))
        return Array(buffer[start..<min(end, start + count)])
    }

    /// Fills `destination` with the next `count` bytes; false when the file ends first.
    func read(into destination: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Bool {
        var done = 0
        while done < count {
            if start == end {
                // A large read goes straight to the destination.
                if count - done >= buffer.count {
                    let n = try readFile(into: destination + done, count: count - done)
                    if n == 0 { return false }
                    done += n
                    continue
                }
                try refill(atLeast: 1)
                if start == end { return false }
            }
            let n = min(count - done, end - start)
            if let base = buffer.baseAddress { (destination + done).copyMemory(from: base + start, byteCount: n) }
            start += n
            done += n
        }
        return true
    }

    /// What is left of the file, whole (as far as it goes, if it shrank meanwhile).
    func readAll() throws(DecodeError) -> [UInt8] {
        let pending = end - start
        let capacity = pending + max(0, size - consumedFromFile)
        var filled = 0
        var failure: DecodeError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            guard let base = out.baseAddress else { return }
            if let source = buffer.baseAddress, pending > 0 {
                UnsafeMutableRawPointer(base).copyMemory(from: source + start, byteCount: pending)
            }
            filled = pending
            do throws(DecodeError) {
                while filled < capacity {
                    let n = try readFile(into: base + filled, count: capacity - filled)
                    if n == 0 { break }
                    filled += n
                }
            } catch {
                failure = error
            }
            count = filled
        }
        start = end
        if let failure { throw failure }
        guard !bytes.isEmpty else { throw DecodeError(path: path, reason: ImageFile.emptyReason) }
        return bytes
    }

    /// Fills `destination` with the `count` bytes at `offset` of the file (pread: the reads in
    /// order are not moved); false when the file ends first.
    func read(at offset: Int, into destination: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Bool {
        var done = 0
        while done < count {
            let n = pread(fd, destination + done, count - done, off_t(offset + done))
            if n > 0 {
                done += n
            } else if n == 0 {
                return false
            } else if errno != EINTR {
                throw DecodeError(path: path, reason: ImageFile.describe(errno: errno))
            }
        }
        return true
    }

    private func refill(atLeast count: Int) throws(DecodeError) {
        guard let base = buffer.baseAddress else { return }
        if start > 0 {
            base.copyMemory(from: base + start, byteCount: end - start)
            end -= start
            start = 0
        }
        while end - start < count {
            let n = try readFile(into: base + end, count: buffer.count - end)
            if n == 0 { return }
            end += n
        }
    }

    private func readFile(into destination: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
        while true {
            let n = Glibc.read(fd, destination, count)
            if n >= 0 {
                consumedFromFile += n
                return n
            }
            if errno != EINTR { throw DecodeError(path: path, reason: ImageFile.describe(errno: errno)) }
        }
    }
}
