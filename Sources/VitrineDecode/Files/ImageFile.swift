import Glibc
import VitrineBase
import VitrinePOSIX

/// Reads a whole image file into memory, refusing what is not a regular file
/// and files too large to be an image within the limits.
public enum ImageFile {
    /// The file's bytes. A FIFO or device never blocks the caller: it is refused before reading.
    /// A file that shrank while being read is decoded as far as it goes; the decoder says if that is too short.
    public static func read(_ path: String, maxBytes: Int) throws(DecodeError) -> [UInt8] {
        try ImageFileStream(path, maxBytes: maxBytes).readAll()
    }

    static let emptyReason = "the file is empty; copy the image again or remove it"

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
            let message = Errno(rawValue: code).description
            return "cannot read the file: \(message)"
        }
    }
}
