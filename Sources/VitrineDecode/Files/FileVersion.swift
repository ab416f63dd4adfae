import Glibc
import VitrineBase

/// What identifies one version of a file: when its size or modification time
/// changes, it is a new file as far as remembered failures go.
public struct FileVersion: Equatable, Hashable, Sendable {
    public var size: Int
    public var modified: Int
    public var modifiedNanoseconds: Int

    /// The stamp of the file at `path`, or a reason it cannot be read as an image file.
    public static func of(_ path: String) -> Result<FileVersion, DecodeError> {
        var info = stat()
        guard FileName.withSystemPath(path, { stat($0, &info) }) == 0 else {
            return .failure(DecodeError(path: path, reason: ImageFile.describe(errno: errno)))
        }
        if let problem = ImageFile.kindProblem(info.st_mode) {
            return .failure(DecodeError(path: path, reason: problem))
        }
        return .success(
            FileVersion(
                size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec),
                modifiedNanoseconds: Int(info.st_mtim.tv_nsec)))
    }
}
