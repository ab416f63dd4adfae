import Foundation
import VitrineCore
import VitrineHTTP
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// An upload as it arrives: the form is parsed piece by piece and each photo goes straight into
/// a temporary file of ours in the photo folder (`PhotoFolder.temporaryPrefix`), with the
/// limits checked while reading; nothing but a small buffer is held in memory. Whole, the
/// files are checked and given their names; otherwise they are removed.
final class UploadReceiver: HTTPBodySink, MultipartFileSink, @unchecked Sendable {
    // @unchecked: the server calls `write` on one thread at a time, then `finish` or `abandon`
    // once, after the last write.
    private let site: AdminSite
    private let folder: PhotoFolder
    private let query: [String: String]
    private var parser: MultipartParser?
    /// Files written so far: the name sent and the temporary path.
    private var files: [(name: String, temporary: String)] = []
    /// The file being received now.
    private var current: FileDescriptor?
    private var failure: MultipartParser.Failure?

    private init(site: AdminSite, query: [String: String]) {
        self.site = site
        folder = site.folder
        self.query = query
    }

    static func start(head: HTTPHead, site: AdminSite) -> Result<UploadReceiver, PhotoFolder.Refusal> {
        guard let boundary = MultipartParser.boundary(contentType: head.header("content-type") ?? "") else {
            return .failure(.init(status: 400, message: "send the photos as a form upload (multipart/form-data)"))
        }
        let options = site.options
        if let length = head.contentLength, length > options.maximumBodyBytes {
            return .failure(
                .init(status: 413, message: "too much at once: at most \(options.maximumBodyBytes >> 20) MB a request"))
        }
        let receiver = UploadReceiver(site: site, query: head.query)
        receiver.parser = MultipartParser(
            boundary: boundary,
            limits: .init(
                fileBytes: options.maximumFileBytes, totalBytes: options.maximumUploadBytes,
                parts: options.maximumFilesPerUpload + 4),
            files: receiver)
        return .success(receiver)
    }

    // MARK: HTTPBodySink

    func write(_ bytes: UnsafeRawBufferPointer) -> HTTPResponse? {
        guard var parser else { return .error(400, "the upload ended already") }
        do {
            try parser.feed(bytes)
            self.parser = parser
            return nil
        } catch {
            self.parser = nil
            return .error(error.status, error.message)
        }
    }

    func finish() -> HTTPResponse {
        defer { discard() }
        guard var parser else { return .error(400, "the upload ended already") }
        let parts: [MultipartParser.Part]
        do {
            parts = try parser.finish()
        } catch {
            return .error(error.status, error.message)
        }
        let options = site.options
        guard files.count <= options.maximumFilesPerUpload else {
            return .error(413, "at most \(options.maximumFilesPerUpload) photos at once")
        }
        let replace = query["replace"] == "1" || parts.contains { $0.name == "replace" && $0.body == Data("1".utf8) }
        do {
            let stored = try folder.storeFiles(files, replace: replace, decodeProblem: site.show.decodeProblem)
            files = []
            site.log.info("stored \(stored.count) photo(s) in \(folder.path)")
            return .json(.object([("stored", .array(stored.map { .string($0) }))]), status: 201)
        } catch {
            return .error(error.status, error.message)
        }
    }

    func abandon() { discard() }

    private func discard() {
        current = nil  // closed as it goes
        // Our own temporaries; one that cannot be removed now is swept as stale at the next start.
        for file in files { _ = unlink(file.temporary) }
        files = []
    }

    // MARK: MultipartFileSink

    func beginFile(field: String, filename: String) throws(MultipartParser.Failure) {
        guard files.count < site.options.maximumFilesPerUpload else {
            throw MultipartParser.Failure(
                status: 413, message: "at most \(site.options.maximumFilesPerUpload) photos at once")
        }
        let name: String
        do {
            name = try PhotoFolder.checkName(filename)
        } catch {
            throw MultipartParser.Failure(status: error.status, message: error.message)
        }
        let temporary = folder.temporaryPath()
        do {
            current = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
        } catch {
            throw MultipartParser.Failure(status: 500, message: "cannot write in the photo folder: \(error)")
        }
        files.append((name, temporary))
    }

    func writeFile(_ bytes: UnsafeRawBufferPointer) throws(MultipartParser.Failure) {
        do {
            try current?.writeAll(bytes)
        } catch {
            throw MultipartParser.Failure(
                status: error == Errno(rawValue: ENOSPC) ? 507 : 500, message: "cannot write the photo: \(error)")
        }
    }

    func endFile() throws(MultipartParser.Failure) {
        guard let file = current.take() else { return }
        // On the disk before it gets its name: a power cut leaves the old folder or the new photo.
        do {
            try file.sync()
            try file.close()
        } catch {
            throw MultipartParser.Failure(status: 500, message: "cannot write the photo: \(error)")
        }
    }
}
