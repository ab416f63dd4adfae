import Foundation
import Testing
import VitrineTestSupport

/// The page of a real running `vitrine play` (headless, the page on a free loopback port): in
/// Debian's chromium driven by Selenium, over plain HTTP, and the onboarding screen's QR code.
@Suite struct PlayerWebTests {
    static let demo = PlayerProcess.checkout.appendingPathComponent("assets/demo").path
    static let playlist = "{\n  \"version\": 1,\n  \"items\": [ { \"folder\": \"photos\" } ]\n}\n"

    /// A folder with `photos/` (empty) and `playlist.json` playing it.
    static func showFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "vitrine-web-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try playlist.write(toFile: folder + "/playlist.json", atomically: true, encoding: .utf8)
        return folder
    }

    /// The setup code from the page's state file, which only its owner may read.
    static func setupCode(_ statePath: String) throws -> String {
        let mode = try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let text = try String(contentsOfFile: statePath, encoding: .utf8)
        let digits = text.components(separatedBy: "\"setupCode\":\"").dropFirst().first?.prefix(8) ?? ""
        return String(digits)
    }

    @Test func aNewOwnerSetsUpTheRunningPlayerFromABrowser() throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"] {
            #expect(FileManager.default.isExecutableFile(atPath: tool), "\(tool) missing: make test-deps installs it")
        }
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let player = try PlayerProcess(
            source: folder + "/playlist.json", statePath: folder + "/state/web.json", extra: ["--interval", "30"])
        defer { player.stop() }
        let code = try Self.setupCode(folder + "/state/web.json")
        #expect(code.count == 8)
        #expect(!player.log.contains(code), "the setup code must not be logged")

        let shots =
            ProcessInfo.processInfo.environment["VITRINE_SCREENSHOTS"]
            ?? NSTemporaryDirectory() + "vitrine-shots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let preview = folder + "/preview.png"
        let walk = Process()
        walk.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        walk.arguments = [
            PlayerProcess.checkout.appendingPathComponent("Tests/VitrineWebTests/Browser/player_walk.py").path
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_URL"] = player.url
        environment["VITRINE_SETUP_CODE"] = code
        environment["VITRINE_PHOTOS"] = "\(Self.demo)/rocket.jpg:\(Self.demo)/camera.png"
        environment["VITRINE_SHOTS"] = shots
        environment["VITRINE_PREVIEW"] = preview
        environment["PYTHONPATH"] = nil
        walk.environment = environment
        let output = Pipe()
        walk.standardOutput = output
        walk.standardError = FileHandle.nullDevice
        try walk.run()
        let deadline = Date().addingTimeInterval(120)
        while walk.isRunning, Date() < deadline { usleep(20_000) }
        if walk.isRunning { walk.terminate() }
        walk.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(walk.terminationStatus == 0, "\(log)\n\(player.log)")
        #expect(log.contains("done"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/photos").sorted()
        #expect(names == ["camera.png", "rocket.jpg"])
        let saved = try String(contentsOfFile: folder + "/playlist.json", encoding: .utf8)
        #expect(saved.contains("\"caption\": \"Kitchen\""))
        #expect(!player.log.contains(code))
        for name in ["setup", "now", "photos", "playlist-error", "playlist", "schedule", "settings", "login"] {
            #expect(FileManager.default.fileExists(atPath: "\(shots)/\(name).png"), "\(name).png")
        }

        // The preview is the frame `vitrine snapshot` draws of the same moment.
        let snapshot = folder + "/snapshot.png"
        let run = Process()
        run.executableURL = URL(fileURLWithPath: PlayerProcess.binary)
        run.arguments = [
            "snapshot", folder + "/playlist.json", "--clock", "2025-06-07T11:59:57", "--at", "3", "--size", "1280x720",
            "--out", snapshot,
        ]
        run.standardError = FileHandle.nullDevice
        try run.run()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0)
        let drawn = try Data(contentsOf: URL(fileURLWithPath: preview))
        #expect(drawn.count > 1000)
        #expect(drawn == (try Data(contentsOf: URL(fileURLWithPath: snapshot))))
    }

    @Test func changesAreRefusedWithoutASessionAWrongTokenOrAfterTooManySignIns() throws {
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let player = try PlayerProcess(source: folder + "/playlist.json", statePath: folder + "/web.json")
        defer { player.stop() }
        var http = PlainHTTP(url: player.url)
        let photo = try Data(contentsOf: URL(fileURLWithPath: "\(Self.demo)/rocket.jpg"))
        let (body, type) = SiteFixture.multipart([(name: "rocket.jpg", bytes: photo)])

        // No session: nothing changes.
        #expect(try http.send("POST", "/api/command", body: Data("command=pause".utf8)).status == 401)
        #expect(try http.send("POST", "/api/photos", headers: ["Content-Type": type], body: body).status == 401)
        #expect(try http.send("GET", "/api/state").status == 401)
        #expect(try http.send("GET", "/healthz").status == 200)

        // The first password, from the setup code on the screen (and in the 0600 state file).
        let setupPage = try http.send("GET", "/setup")
        let form = try #require(http.cookies["vitrine_form"])
        #expect(setupPage.text.contains(form))
        let code = try Self.setupCode(folder + "/web.json")
        let signIn = try http.send(
            "POST", "/api/setup", headers: ["X-CSRF-Token": form, "Content-Type": "application/x-www-form-urlencoded"],
            body: Data("code=\(code)&password=kitchen-password-1".utf8))
        #expect(signIn.status == 200, "\(signIn.text)")
        #expect(http.cookies["vitrine_session"] != nil)
        let now = try http.send("GET", "/now")
        let csrf = try #require(
            now.text.components(separatedBy: "name=\"csrf\" content=\"").dropFirst().first?.prefix(64))

        // A wrong or missing CSRF token: refused, the show not paused. (The wrong one differs in its
        // first character, whatever that is.)
        let form_ = ["Content-Type": "application/x-www-form-urlencoded"]
        let wrong = (csrf.first == "0" ? "1" : "0") + csrf.dropFirst()
        #expect(
            try http.send(
                "POST", "/api/command", headers: form_.merging(["X-CSRF-Token": wrong]) { $1 },
                body: Data("command=pause".utf8)
            ).status == 403)
        #expect(try http.send("POST", "/api/command", headers: form_, body: Data("command=pause".utf8)).status == 403)
        #expect(try http.send("POST", "/api/photos", headers: ["Content-Type": type], body: body).status == 403)
        #expect(
            try eventually {
                let state = try http.send("GET", "/api/state").text
                return state.contains("\"count\":0") && state.contains("\"paused\":false")
            })
        // The right one: the running show pauses.
        let paused = try http.send(
            "POST", "/api/command", headers: form_.merging(["X-CSRF-Token": String(csrf)]) { $1 },
            body: Data("command=pause".utf8))
        #expect(paused.status == 200, "\(paused.text)")
        #expect(try eventually { try http.send("GET", "/api/state").text.contains("\"paused\":true") })

        // Bad uploads: a message each, nothing written.
        let upload = ["X-CSRF-Token": String(csrf)]
        for name in ["../x.jpg", ".hidden.jpg", "a/b.jpg"] {
            let (bad, badType) = SiteFixture.multipart([(name: name, bytes: photo)])
            let answer = try http.send(
                "POST", "/api/photos", headers: upload.merging(["Content-Type": badType]) { $1 }, body: bad)
            #expect(answer.status == 400, "\(name): \(answer.status) \(answer.text)")
            #expect(answer.text.contains("error"))
        }
        let (text, textType) = SiteFixture.multipart([(name: "notes.jpg", bytes: Data("just words".utf8))])
        let notImage = try http.send(
            "POST", "/api/photos", headers: upload.merging(["Content-Type": textType]) { $1 }, body: text)
        #expect(notImage.status == 415, "\(notImage.text)")
        let huge = Data(count: 121 << 20)
        let tooBig = try http.send(
            "POST", "/api/photos", headers: upload.merging(["Content-Type": "multipart/form-data; boundary=x"]) { $1 },
            body: huge)
        #expect(tooBig.status == 413, "\(tooBig.text)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/photos")
        #expect(written.isEmpty, "\(written)")

        // Too many failed sign-ins: 429, even for the right password.
        var stranger = PlainHTTP(url: player.url)
        _ = try stranger.send("GET", "/login")
        let strangerForm = try #require(stranger.cookies["vitrine_form"])
        let login = ["X-CSRF-Token": strangerForm, "Content-Type": "application/x-www-form-urlencoded"]
        for _ in 0..<5 {
            #expect(
                try stranger.send("POST", "/api/login", headers: login, body: Data("password=wrong-one".utf8)).status
                    == 401)
        }
        let blocked = try stranger.send(
            "POST", "/api/login", headers: login, body: Data("password=kitchen-password-1".utf8))
        #expect(blocked.status == 429)
        #expect(!blocked.header("retry-after").isEmpty)
        #expect(stranger.cookies["vitrine_session"] == nil)
        #expect(!player.log.contains("kitchen-password-1"))
    }

    @Test func theOnboardingScreensQRCodeDecodesToThePagesAddress() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbar-tools missing")
        let folder = try Self.showFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = folder + "/onboarding.png"
        let player = try PlayerProcess(
            source: folder + "/playlist.json", statePath: folder + "/web.json",
            extra: ["--quit-after", "2", "--last-frame", frame], size: "640x360")
        defer { player.stop() }
        #expect(player.waitForExit(timeout: 20) == 0, "\(player.log)")
        let zbar = Process()
        zbar.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        zbar.arguments = ["-q", "--raw", frame]
        let out = Pipe()
        zbar.standardOutput = out
        zbar.standardError = FileHandle.nullDevice
        try zbar.run()
        zbar.waitUntilExit()
        let decoded = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(decoded.trimmingCharacters(in: .whitespacesAndNewlines) == player.url)
        #expect(player.url.hasPrefix("http://127.0.0.1:"))
    }
}
