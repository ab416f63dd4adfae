import Foundation

/// A feed whose slides never change and that reads nothing: for benchmarks,
/// tests, and a director fed from memory.
public final class FixedFeed: ContentFeed {
    public let document: PlaylistDocument
    public private(set) var content: PlaylistContent
    public var isScanning: Bool { false }
    public var problem: StatusScreen? { nil }
    public var fingerprintText: String { "" }
    /// Nothing changes: nothing to look at.
    public var nextLook: Double? { nil }

    /// A feed of `document`, whose images and folders hold what `content` says.
    public init(content: PlaylistContent) {
        self.document = content.document
        self.content = content
    }

    /// One playlist of these slides, in this order.
    public convenience init(slides: [Slide]) {
        let items = slides.map { slide in
            var item = PlaylistItem(source: .image(slide.path))
            item.duration = slide.duration
            item.transition = slide.transition
            item.fit = slide.fit
            item.caption = slide.caption
            item.isVideo = slide.video != nil
            item.loop = slide.video?.loop
            item.audio = slide.video?.audio
            return item
        }
        var content = PlaylistContent(
            document: PlaylistDocument(file: "", playlists: [PlaylistSpec(name: "slides", items: items)]))
        for slide in slides { _ = content.setImage(slide.path, present: true) }
        self.init(content: content)
    }

    public func start() {}
    public func poll(now: MonotonicInstant) -> SessionUpdate { SessionUpdate() }
    public func slides(for playlist: String) -> [Slide] { content.slides(for: playlist) }
    public func markFailed(_ path: String) -> Set<String> {
        content.markFailed(path) ? content.playlists(showing: path) : []
    }
    public func prime(_ path: String) -> Bool { content.imagePaths.contains(path) }
}

extension ShowDirector {
    /// A director of a fixed list of slides (no schedule, nothing read), whose
    /// show starts at wall date `wallOrigin`.
    public init(
        slides: [Slide], setup: DirectorSettings, output: Size, wallOrigin: Date = Date(unixSeconds: 0),
        input: [InputEvent] = []
    ) {
        self.init(
            setup: setup, environment: ShowEnvironment(feed: FixedFeed(slides: slides)), output: output,
            wallOrigin: wallOrigin, input: input)
    }
}
