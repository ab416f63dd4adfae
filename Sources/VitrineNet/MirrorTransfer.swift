import Foundation
import VitrineCore

/// One download the scheduler hands to a worker thread: everything it needs, copied out of the state.
struct DownloadJob: Sendable {
    var id: MirrorEntryID
    var url: String
    var preview: Bool
    var stem: String
    var resumeFrom: Int64
    var partValidators: Validators?
    /// Set when a mirrored file is revalidated: a 304 keeps it.
    var conditional: Validators?
    var access: SourceAccess
    var host: String
    var oldFile: String?
}

/// How a download ended.
enum DownloadResult: Sendable {
    case notModified
    case done(file: String, bytes: Int64, validators: Validators)
    /// `keptPart` holds the validators of a partial file kept for a `Range` resume.
    case failed(TransferFailure, keptPart: Validators?)
}

/// Runs one download into `<stem>.part`, checks it, and renames it into place.
struct MirrorTransfer: Sendable {
    var directory: String
    var fileBytes: Int64
    var timeouts: NetworkTimeouts
    var decodeProbe: (@Sendable (String) -> Bool)?

    func run(_ job: DownloadJob, observer: @escaping TransferObserver) -> DownloadResult {
        let partName = CacheName.part(job.stem, preview: job.preview)
        let partPath = path(partName)
        var request = job.access.request(job.url, maximumBytes: fileBytes, timeouts: timeouts)
        if job.resumeFrom > 0, let validator = job.partValidators?.etag ?? job.partValidators?.lastModified {
            request.resumeFrom = job.resumeFrom
            request.headers.append("If-Range: \(validator)")
        } else {
            try? FileManager.default.removeItem(atPath: partPath)
            if let conditional = job.conditional { request.headers += conditional.conditionalHeaders }
        }
        let response = HTTPClient().download(request, to: partPath, observer: observer)
        if response.status == 304, response.failure == nil {
            try? FileManager.default.removeItem(atPath: partPath)
            return .notModified
        }
        if let failure = response.failure {
            let validators = Validators(response.headers)
            let resumable = validators.etag != nil || validators.lastModified != nil
            if case .interrupted = failure, resumable, response.status == 200 || response.status == 206,
                fileSize(partPath) > 0
            {
                return .failed(failure, keptPart: validators)
            }
            if case .interrupted = failure, job.resumeFrom > 0, response.status == 206, fileSize(partPath) > 0 {
                return .failed(failure, keptPart: job.partValidators)
            }
            try? FileManager.default.removeItem(atPath: partPath)
            return .failed(failure, keptPart: nil)
        }
        return finish(job, partPath: partPath, validators: Validators(response.headers))
    }

    private func finish(_ job: DownloadJob, partPath: String, validators: Validators) -> DownloadResult {
        let bytes = fileSize(partPath)
        guard bytes > 0, let kind = ImageKind.detect(file: partPath), decodeProbe?(partPath) ?? true else {
            try? FileManager.default.removeItem(atPath: partPath)
            return .failed(.notAnImage, keptPart: nil)
        }
        let name = CacheName.file(job.stem, kind: kind, preview: job.preview)
        guard rename(partPath, path(name)) == 0 else {
            try? FileManager.default.removeItem(atPath: partPath)
            return .failed(.local("cannot rename into the cache folder"), keptPart: nil)
        }
        if let old = job.oldFile, old != name { try? FileManager.default.removeItem(atPath: path(old)) }
        return .done(file: name, bytes: bytes, validators: validators)
    }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    func fileSize(_ path: String) -> Int64 { Self.size(of: path) }

    static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
