import Foundation
import Glibc
import VitrineCore
import VitrineHTTP

/// Photos, commands, previews: the calls behind the Now, Photos and Schedule pages.
extension AdminSite {
    func command(_ request: WebRequest) -> WebResponse {
        let name = request.formFields["command"] ?? request.query["command"] ?? ""
        guard let command = ShowCommand(rawValue: name) else {
            let known = ShowCommand.allCases.map(\.rawValue).joined(separator: ", ")
            return .error(400, "unknown command \"\(String(name.prefix(40)))\"; one of \(known)")
        }
        if let refusal = show.send(command) { return .error(409, refusal) }
        return .json(.object([("sent", .string(command.rawValue))]))
    }

    var folder: PhotoFolder { PhotoFolder(path: show.uploadFolder) }

    /// The folder's pictures in the show's order, kept while the folder's modification time stays
    /// the same (a file added, removed or replaced changes it).
    func photoEntries() -> [PhotoFolder.Entry] {
        if let kept = keptListing() { return kept }
        // One request lists a changed folder; those asking meanwhile wait for its listing
        // rather than each listing the folder again.
        return listingTurn.withLock { _ in
            if let kept = keptListing() { return kept }
            let stamp = folderStamp()
            let entries = folder.list()
            listing.withLock { $0 = stamp.isEmpty ? nil : (stamp, entries) }
            // The folder changed: thumbnails of photos gone from it go too.
            thumbnails.prune(keeping: entries.map(\.name))
            return entries
        }
    }

    /// The folder's modification time, which any added, removed or renamed photo changes.
    private func folderStamp() -> String {
        var info = stat()
        return stat(folder.path, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : ""
    }

    /// The listing kept while the folder is unchanged.
    private func keptListing() -> [PhotoFolder.Entry]? {
        let stamp = folderStamp()
        guard !stamp.isEmpty, let kept = listing.withLock({ $0 }), kept.stamp == stamp else { return nil }
        return kept.entries
    }

    /// A page of the folder's pictures (`offset`, `limit`, at most 500), in the show's order,
    /// with the total, each with the version its thumbnail's address carries.
    func photoList(_ request: WebRequest) -> WebResponse {
        let all = photoEntries()
        let offset = min(max(0, request.query["offset"].flatMap { Int($0) } ?? 0), all.count)
        let limit = min(max(1, request.query["limit"].flatMap { Int($0) } ?? 500), 500)
        let items = all[offset..<min(all.count, offset + limit)].map { entry -> JSONOutput in
            .object([
                ("name", .string(entry.name)), ("bytes", .integer(entry.bytes)),
                ("modified", .integer(Int(entry.modified.timeIntervalSince1970))),
                ("version", .string(ThumbnailStore.version(of: entry))),
            ])
        }
        return .json(
            .object([
                ("total", .integer(all.count)), ("offset", .integer(offset)), ("folder", .string(folder.path)),
                ("photos", .array(items)),
            ]))
    }

    func photo(_ request: WebRequest) -> WebResponse {
        do {
            let path = try folder.existing(request.query["name"] ?? "")
            guard let data = FileManager.default.contents(atPath: path), let type = PhotoFolder.sniff(data) else {
                return .error(404, "not a picture")
            }
            return .bytes(data, type: type)
        } catch {
            return .error(error.status, error.message)
        }
    }

    /// The side of a thumbnail in pixels (a 3× phone's grid cell).
    static let thumbnailSide = 360

    /// A small JPEG of a picture, made once by the decode worker and kept on disk; the browser
    /// keeps it too (its address carries the picture's version, so a changed file gets a new one).
    func thumbnail(_ request: WebRequest) -> WebResponse {
        let name = request.query["name"] ?? ""
        let path: String
        do {
            path = try folder.existing(name)
        } catch {
            return .error(error.status, error.message)
        }
        // The photo's own entry (one lstat): a thumbnail never waits for the folder to be listed.
        guard let entry = folder.entry(name) else {
            return .error(404, "\"\(name)\" is not in the folder")
        }
        let version = ThumbnailStore.version(of: entry)
        let tag = "\"\(version)\""
        var cache: [(name: String, value: String)] = [("ETag", tag)]
        cache.append(
            (
                "Cache-Control",
                request.query["v"] == version ? "private, max-age=31536000, immutable" : "private, no-cache"
            ))
        if request.headers["if-none-match"] == tag {
            var answer = WebResponse(status: 304, headers: cache + HTTPResponse.securityHeaders)
            answer.body = Data()
            return answer
        }
        guard
            let jpeg = thumbnails.thumbnail(
                name: name, version: version, make: { show.thumbnail(path, side: Self.thumbnailSide) })
        else { return .error(415, "\"\(name)\" cannot be shown small: \(show.decodeProblem(path) ?? "no thumbnail")") }
        var answer = WebResponse.bytes(jpeg, type: "image/jpeg")
        answer.headers.removeAll { $0.name == "Cache-Control" }
        answer.headers += cache
        return answer
    }

    /// Deletes one picture (`name`) or several (`names`, one a line); says which were deleted
    /// and why any was not.
    func deletePhoto(_ request: WebRequest) -> WebResponse {
        let fields = request.formFields
        let names =
            (fields["names"].map { $0.split(separator: "\n").map(String.init) } ?? [])
            + (fields["name"].map { [$0] } ?? [])
        guard !names.isEmpty else { return .error(400, "say which photo to delete") }
        var deleted: [String] = []
        var refusals: [String] = []
        // The status when nothing was deleted: a bad name's 400 before a missing file's 404.
        var status = 404
        for name in names.prefix(10_000) {
            do {
                try folder.delete(name)
                thumbnails.remove(name)
                deleted.append(name)
            } catch {
                refusals.append(error.message)
                if refusals.count == 1 || error.status < status { status = error.status }
            }
        }
        if !deleted.isEmpty { log.info("deleted \(deleted.count == 1 ? deleted[0] : "\(deleted.count) photos")") }
        guard refusals.isEmpty || !deleted.isEmpty else { return .error(status, refusals.joined(separator: "; ")) }
        let list: JSONOutput =
            deleted.count == 1 && names.count == 1 ? .string(deleted[0]) : .array(deleted.map { .string($0) })
        return .json(.object([("deleted", list), ("problems", .array(refusals.map { .string($0) }))]))
    }

    /// The moment a preview asks for (`at`, local time of the schedule).
    private func moment(_ request: WebRequest) -> Date? {
        let text = request.query["at"] ?? ""
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = options.timeZone
        formatter.dateFormat = text.count > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm"
        return formatter.date(from: text)
    }

    /// What a preview shows in words: `{"display":"on"|"off","playlist":name}`.
    func previewState(_ request: WebRequest) -> WebResponse {
        guard let moment = moment(request) else { return .error(400, "give the moment as YYYY-MM-DDTHH:MM") }
        guard let state = show.scheduled(at: moment) else {
            return .json(.object([("display", .string("on")), ("playlist", .null)]))
        }
        return .json(
            .object([("display", .string(state.displayOn ? "on" : "off")), ("playlist", .string(state.playlist))]))
    }

    func preview(_ request: WebRequest) -> WebResponse {
        guard let moment = moment(request) else {
            return .error(400, "give the moment as YYYY-MM-DDTHH:MM")
        }
        guard let png = show.preview(at: moment) else { return .error(503, "this moment cannot be drawn") }
        return .bytes(png, type: "image/png")
    }
}
