import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineCore

/// Video slides in the director: a slide lasts its clip, `duration` cuts or loops it,
/// `--max-video-seconds` caps it, `--no-video` leaves clips out, and each frame says where each clip is.
@Suite struct VideoSlideTests {
    static func run(
        _ slides: [Slide], lengths: [String: Seconds], options: (inout ShowStyle) -> Void = { _ in }
    ) -> DirectorDriver {
        var show = ShowStyle()
        show.interval = 3
        show.transitionDuration = 0.5
        options(&show)
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(show: show), environment: ShowEnvironment(feed: FixedFeed(slides: slides)),
                output: Size(width: 100, height: 100), wallOrigin: Date(unixSeconds: 0)),
            origin: 0)
        run.images.clipLengths = lengths
        let size = Size(width: 100, height: 100)
        for slide in slides { run.images.images[slide.path] = LoadedImage(sourceSize: size, decodedFor: size) }
        return run
    }

    static let slides = [
        Slide(path: "/a.jpg"), Slide(path: "/b.mp4", video: SlideVideo()), Slide(path: "/c.jpg"),
    ]

    @Test func aClipSlideLastsAsLongAsTheClip() {
        var run = Self.run(Self.slides, lengths: ["/b.mp4": 5])
        run.step(to: 3.1)
        #expect(run.current == "b.mp4")
        run.step(to: 7.9)
        #expect(run.current == "b.mp4", "the clip's 5 s, not the 3 s interval")
        run.step(to: 8.1)
        #expect(run.current == "c.jpg")
    }

    @Test func durationCutsALongClip() {
        var slides = Self.slides
        slides[1].duration = 2
        var run = Self.run(slides, lengths: ["/b.mp4": 5])
        run.step(to: 4.9)
        #expect(run.current == "b.mp4")
        run.step(to: 5.1)
        #expect(run.current == "c.jpg")
    }

    @Test func durationLoopsAShortClip() {
        var slides = Self.slides
        slides[1].duration = 7
        slides[1].video = SlideVideo(loop: true)
        var run = Self.run(slides, lengths: ["/b.mp4": 2])
        let out = run.step(to: 8.5)
        #expect(run.current == "b.mp4")
        let moment = out.videos.first
        #expect(moment?.playing == true)
        #expect(abs((moment?.clipTime(length: 2).value ?? -1) - 1.5) < 0.01, "5.5 s into a looping 2 s clip is 1.5 s")
        run.step(to: 10.1)
        #expect(run.current == "c.jpg")
    }

    @Test func maxVideoSecondsCapsAClipWithoutDuration() {
        var run = Self.run(Self.slides, lengths: ["/b.mp4": 60]) { $0.maxVideoSeconds = 4 }
        run.step(to: 6.9)
        #expect(run.current == "b.mp4")
        run.step(to: 7.1)
        #expect(run.current == "c.jpg")
    }

    @Test func noVideoLeavesClipsOut() {
        var run = Self.run(Self.slides, lengths: ["/b.mp4": 5]) { $0.videos = false }
        run.step(to: 0.5)
        #expect(run.engine.show.slides.map(\.path) == ["/a.jpg", "/c.jpg"])
        run.step(to: 3.1)
        #expect(run.current == "c.jpg")
    }

    @Test func theOutgoingClipHoldsItsLastMomentThroughTheTransition() {
        var run = Self.run(Self.slides, lengths: ["/b.mp4": 5])
        let playing = run.step(to: 4)
        #expect(playing.videos.map(\.path) == ["/b.mp4"])
        #expect(playing.videos.first?.playing == true)
        #expect(abs((playing.videos.first?.time.value ?? 0) - 1) < 0.01)
        // The fade into c starts at 8: b is drawn, held at its end, not running.
        let leaving = run.step(to: 8.25)
        #expect(leaving.scene.slidesDrawn.count == 2)
        let held = leaving.videos.first
        #expect(held?.path == "/b.mp4")
        #expect(held?.playing == false)
        #expect(abs((held?.time.value ?? 0) - 5) < 0.01)
    }

    @Test func playlistsAndFoldersTakeClips() throws {
        let text = """
            { "version": 1, "items": [
              { "video": "clip.mp4", "duration": 12, "loop": true, "audio": true },
              { "folder": "photos" } ] }
            """
        let probe: (String) -> PathKind = { ($0 as NSString).pathExtension.isEmpty ? .directory : .file }
        let outcome = PlaylistDecoder.decode(text, file: "/show/frame.json", probe: probe)
        let items = try #require(outcome.document?.playlists.first?.items)
        let slide = items[0].slide("/show/clip.mp4")
        #expect(slide.video == SlideVideo(loop: true, audio: true))
        #expect(slide.duration == 12)
        let bad = PlaylistDecoder.decode(
            #"{ "version": 1, "items": [ { "video": "photo.jpg" } ] }"#, file: "/show/frame.json", probe: probe)
        #expect(bad.diagnostics.contains { $0.description.contains("photo.jpg is not a video file") })
        var folder = FolderSource(path: "/show/photos")
        folder.recursive = false
        for name in ["a.mp4", "b.M4V", "c.mov", "d.mkv", "e.webm", "f.jpg"] { #expect(folder.accepts(name)) }
        #expect(!folder.accepts("g.avi"))
        #expect(items[1].slide("/show/photos/a.webm").video != nil)
        #expect(items[1].slide("/show/photos/f.jpg").video == nil)
    }
}
