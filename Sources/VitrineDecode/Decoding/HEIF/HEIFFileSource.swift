import CHeif

/// The open file as libheif's reader: its position, and reads at it with `pread`. libheif
/// keeps a pointer to the reader's table and to this object as long as its context lives
/// (`HEIFFile` holds both).
final class HEIFFileSource {
    let stream: ImageFileStream
    var position: Int64 = 0
    /// The first read that failed, for the log: libheif only hears that it did.
    var failure: DecodeError?

    init(_ stream: ImageFileStream) {
        self.stream = stream
    }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> HEIFFileSource? {
        userdata.map { Unmanaged<HEIFFileSource>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The functions libheif calls; made once and never freed.
    nonisolated(unsafe) static let reader: UnsafeMutablePointer<heif_reader> = {
        let table = UnsafeMutablePointer<heif_reader>.allocate(capacity: 1)
        table.initialize(
            to: heif_reader(
                reader_api_version: 1,
                get_position: { userdata in HEIFFileSource.from(userdata)?.position ?? 0 },
                read: { data, size, userdata in
                    guard let source = HEIFFileSource.from(userdata) else { return -1 }
                    // An empty read (an empty box) may come with no buffer at all.
                    guard size > 0 else { return 0 }
                    guard let data else { return -1 }
                    do throws(DecodeError) {
                        guard try source.stream.read(at: Int(source.position), into: data, count: size) else {
                            return -1
                        }
                    } catch {
                        source.failure = source.failure ?? error
                        return -1
                    }
                    source.position += Int64(size)
                    return 0
                },
                seek: { position, userdata in
                    guard let source = HEIFFileSource.from(userdata), position >= 0,
                        position <= Int64(source.stream.size)
                    else { return -1 }
                    source.position = position
                    return 0
                },
                wait_for_file_size: { target, userdata in
                    guard let source = HEIFFileSource.from(userdata) else {
                        return heif_reader_grow_status_size_beyond_eof
                    }
                    return target <= Int64(source.stream.size)
                        ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
                }))
        return table
    }()
}
