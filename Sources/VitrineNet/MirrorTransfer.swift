import Foundation
import VitrineCore

/// Runs one download into `<stem>.part`, checks it, flushes it, and renames it into place.
struct MirrorTransfer: Sendable {
    var directory: String
    var fileBytes: Int64
    var timeouts: NetworkTimeouts
    var decodeProbe: (@Sendable (String) -> Bool)?

    /// A cut download from a server that cannot resume (no `Accept-Ranges: bytes`) is started again
    /// from zero at once, this many times, instead of waiting for a later attempt that would do the same.
    static let immediateRestarts = 2

    func run(_ job: DownloadJob, observer: @escaping TransferObserver) -> DownloadResult {
        let partPath = path(CacheName.part(job.stem, preview: job.preview))
        if job.oldFile == nil, job.conditional == nil, job.resumeFrom == 0, let adopted = adopt(job) {
            try? FileManager.default.removeItem(atPath: partPath)
            return adopted
        }
        var attempt = job
        var restarts = 0
        while true {
            let result = once(attempt, partPath: partPath, observer: observer)
            guard case .restart = result else { return result.result }
            restarts += 1
            guard restarts <= Self.immediateRestarts else {
                return .failed(.interrupted("the server cannot resume and cut the transfer again"), keptPart: nil)
            }
            attempt.resumeFrom = 0
            attempt.partValidators = nil
        }
    }

    private enum Attempt {
        case finished(DownloadResult)
        /// Cut short by a server without `Range` support, after some bytes: start again from zero.
        case restart

        var result: DownloadResult {
            if case .finished(let result) = self { return result }
            return .failed(.interrupted("cut short"), keptPart: nil)
        }
    }

    private func once(_ job: DownloadJob, partPath: String, observer: @escaping TransferObserver) -> Attempt {
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
            return .finished(.notModified)
        }
        if let failure = response.failure {
            let validators = Validators(response.headers)
            let identified = validators.etag != nil || validators.lastModified != nil
            let ranges = response.headers["accept-ranges"]?.lowercased().contains("bytes") ?? false
            if case .interrupted = failure, response.status == 200, fileSize(partPath) > 0 {
                if identified, ranges { return .finished(.failed(failure, keptPart: validators)) }
                // Nothing to resume from: the whole file again, now.
                try? FileManager.default.removeItem(atPath: partPath)
                return .restart
            }
            if case .interrupted = failure, job.resumeFrom > 0, response.status == 206, fileSize(partPath) > 0 {
                return .finished(.failed(failure, keptPart: job.partValidators))
            }
            try? FileManager.default.removeItem(atPath: partPath)
            return .finished(.failed(failure, keptPart: nil))
        }
        return .finished(finish(job, partPath: partPath, validators: Validators(response.headers)))
    }

    /// A complete file of ours already in the folder under this photo's name (the index that named it was
    /// lost): taken back as it is instead of downloading it again.
    private func adopt(_ job: DownloadJob) -> DownloadResult? {
        for kind in ImageKind.allCases {
            let name = CacheName.file(job.stem, kind: kind, preview: job.preview)
            let full = path(name)
            let bytes = fileSize(full)
            guard bytes > 0, ImageKind.detect(file: full) == kind, decodeProbe?(full) ?? true else { continue }
            return .done(file: name, bytes: bytes, validators: Validators())
        }
        return nil
    }

    private func finish(_ job: DownloadJob, partPath: String, validators: Validators) -> DownloadResult {
        let bytes = fileSize(partPath)
        guard bytes > 0, let kind = ImageKind.detect(file: partPath), decodeProbe?(partPath) ?? true else {
            try? FileManager.default.removeItem(atPath: partPath)
            return .failed(.notAnImage, keptPart: nil)
        }
        let name = CacheName.file(job.stem, kind: kind, preview: job.preview)
        // On the disk before it is renamed, and the rename on the disk before the index names it:
        // a power cut never leaves an empty or partial file under a photo's name.
        do throws(TransferFailure) {
            try DurableFile.sync(partPath)
            guard rename(partPath, path(name)) == 0 else {
                throw TransferFailure.local("cannot rename into the cache folder")
            }
            try DurableFile.syncFolder(directory)
        } catch {
            try? FileManager.default.removeItem(atPath: partPath)
            return .failed(error, keptPart: nil)
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
