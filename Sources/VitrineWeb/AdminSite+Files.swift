import Foundation
import VitrineCore

/// The playlist and configuration files, checked before they are written.
extension AdminSite {
    func playlistText() -> WebResponse {
        guard let path = show.playlistPath else {
            return .json("{\"path\":null,\"text\":null}")
        }
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return .json("{\"path\":\(JSONText.quote(path)),\"text\":\(JSONText.quote(text))}")
    }

    /// The edit's text, when it is one the checker may read.
    private func editText(_ request: WebRequest) -> Result<String, EditRefusal> {
        guard request.body.count <= PlaylistDecoder.maximumBytes else {
            return .failure(EditRefusal(status: 413, message: "a playlist may be at most 4 MB"))
        }
        guard let text = String(data: request.body, encoding: .utf8) else {
            return .failure(EditRefusal(status: 400, message: "the playlist is not UTF-8 text"))
        }
        return .success(text)
    }

    struct EditRefusal: Error {
        var status: Int
        var message: String
    }

    static func problemsJSON(_ problems: [EditProblem]) -> String {
        "[" + problems.map(\.json).joined(separator: ",") + "]"
    }

    func playlistCheck(_ request: WebRequest) -> WebResponse {
        switch editText(request) {
        case .failure(let refusal): return .error(refusal.status, refusal.message)
        case .success(let text):
            let problems = show.check(playlist: text) + pageEditProblems(text)
            return .json("{\"problems\":\(Self.problemsJSON(problems))}")
        }
    }

    /// A bad edit is never saved: the file on disk stays the last good one.
    func playlistSave(_ request: WebRequest) -> WebResponse {
        guard let path = show.playlistPath else { return .error(409, "this show plays folders, not a playlist file") }
        switch editText(request) {
        case .failure(let refusal): return .error(refusal.status, refusal.message)
        case .success(let text):
            let problems = show.check(playlist: text) + pageEditProblems(text)
            let list = Self.problemsJSON(problems)
            guard !problems.contains(where: \.isError) else {
                return .json("{\"saved\":false,\"problems\":\(list)}", status: 422)
            }
            do {
                try AtomicFile.write(Data(text.utf8), to: path, mode: 0o644)
            } catch {
                log.error("cannot save \(path): \(error)")
                return .error(500, "the playlist could not be saved: \(error)")
            }
            log.info("playlist saved from the page")
            return .json("{\"saved\":true,\"problems\":\(list)}")
        }
    }

    /// What a playlist saved from the page may not do, whatever the checker allows: run a
    /// command (those belong in files the page cannot write), or name files and folders outside
    /// the show's media roots.
    func pageEditProblems(_ text: String) -> [EditProblem] {
        let file = show.playlistPath ?? "playlist.json"
        guard let document = PlaylistDecoder.decode(text, file: file, probe: pathKindOnDisk).document else { return [] }
        var problems: [EditProblem] = []
        for (name, command) in [("onCommand", document.display.onCommand), ("offCommand", document.display.offCommand)]
        where command != nil {
            problems.append(
                EditProblem(
                    line: nil, column: nil,
                    message: "display.\(name): commands cannot be set from the web page; put them in the "
                        + "\"display\" section of the configuration file (owned by root, e.g. /etc/vitrine/config.json)"
                ))
        }
        let roots = show.mediaRoots.map(PhotoFolder.resolved)
        var refused: Set<String> = []
        for playlist in document.playlists {
            for item in playlist.items {
                let path: String
                switch item.source {
                case .image(let file): path = file
                case .folder(let folder): path = folder.path
                case .network: continue
                }
                let real = PhotoFolder.resolved(path)
                guard !roots.contains(where: { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }),
                    refused.insert(path).inserted
                else { continue }
                problems.append(
                    EditProblem(
                        line: nil, column: nil,
                        message:
                            "\(path) is outside the folders this page may show (\(show.mediaRoots.joined(separator: ", "))); "
                            + "the device's owner can add more with --web-media-root"))
            }
        }
        return problems
    }

    /// The current value of each Settings key, as text.
    func settingsValues() -> WebResponse {
        let members = configMembers() ?? []
        let fields = options.settings.map { field -> String in
            let value = members.first { $0.key == field.key }.map { JSONWriter.plain($0.value) } ?? ""
            let kind: String
            switch field.kind {
            case .number(let range):
                kind =
                    "\"number\",\"min\":\(JSONWriter.number(range.lowerBound)),\"max\":\(JSONWriter.number(range.upperBound))"
            case .choice(let choices):
                kind = "\"choice\",\"choices\":[\(choices.map(JSONText.quote).joined(separator: ","))]"
            case .text: kind = "\"text\""
            }
            return "{\"key\":\(JSONText.quote(field.key)),\"label\":\(JSONText.quote(field.label)),"
                + "\"kind\":\(kind),\"value\":\(JSONText.quote(value))}"
        }
        let path = show.configPath.map(JSONText.quote) ?? "null"
        return .json("{\"path\":\(path),\"fields\":[\(fields.joined(separator: ","))]}")
    }

    private func configMembers() -> [JSONMember]? {
        guard let path = show.configPath, let data = FileManager.default.contents(atPath: path),
            let root = try? JSONParser.parse(String(decoding: data, as: UTF8.self))
        else { return nil }
        return root.members
    }

    /// Writes the Settings form into the configuration file (other keys kept as they were) and reloads.
    func settingsSave(_ request: WebRequest) -> WebResponse {
        guard let path = show.configPath else { return .error(409, "this show runs without a configuration file") }
        if FileManager.default.fileExists(atPath: path), configMembers() == nil {
            return .error(409, "\(path) is not a JSON object now; fix it by hand first")
        }
        var members = configMembers() ?? []
        let form = request.formFields
        let origin = TextPosition(line: 0, column: 0)
        for field in options.settings {
            guard let raw = form[field.key] else { continue }
            let text = raw.trimmingCharacters(in: .whitespaces)
            members.removeAll { $0.key == field.key }
            guard !text.isEmpty else { continue }
            let value: JSONNode.Value
            switch field.kind {
            case .number(let range):
                guard let number = Double(text), range.contains(number) else {
                    return .error(
                        400,
                        "\(field.label): give a number from \(JSONWriter.number(range.lowerBound)) to \(JSONWriter.number(range.upperBound))"
                    )
                }
                value = .number(number)
            case .choice(let choices):
                guard choices.contains(text) else {
                    return .error(400, "\(field.label): one of \(choices.joined(separator: ", "))")
                }
                value = Double(text).map { .number($0) } ?? .string(text)
            case .text:
                guard text.count <= 200 else { return .error(400, "\(field.label): at most 200 characters") }
                value = .string(text)
            }
            members.append(JSONMember(key: field.key, keyPosition: origin, value: JSONNode(value, at: origin)))
        }
        let text = JSONWriter.write(JSONNode(.object(members), at: origin)) + "\n"
        let problems = show.check(config: text)
        guard !problems.contains(where: \.isError) else {
            return .json("{\"saved\":false,\"problems\":\(Self.problemsJSON(problems))}", status: 422)
        }
        do {
            try AtomicFile.write(Data(text.utf8), to: path, mode: 0o644)
        } catch {
            return .error(500, "the settings could not be saved: \(error)")
        }
        log.info("settings saved from the page")
        let reload = show.send(.reload)
        return .json("{\"saved\":true,\"reloaded\":\(reload == nil)}")
    }
}
