import Glibc
import VitrineCore

/// A video container recognised from its first bytes: only these are handed to libmpv, so a
/// file named `.mp4` that is a playlist, a script or anything else never reaches a demuxer.
public enum VideoFormat: String, Sendable {
    /// ISO base media (MP4, M4V) and QuickTime (MOV).
    case isoMedia
    /// Matroska and WebM.
    case matroska

    /// The container the bytes start with, or nil.
    public static func sniff(_ bytes: some Collection<UInt8>) -> VideoFormat? {
        let head = Array(bytes.prefix(16))
        if head.count >= 4, head[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] { return .matroska }
        guard head.count >= 8 else { return nil }
        let box = String(decoding: head[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(box) ? .isoMedia : nil
    }

    /// Throws unless `path` is a regular, non-empty file that starts like a video container.
    public static func check(_ path: String) throws(DecodeError) {
        _ = try FileVersion.of(path).get()
        let fd = FileName.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw DecodeError(path: path, reason: "cannot open the clip") }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 16) }
        guard count > 0 else { throw DecodeError(path: path, reason: "the clip is empty; copy it again or remove it") }
        guard sniff(head.prefix(count)) != nil else {
            throw DecodeError(path: path, reason: "does not start like an MP4, MOV, MKV or WebM video")
        }
    }
}
