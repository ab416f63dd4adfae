import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// File names that are not valid UTF-8 (a stick written by an old camera, Latin-1 names from
/// another system) are listed, shown and logged like any other.
@Suite("Any file name", .serialized)
struct FileNameTests {
    @Test("A name's bytes survive the string and come back as they were")
    func bytesRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            Array("plain.jpg".utf8), Array("café.jpg".utf8), [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A], [0xFF, 0xFE, 0x41],
            [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xC0, 0xAF],
        ]
        for bytes in samples
            + (0..<200).map({ _ in (0..<12).map { _ in UInt8.random(in: 1...255, using: &generator) } })
        {
            let name = FileName.string(fromSystem: bytes)
            #expect(FileName.systemBytes(name) == bytes, "\(bytes)")
        }
        #expect(FileName.string(fromSystem: Array("café.jpg".utf8)) == "café.jpg")
        #expect(FileName.escaped(FileName.string(fromSystem: [0x63, 0xE9, 0x2E])) == "c\\xE9.")
    }

    /// Creates `bytes` (a name, not UTF-8) in `folder` with the contents of `source`.
    private func copy(_ source: String, into folder: String, name bytes: [UInt8]) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes
        let fd = FileName.withSystemPath(FileName.string(fromSystem: path)) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        try #require(fd >= 0)
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #expect(written == data.count)
    }

    @Test("Five JPEGs whose names are not UTF-8 all play, and the log escapes their bytes")
    func invalidNamesPlay() throws {
        let tree = try TemporaryFolder()
        try tree.mkdir("photos")
        let names: [[UInt8]] = [
            [0x61, 0xE9, 0x2E, 0x6A, 0x70, 0x67],  // "a" + Latin-1 é + ".jpg"
            [0x62, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67],
            [0x63, 0xC3, 0x2E, 0x6A, 0x70, 0x67],  // a lone lead byte
            [0x64, 0xED, 0xA0, 0x80, 0x2E, 0x6A, 0x70, 0x67],  // an encoded surrogate
            [0x65, 0x80, 0x2E, 0x6A, 0x70, 0x67],  // a lone continuation byte
        ]
        let sources = [
            "hubble_deep_field.jpg", "rocket.jpg", "storm.jpg", "two-wings-portrait.jpg", "wildflowers-ladybird.jpg",
        ]
        for (name, source) in zip(names, sources) {
            try copy(ChildProcess.demo + "/" + source, into: tree.at("photos"), name: name)
        }
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            [
                "play", tree.at("photos"), "--config", "none", "--video-driver", "offscreen", "--windowed", "160x90",
                "--renderer", "software", "--interval", "1.2", "--transition-duration", "0.1", "--no-resume",
            ], environment: ["NOTIFY_SOCKET": socket.path])
        #expect(child.waitForError(containing: "INFO play: sources: 5 images", timeout: 60), "\(child.standardError)")
        // Each slide is shown: a STATUS line for each of 1/5 … 5/5.
        var shown: Set<Int> = []
        let deadline = Date().addingTimeInterval(60)
        while shown.count < 5, Date() < deadline {
            guard let datagram = socket.receive(timeout: max(0, deadline.timeIntervalSinceNow)),
                datagram.sender == child.pid
            else { continue }
            for line in datagram.lines where line.hasPrefix("STATUS=showing ") {
                if let index = Int(line.dropFirst("STATUS=showing ".count).prefix { $0.isNumber }) {
                    shown.insert(index)
                }
            }
        }
        #expect(shown == [1, 2, 3, 4, 5], "\(shown) \(child.standardError)")
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
        let log = child.standardError
        #expect(!log.contains("does not exist"), "\(log)")
        #expect(!log.contains("could not be decoded") && !log.contains("skipped"), "\(log)")
        // The stopping line names the slide with its bytes escaped.
        let stopped = try #require(log.split(separator: "\n").first { $0.contains("stopped at slide") })
        #expect(stopped.contains("\\x"), "\(stopped)")
    }
}
