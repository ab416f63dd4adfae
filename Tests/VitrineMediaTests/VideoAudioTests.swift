import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineDecode
@testable import VitrineMedia

/// A clip's sound: `"audio": true` selects and decodes its audio track (here on libmpv's null
/// output); a muted clip, the default, decodes none.
@Suite struct VideoAudioTests {
    static func withSound(_ path: String) throws {
        let output = try ChildProcess.run(
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=160x120:r=10:d=2", "-f", "lavfi", "-i",
                "sine=frequency=440:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-shortest", path,
            ], executable: "/usr/bin/ffmpeg")
        #expect(output.status == 0, "\(output.stderr)")
    }

    /// The clip opened to its first frame, and `name` once libmpv has it (or nil after 10 s).
    static func open(_ path: String, audio: Bool, waitingFor name: String) throws -> (VideoClip, String?) {
        let clip = try VideoClip(
            path: path, audio: audio, audioDevice: "null", output: Size(width: 160, height: 120),
            now: VideoClipTests.now(), openDeadline: 10)
        clip.waitUntilSettled(now: VideoClipTests.now)
        let start = VideoClipTests.now()
        var value = clip.property(name)
        while value == nil, VideoClipTests.now() - start < 10 {
            clip.poll(now: VideoClipTests.now())
            usleep(10_000)
            value = clip.property(name)
        }
        return (clip, value)
    }

    @Test func audioTrueSelectsAndDecodesTheTrack() throws {
        let folder = try TemporaryFolder()
        let path = folder.at("sound.mp4")
        try Self.withSound(path)
        let (clip, codec) = try Self.open(path, audio: true, waitingFor: "audio-codec-name")
        #expect(clip.state == .ready)
        #expect(codec == "aac")
        #expect(clip.property("current-tracks/audio/selected") == "yes")
        #expect(clip.property("mute") == "no")
        let (_, output) = try Self.open(path, audio: true, waitingFor: "current-ao")
        #expect(output == "null", "the sound goes to libmpv's null output")
    }

    @Test func aMutedClipDecodesNoAudio() throws {
        let folder = try TemporaryFolder()
        let path = folder.at("sound.mp4")
        try Self.withSound(path)
        // The file has its audio track (libmpv lists it), but none is selected or decoded.
        let (clip, tracks) = try Self.open(path, audio: false, waitingFor: "track-list/count")
        #expect(clip.state == .ready)
        #expect(tracks == "2")
        #expect(clip.property("aid") == "no")
        #expect(clip.property("current-tracks/audio/selected") == nil)
        #expect(clip.property("audio-codec-name") == nil)
    }
}
