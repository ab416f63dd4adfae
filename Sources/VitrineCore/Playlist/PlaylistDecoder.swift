import Foundation

/// What is at a path on disk (the file system is looked at in VitrineSystem).
public enum PathKind: Sendable {
    case file
    case directory
    case missing
}

/// Turns the text of a playlist file into a `PlaylistDocument`, reporting every
/// problem with its place: syntax errors with line and column, wrong values
/// with their path in the document, unknown fields, and missing files (warnings).
public struct PlaylistDecoder {
    /// The playlist format version this program reads.
    public static let version = 1
    /// Playlist files larger than this are refused rather than parsed.
    public static let maximumBytes = 4 << 20

    /// The outcome: the document when it can be played (no errors), and every problem found.
    public struct Outcome: Sendable {
        public var document: PlaylistDocument?
        public var diagnostics: [Diagnostic]

        public init(document: PlaylistDocument?, diagnostics: [Diagnostic]) {
            self.document = document
            self.diagnostics = diagnostics
        }
    }

    static let rootFields = ["version", "timeZone", "defaults", "items", "playlists", "schedule", "display", "sync"]
    static let defaultsFields = [
        "interval", "transition", "transitionDuration", "fit", "motion", "fill", "order", "seed", "pair",
    ]
    static let itemFields = [
        "image", "folder", "recursive", "include", "exclude", "order", "seed", "duration", "transition", "fit",
        "motion", "caption", "video", "loop", "audio", "memories",
    ]
    static let playlistFields = ["defaults", "items"]

    /// Decodes `text`, the contents of the playlist file at the absolute path `file`.
    public static func decode(_ text: String, file: String, probe: @escaping (String) -> PathKind) -> Outcome {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            return Outcome(document: nil, diagnostics: [Diagnostic(.error, "", error.message, at: error.position)])
        }
        var decoder = PlaylistDecoder(file: file, probe: probe)
        let document = decoder.decodeRoot(root)
        let diagnostics = decoder.reader.diagnostics.sorted {
            ($0.position ?? .init(line: 0, column: 0)) < ($1.position ?? .init(line: 0, column: 0))
        }
        return Outcome(document: diagnostics.errors.isEmpty ? document : nil, diagnostics: diagnostics)
    }

    var reader = DocumentReader()
    let file: String
    let base: String
    let probe: (String) -> PathKind

    init(file: String, probe: @escaping (String) -> PathKind) {
        self.file = file
        self.base = (file as NSString).deletingLastPathComponent
        self.probe = probe
    }

    /// `path` relative to the playlist's folder, made absolute.
    func resolve(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    mutating func decodeRoot(_ root: JSONNode) -> PlaylistDocument? {
        guard let fields = reader.object(root, "", fields: Self.rootFields) else { return nil }
        if let node = fields["version"] {
            if let v = node.number, v == Double(Self.version) {
            } else if let v = node.number, v == v.rounded(), v > 0 {
                reader.error(
                    "version", "\(Int(v)) is not supported; this Vitrine reads version \(Self.version)",
                    at: node.position)
            } else {
                reader.error("version", "must be the number \(Self.version)", at: node.position)
            }
        } else {
            reader.error("version", "missing; add \"version\": \(Self.version) at the top", at: root.position)
        }
        var zoneName: String?
        if let node = fields["timeZone"],
            let name = reader.string(node, "timeZone", what: "a time zone name such as Europe/Berlin")
        {
            if TimeZone(identifier: name) == nil {
                reader.error(
                    "timeZone", "unknown time zone '\(name)'; use a name such as Europe/Berlin or UTC",
                    at: node.position)
            } else {
                zoneName = name
            }
        }
        let topDefaults = fields["defaults"].map { decodeDefaults($0, "defaults") } ?? PlaylistStyle()

        var playlists: [PlaylistSpec] = []
        switch (fields["items"], fields["playlists"]) {
        case (let items?, nil):
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let list = decodeItems(items, "items")
            playlists = [PlaylistSpec(name: name, defaults: topDefaults, items: list)]
            checkTiming(topDefaults, fields["defaults"], "defaults")
            if let schedule = fields["schedule"] {
                reader.error(
                    "schedule", "needs named playlists: put the items under \"playlists\"", at: schedule.position)
            }
        case (nil, let node?):
            playlists = decodePlaylists(node, topDefaults: topDefaults, topDefaultsNode: fields["defaults"])
        case (let items?, _?):
            reader.error(
                "items", "a file has either \"items\" (one playlist) or \"playlists\", not both", at: items.position)
        case (nil, nil):
            reader.error(
                "", "needs \"items\" (one playlist) or \"playlists\" (several, with a schedule)", at: root.position)
        }

        let names = playlists.map(\.name)
        var defaultName = names.first ?? ""
        var rules: [ScheduleRule] = []
        if let node = fields["schedule"], !playlists.isEmpty, fields["items"] == nil {
            (defaultName, rules) = decodeSchedule(node, names: names)
        }
        let display = fields["display"].map { decodeDisplay($0) } ?? DisplaySpec()
        var document = PlaylistDocument(
            version: Self.version, file: file, timeZoneName: zoneName, playlists: playlists,
            isScheduled: fields["playlists"] != nil, defaultPlaylist: defaultName, rules: rules, display: display)
        document.sync = reader.bool(fields["sync"], "sync") ?? false
        return document
    }

    mutating func decodeDefaults(_ node: JSONNode, _ path: String) -> PlaylistStyle {
        var defaults = PlaylistStyle()
        guard let f = reader.object(node, path, fields: Self.defaultsFields) else { return defaults }
        let join = { (key: String) in DocumentReader.join(path, key) }
        defaults.interval = reader.seconds(f["interval"], join("interval"))
        defaults.transition = reader.choice(f["transition"], join("transition"), as: TransitionKind.self)
        defaults.transitionDuration = reader.seconds(
            f["transitionDuration"], join("transitionDuration"), allowZero: true)
        defaults.fit = reader.choice(f["fit"], join("fit"), as: FitMode.self)
        defaults.motion = reader.choice(f["motion"], join("motion"), as: DwellMotion.self)
        if let node = f["fill"] {
            if let text = node.string, let fill = FillStyle(text) {
                defaults.fill = fill
            } else {
                reader.error(join("fill"), "must be \(FillStyle.spellings)", at: node.position)
            }
        }
        defaults.order = reader.choice(f["order"], join("order"), as: SlideOrder.self)
        defaults.seed = reader.seed(f["seed"], join("seed"))
        defaults.pair = reader.bool(f["pair"], join("pair"))
        return defaults
    }

    /// A transition must end before the next one is due.
    mutating func checkTiming(_ defaults: PlaylistStyle, _ node: JSONNode?, _ path: String) {
        let interval = defaults.interval ?? ShowStyle().interval
        let duration = defaults.transitionDuration ?? ShowStyle().transitionDuration
        guard duration >= interval else { return }
        let position = node?["transitionDuration"]?.position ?? node?["interval"]?.position ?? node?.position
        reader.error(
            DocumentReader.join(path, "transitionDuration"),
            "\(StateReport.number(duration.value)) s must be shorter than the interval (\(StateReport.number(interval.value)) s)",
            at: position)
    }

    mutating func decodePlaylists(_ node: JSONNode, topDefaults: PlaylistStyle, topDefaultsNode: JSONNode?)
        -> [PlaylistSpec]
    {
        guard let members = node.members else {
            reader.error(
                "playlists", "must be an object of named playlists ({ \"name\": { \"items\": […] } })",
                at: node.position)
            return []
        }
        if members.isEmpty { reader.error("playlists", "is empty; name at least one playlist", at: node.position) }
        var specs: [PlaylistSpec] = []
        for member in members {
            let path = DocumentReader.join("playlists", member.key)
            if member.key.isEmpty { reader.error(path, "a playlist needs a name", at: member.keyPosition) }
            if specs.contains(where: { $0.name == member.key }) {
                reader.error(path, "appears twice; keep one", at: member.keyPosition)
                continue
            }
            guard let f = reader.object(member.value, path, fields: Self.playlistFields) else { continue }
            let own =
                f["defaults"].map { decodeDefaults($0, DocumentReader.join(path, "defaults")) } ?? PlaylistStyle()
            let defaults = own.over(topDefaults)
            checkTiming(
                defaults, f["defaults"] ?? topDefaultsNode,
                f["defaults"] != nil ? DocumentReader.join(path, "defaults") : "defaults")
            let itemsPath = DocumentReader.join(path, "items")
            guard let items = f["items"] else {
                reader.error(itemsPath, "missing; list the images and folders to show", at: member.value.position)
                continue
            }
            specs.append(PlaylistSpec(name: member.key, defaults: defaults, items: decodeItems(items, itemsPath)))
        }
        return specs
    }

    mutating func decodeItems(_ node: JSONNode, _ path: String) -> [PlaylistItem] {
        guard let elements = reader.list(node, path, of: "items ({ \"image\": … } or { \"folder\": … })") else {
            return []
        }
        if elements.isEmpty { reader.error(path, "is empty; list at least one image or folder", at: node.position) }
        return elements.enumerated().compactMap { i, element in decodeItem(element, "\(path)[\(i)]") }
    }

    mutating func decodeItem(_ node: JSONNode, _ path: String) -> PlaylistItem? {
        if node.members != nil, NetworkSourceDecoder.isNetworkItem(node) { return decodeNetworkItem(node, path) }
        guard let f = reader.object(node, path, fields: Self.itemFields) else { return nil }
        let join = { (key: String) in DocumentReader.join(path, key) }
        if let videoNode = f["video"] { return decodeVideoItem(videoNode, fields: f, path) }
        if let memoriesNode = f["memories"] { return decodeMemoriesItem(memoriesNode, fields: f, path) }
        for key in ["loop", "audio"] {
            if let extra = f[key] {
                reader.warning(join(key), "applies to video clips only; it is ignored here", at: extra.position)
            }
        }
        var item: PlaylistItem?
        switch (f["image"], f["folder"]) {
        case (let imageNode?, nil):
            if let text = reader.string(imageNode, join("image"), what: "the path of an image file"), !text.isEmpty {
                let absolute = resolve(text)
                if !ImageFileNames.isImagePath(text) {
                    reader.error(
                        join("image"),
                        "\(text) is not an image file (expected one of: \(ImageFileNames.extensionList))",
                        at: imageNode.position)
                } else {
                    switch probe(absolute) {
                    case .missing:
                        reader.warning(
                            join("image"), "\(text): no such file (it is skipped until it appears)",
                            at: imageNode.position)
                    case .directory:
                        reader.error(
                            join("image"), "\(text) is a folder; write \"folder\" for a folder", at: imageNode.position)
                    case .file: break
                    }
                }
                item = PlaylistItem(source: .image(absolute))
                item?.position = imageNode.position
            } else if imageNode.string?.isEmpty == true {
                reader.error(join("image"), "must be the path of an image file", at: imageNode.position)
            }
            for key in ["recursive", "include", "exclude", "order", "seed"] {
                if let extra = f[key] {
                    reader.warning(join(key), "applies to folders only; it is ignored for an image", at: extra.position)
                }
            }
        case (nil, let folderNode?):
            if let text = reader.string(folderNode, join("folder"), what: "the path of a folder"), !text.isEmpty {
                var folder = FolderSource(path: resolve(text))
                switch probe(folder.path) {
                case .missing:
                    reader.warning(
                        join("folder"), "\(text): no such folder (it is watched for until it appears)",
                        at: folderNode.position)
                case .file:
                    reader.error(
                        join("folder"), "\(text) is a file; write \"image\" for one image", at: folderNode.position)
                case .directory: break
                }
                folder.recursive = reader.bool(f["recursive"], join("recursive")) ?? false
                folder.include = globs(f["include"], join("include"))
                folder.exclude = globs(f["exclude"], join("exclude"))
                folder.order = reader.choice(f["order"], join("order"), as: SlideOrder.self)
                folder.seed = reader.seed(f["seed"], join("seed"))
                item = PlaylistItem(source: .folder(folder))
                item?.position = folderNode.position
            } else if folderNode.string?.isEmpty == true {
                reader.error(join("folder"), "must be the path of a folder", at: folderNode.position)
            }
        case (_?, _?):
            reader.error(path, "has both \"image\" and \"folder\"; an item is one or the other", at: node.position)
        case (nil, nil):
            reader.error(path, "needs \"image\" (a file) or \"folder\" (a folder of images)", at: node.position)
        }
        let duration = reader.seconds(f["duration"], join("duration"))
        let transition = reader.choice(f["transition"], join("transition"), as: TransitionKind.self)
        let fit = reader.choice(f["fit"], join("fit"), as: FitMode.self)
        let motion = reader.choice(f["motion"], join("motion"), as: DwellMotion.self)
        let caption = caption(f["caption"], join("caption"))
        guard var item else { return nil }
        item.duration = duration
        item.transition = transition
        item.fit = fit
        item.motion = motion
        item.caption = caption
        return item
    }

    /// An item's caption; a field its template does not know is a warning (the caption is shown
    /// without it).
    mutating func caption(_ node: JSONNode?, _ path: String) -> String? {
        guard let text = reader.string(node, path) else { return nil }
        if let sentence = CaptionTemplate(text).unknownFieldsSentence {
            reader.warning(path, sentence, at: node?.position)
        }
        return text
    }

    mutating func globs(_ node: JSONNode?, _ path: String) -> [Glob] {
        guard let node else { return [] }
        let elements: [JSONNode]
        if node.string != nil {
            elements = [node]
        } else {
            guard let list = reader.list(node, path, of: "glob patterns such as \"*.jpg\"") else { return [] }
            elements = list
        }
        var out: [Glob] = []
        for (i, element) in elements.enumerated() {
            let elementPath = node.string != nil ? path : "\(path)[\(i)]"
            guard let text = reader.string(element, elementPath, what: "a glob pattern such as \"*.jpg\"") else {
                continue
            }
            do {
                out.append(try Glob(text))
            } catch {
                reader.error(
                    elementPath, "invalid pattern \(JSONOutput.quoted(text)): \(error.reason)", at: element.position)
            }
        }
        return out
    }
}
