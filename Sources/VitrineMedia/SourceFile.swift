import Glibc

/// What identifies one version of a file: when its size or modification time
/// changes, it is a new file as far as remembered failures go.
public struct FileStamp: Equatable, Hashable, Sendable {
    public var size: Int
    public var modified: Int
    public var modifiedNanoseconds: Int

    /// The stamp of the file at `path`, or a reason it cannot be read as an image file.
    public static func of(_ path: String) -> Result<FileStamp, DecodeError> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(DecodeError(path: path, reason: SourceFile.describe(errno: errno)))
        }
        if let problem = SourceFile.kindProblem(info.st_mode) {
            return .failure(DecodeError(path: path, reason: problem))
        }
        return .success(
            FileStamp(
                size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec),
                modifiedNanoseconds: Int(info.st_mtim.tv_nsec)))
    }
}

/// Reads a whole image file into memory, refusing what is not a regular file
/// and files too large to be an image within the limits.
public enum SourceFile {
    /// The file's bytes. A FIFO or device never blocks the caller: it is refused before reading.
    public static func read(_ path: String, maxBytes: Int) throws(DecodeError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw DecodeError(path: path, reason: describe(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw DecodeError(path: path, reason: describe(errno: errno)) }
        if let problem = kindProblem(info.st_mode) { throw DecodeError(path: path, reason: problem) }
        let size = Int(info.st_size)
        guard size > 0 else {
            throw DecodeError(path: path, reason: "the file is empty; copy the image again or remove it")
        }
        guard size <= maxBytes else {
            throw DecodeError(
                path: path,
                reason: "the file is \(size / 1_048_576) MB, over the \(maxBytes / 1_048_576) MB limit for one image")
        }
        // Filled by read() below; whatever is not read is cut off.
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
        var filled = 0
        let failure: Int32? = bytes.withUnsafeMutableBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            while filled < size {
                let n = Glibc.read(fd, base + filled, size - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { break }
                filled += n
            }
            return nil
        }
        if let failure { throw DecodeError(path: path, reason: describe(errno: failure)) }
        guard filled > 0 else {
            throw DecodeError(path: path, reason: "the file is empty; copy the image again or remove it")
        }
        // A file that shrank while being read is decoded as far as it goes; the decoder says if that is too short.
        if filled < size { bytes.removeLast(size - filled) }
        return bytes
    }

    /// Why a file of this mode cannot be an image, or nil for a regular file.
    static func kindProblem(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not an image file"
        case S_IFIFO: return "is a pipe (FIFO), not an image file"
        case S_IFSOCK: return "is a socket, not an image file"
        case S_IFCHR, S_IFBLK: return "is a device, not an image file"
        default: return "is not a regular file"
        }
    }

    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "the file does not exist (was it moved or deleted?)"
        case EACCES, EPERM: return "permission denied; make the file readable by the user running vitrine"
        case EISDIR: return "is a folder, not an image file"
        default:
            let message = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return "cannot read the file: \(message)"
        }
    }
}
