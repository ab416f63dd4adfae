import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Power cuts (SIGKILL) while the player writes its resume position, for a folder, a playlist
/// file and a feed served over HTTP on loopback: after each cut the state folder holds the old
/// position or the new one (never a broken one), the next start removes what the cut left and
/// shows the slide the position names.
@Suite("Power cuts during resume writes", .serialized)
struct PowerCutResumeTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case folder, playlist, feed
        var testDescription: String { rawValue }
    }

    /// Cuts per kind: three kinds make 30, each during a write of the position.
    static let cuts = 10
    private let headless = ["--video-driver", "offscreen", "--windowed", "160x90", "--renderer", "software"]

    /// Six pictures `00.bmp`…`05.bmp`, a state folder, and what plays them.
    private final class Fixture {
        let tree: TemporaryFolder
        let kind: Kind
        var server: Process?
        var port = 0
        var state: String { tree.at("state") }
        var positionFile: String { tree.at("state/vitrine/position.json") }
        /// The slide names in play order.
        let order: [String]

        init(_ kind: Kind) throws {
            self.kind = kind
            tree = try TemporaryFolder("powercut-\(kind.rawValue)")
            try tree.mkdir("photos")
            try tree.mkdir("state/vitrine")
            try TestPictures.write(count: 6, into: tree.at("photos"))
            switch kind {
            case .folder:
                order = (0..<6).map { String(format: "%02d.bmp", $0) }
            case .playlist:
                order = ["03.bmp", "01.bmp", "05.bmp", "00.bmp", "04.bmp", "02.bmp"]
                let items = order.map { #"{ "image": "photos/\#($0)" }"# }.joined(separator: ", ")
                try tree.write(
                    "show.json",
                    #"{ "version": 1, "defaults": { "interval": 60, "transitionDuration": 0.1 }, "items": [ \#(items) ] }"#
                )
            case .feed:
                order = (0..<6).map { String(format: "%02d.bmp", $0) }
                let list = order.map { "\"\($0)\"" }.joined(separator: ", ")
                try tree.write("photos/photos.json", "[\(list)]")
                try startServer()
            }
        }

        deinit {
            if let server, server.isRunning {
                kill(server.processIdentifier, SIGKILL)
                server.waitUntilExit()
            }
        }

        /// Python's own HTTP server (not the project's) on a free loopback port, serving the photos.
        private func startServer() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            // The test threads block signals and a child inherits the mask: cleared before exec.
            let unblock =
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])"
            process.arguments = [
                "python3", "-c", unblock, "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                "--directory", tree.at("photos"),
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            server = process
            var text = ""
            while !text.contains("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
            guard let range = text.range(of: " port ") else { return }
            port = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }

        /// Slides last 60 s: the first slide's STATUS line (at most one a second) must come before
        /// the slide changes, or it names the next one, and a CI machine running the boot test's
        /// image build and the churn soak beside the suite (starts of the player taking 9 s) was
        /// seen to hold it back past 3 s, and once past 10 s. The cuts come at the
        /// first position write after each start, so longer slides cost the test no time.
        func arguments(_ headless: [String]) -> [String] {
            switch kind {
            case .folder:
                return ["play", tree.at("photos"), "--config", "none", "--interval", "60"] + headless
            case .playlist:
                return ["play", tree.at("show.json"), "--config", "none"] + headless
            case .feed:
                // READY comes with the status screen while the feed is read.
                return [
                    "play", "http://127.0.0.1:\(port)/photos.json", "--config", "none", "--interval", "60",
                    "--cache-dir", tree.at("cache"),
                ] + headless
            }
        }

        /// The slide name the saved position names, nil when there is none; a broken file fails the test.
        func savedSlide() throws -> String? {
            guard let data = FileManager.default.contents(atPath: positionFile) else { return nil }
            let object = try #require(
                try JSONSerialization.jsonObject(with: data) as? [String: Any], "a broken position: \(data.count) bytes"
            )
            if kind == .feed {
                let photo = try #require(object["photo"] as? [String: Any], "no photo in \(object)")
                let id = try #require(photo["id"] as? String)
                return id.split(separator: "/").last.map(String.init)
            }
            let source = try #require(object["source"] as? String)
            return source.split(separator: "/").last.map(String.init)
        }

        /// Temporary files in the state folder not written by `pid`.
        func leftovers(besides pid: Int32) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: tree.at("state/vitrine")).filter {
                $0 != "position.json" && LeftoverFiles.writer(of: $0) != pid
            }
        }
    }

    /// The index and name in the first "STATUS=showing N/M NAME" line.
    private func showing(_ lines: [String]) -> (Int, String)? {
        guard let line = lines.first(where: { $0.hasPrefix("STATUS=showing ") }) else { return nil }
        let fields = line.dropFirst("STATUS=showing ".count).split(separator: " ")
        guard fields.count >= 2, let index = Int(fields[0].prefix { $0.isNumber }) else { return nil }
        return (index, String(fields[1]))
    }

    /// Waits for the first "STATUS=showing …" line of `pid`; all lines it sent meanwhile.
    private func firstSlide(_ socket: FakeNotifySocket, from pid: Int32, timeout: Double) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines: [String] = []
        while Date() < deadline {
            guard let datagram = socket.receive(timeout: max(0, deadline.timeIntervalSinceNow)),
                datagram.sender == pid
            else { continue }
            lines += datagram.lines
            if datagram.lines.contains(where: { $0.hasPrefix("STATUS=showing ") }) { break }
        }
        return lines
    }

    @Test(
        "SIGKILL during resume writes: the next start shows the saved slide", .serialized, arguments: Kind.allCases)
    func cutsDuringResumeWrites(kind: Kind) throws {
        let f = try Fixture(kind)
        if kind == .feed { #expect(f.port > 0, "the HTTP server did not start") }
        let watcher = try FileWatcher()
        #expect(watcher.watch(f.tree.at("state/vitrine")))
        var landed = 0
        for cut in 0..<Self.cuts {
            let expected = try f.savedSlide()
            let socket = try FakeNotifySocket()
            // Events of earlier runs go; this run's queue up from its start on.
            _ = watcher.read()
            let child = try ChildProcess(
                f.arguments(headless), environment: ["NOTIFY_SOCKET": socket.path, "XDG_STATE_HOME": f.state])
            let lines = firstSlide(socket, from: child.pid, timeout: 60)
            let shown = try #require(showing(lines), "cut \(cut): \(lines) \(child.standardError)")
            if let expected {
                // The feed's slide names are its files in the cache: its position in the listing tells.
                let name = kind == .feed ? f.order[shown.0 - 1] : shown.1
                #expect(name == expected, "cut \(cut): resumed at \(shown), saved \(expected): \(child.standardError)")
                if name == expected { landed += 1 }
                #expect(!child.standardError.contains("which is missing"), "\(child.standardError)")
            }
            let left = try f.leftovers(besides: child.pid)
            #expect(left.isEmpty, "cut \(cut): \(left)")
            // The cut: as the temporary file appears, once it is written, or as it is renamed into place.
            var cutDone = false
            var temporaryEvents = 0
            let deadline = Date().addingTimeInterval(60)
            while !cutDone, Date() < deadline {
                guard watcher.wait(timeout: max(.zero, deadline - Date())) else { continue }
                for event in watcher.read() where !cutDone {
                    if LeftoverFiles.writer(of: event.name) == child.pid { temporaryEvents += 1 }
                    var renamed = false
                    if case .movedIn = event.kind, event.name == "position.json" { renamed = true }
                    switch cut % 3 {
                    case 0: cutDone = temporaryEvents >= 1
                    case 1: cutDone = temporaryEvents >= 2
                    default: cutDone = renamed
                    }
                    if cutDone { child.send(SIGKILL) }
                }
            }
            #expect(cutDone, "cut \(cut): no resume write seen: \(child.standardError)")
            #expect(child.waitForExit(timeout: 30) == nil)
        }
        #expect(landed >= Self.cuts - 1)
    }
}
