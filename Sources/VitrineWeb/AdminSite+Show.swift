import Foundation
import VitrineCore

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

    func photoList() -> WebResponse {
        let items = folder.list().map { photo -> JSONOutput in
            .object([
                ("name", .string(photo.name)), ("bytes", .integer(photo.bytes)),
                ("modified", .integer(Int(photo.modified.timeIntervalSince1970))),
            ])
        }
        return .json(.object([("photos", .array(items))]))
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

    func deletePhoto(_ request: WebRequest) -> WebResponse {
        let name = request.formFields["name"] ?? ""
        do {
            try folder.delete(name)
            log.info("deleted \(name)")
            return .json(.object([("deleted", .string(name))]))
        } catch {
            return .error(error.status, error.message)
        }
    }

    func preview(_ request: WebRequest) -> WebResponse {
        let text = request.query["at"] ?? ""
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = options.timeZone
        formatter.dateFormat = text.count > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm"
        guard let moment = formatter.date(from: text) else {
            return .error(400, "give the moment as YYYY-MM-DDTHH:MM")
        }
        guard let png = show.preview(at: moment) else { return .error(503, "this moment cannot be drawn") }
        return .bytes(png, type: "image/png")
    }
}
