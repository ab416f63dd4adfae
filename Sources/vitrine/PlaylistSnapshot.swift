import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// `vitrine snapshot PLAYLIST.json`: the frame at a time of a playlist file's
/// show, with its schedule read at `--clock` + the time.
enum PlaylistSnapshot {
    static func run(
        _ path: String, at: Double, out: String, size: Size, printState: Bool, common: CommonOptions,
        playlist: PlaylistOptions, touch: TouchOptions, decoder: any ImageDecoding
    ) throws -> Int32 {
        let document = try PlaylistLoading.load(path, log: Log("playlist"))
        let content = PlaylistContent.scanned(
            PlaylistContent(document: document, common: common, given: playlist.given))
        let origin = playlist.wallOrigin(zone: document.timeZone(), now: Date())
        var renderer = ScheduledSnapshot(
            content: content, options: PlaylistLoading.options(document, common: common, given: playlist.given),
            size: size, decoder: decoder, wallOrigin: origin)
        renderer.overlays = common.overlay
        renderer.touch = touch
        let frame = try renderer.render(at: at, input: try touch.loadInput())
        try frame.canvas.savePNG(to: out)
        if printState { print(frame.report.json) }
        return 0
    }
}
