import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineRemote
import VitrineTestSupport

/// A real `vitrine play` on a real mosquitto broker: what Home Assistant sees of it, and what
/// each command does to the running show.
@Suite(.serialized) struct PlayerRemoteTests {
    /// Six two-colour pictures and a playlist file with the playlists `day` (all of them) and `night` (one).
    static func showFiles(_ folder: TemporaryFolder, interval: Double = 30) throws -> String {
        try folder.mkdir("pics")
        try TestPictures.write(count: 6, into: folder.at("pics"))
        try folder.write(
            "show.json",
            """
            {"version": 1, "defaults": {"interval": \(interval), "transition": "none"},
             "playlists": {"day": {"items": [{"folder": "pics"}]}, "night": {"items": [{"image": "pics/05.bmp"}]}}}
            """)
        return folder.at("show.json")
    }

    private func send(_ broker: Broker, _ topic: String, _ payload: String) throws {
        try broker.publish(["-t", topic, "-m", payload])
    }

    @Test func homeAssistantSeesTheScreenAndEachCommandChangesIt() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder)
        let id = "screen-e2e"
        let player = try RunningPlayer(broker: broker, id: id, ["--no-resume", playlist])
        let watcher = try Subscriber(broker, filters: ["homeassistant/#", "vitrine/\(id)/#"])

        // Discovery: one config per entity, with the documented keys.
        let entities = HomeAssistantDiscovery.entities.map { "\($0.component)/\(id)/\($0.object)" }
        #expect(entities.count == 19)
        #expect(eventually(timeout: 10) { entities.allSatisfy { watcher.latest("homeassistant/\($0)/config") != nil } })
        for entity in entities {
            let config = try RemoteHarness.json(watcher.messages(on: "homeassistant/\(entity)/config").last ?? [])
            #expect(config["unique_id"]?.string != nil, "\(entity)")
            #expect(config["availability_topic"]?.string == "vitrine/\(id)/availability", "\(entity)")
            #expect(config["device"]?["identifiers"]?.elements?.isEmpty == false, "\(entity)")
        }
        // The select lists the playlist file's playlists once the player has said which there are.
        let options = eventually(timeout: 10) {
            let select = try? RemoteHarness.json(
                watcher.messages(on: "homeassistant/select/\(id)/playlist/config").last ?? [])
            return select?["options"]?.elements?.compactMap(\.string) == ["day", "night", "auto"]
        }
        #expect(options)
        let image = try RemoteHarness.json(watcher.messages(on: "homeassistant/image/\(id)/screen/config").last ?? [])
        #expect(image["image_topic"]?.string == "vitrine/\(id)/frame")
        #expect(eventually(timeout: 10) { watcher.latest("vitrine/\(id)/availability") == "online" })

        // Each command, and the state it leads to (read back from the retained state topic).
        let cmd = "vitrine/\(id)/cmd"
        func published(_ condition: (JSONNode) -> Bool) -> Bool {
            eventually(timeout: 10) {
                guard let text = watcher.latest("vitrine/\(id)/state"), let node = try? JSONParser.parse(text)
                else { return false }
                return condition(node)
            }
        }
        #expect(published { $0["index"]?.int == 0 && $0["count"]?.int == 6 })
        let steps: [(String, String, (JSONNode) -> Bool)] = [
            ("next", #"{"command":"next"}"#, { $0["index"]?.int == 1 }),
            ("goto", #"{"command":"goto","index":4}"#, { $0["index"]?.int == 4 }),
            ("goto file", #"{"command":"goto","file":"02.bmp"}"#, { $0["file"]?.string == "02.bmp" }),
            ("previous", #"{"command":"previous"}"#, { $0["index"]?.int == 1 }),
            ("first", #"{"command":"first"}"#, { $0["index"]?.int == 0 }),
            ("pause", #"{"command":"pause"}"#, { $0["paused"]?.bool == true }),
            ("resume", #"{"command":"resume"}"#, { $0["paused"]?.bool == false }),
            ("interval", #"{"command":"interval","seconds":45}"#, { $0["interval"]?.number == 45 }),
            ("transition", #"{"command":"transition","kind":"slide"}"#, { $0["transition"]?.string == "slide" }),
            (
                "notice", #"{"command":"notice","text":"Back at 3","seconds":60}"#,
                { $0["notice"]?.string == "Back at 3" }
            ),
            (
                "display off", #"{"command":"display","state":"off"}"#,
                { $0["display"]?["asked"]?.string == "off" && $0["display"]?["lit"]?.bool == false }
            ),
            (
                "display auto", #"{"command":"display","state":"auto"}"#,
                { $0["display"]?["asked"]?.string == "auto" && $0["display"]?["lit"]?.bool == true }
            ),
            (
                "playlist", #"{"command":"playlist","name":"night"}"#,
                { $0["playlist"]?["name"]?.string == "night" && $0["count"]?.int == 1 }
            ),
            (
                "playlist auto", #"{"command":"playlist","name":"auto"}"#,
                { $0["playlist"]?["asked"]?.string == "auto" && $0["count"]?.int == 6 }
            ),
        ]
        for (name, payload, expected) in steps {
            try send(broker, cmd, payload)
            #expect(published(expected), "\(name): \(watcher.latest("vitrine/\(id)/state") ?? "no state")")
        }
        try send(broker, cmd, #"{"command":"reload","id":"r1"}"#)
        #expect(player.process.waitForError(containing: "reloaded", timeout: 10))
        #expect(eventually(timeout: 10) { watcher.latest("vitrine/\(id)/cmd/result")?.contains("r1") == true })
    }

    /// The screen's picture follows what is on the screen, not only new slides: a notice on a
    /// paused show is in the next picture, and the display off gives a dark one.
    @Test func thePictureFollowsANoticeOnAPausedShowAndTheDisplayGoingOff() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder, interval: 3600)
        let id = "screen-picture"
        let frame = "vitrine/\(id)/frame"
        let watcher = try Subscriber(broker, filters: [frame])
        let player = try RunningPlayer(
            broker: broker, id: id, ["--no-resume", "--mqtt-image-interval", "1", playlist])
        func brightness(_ jpeg: [UInt8]) -> Double {
            guard let picture = JPEGProbe.decode(jpeg) else { return -1 }
            return Double(picture.pixels.reduce(0) { $0 + Int($1) }) / Double(picture.pixels.count)
        }
        #expect(eventually(timeout: 20) { watcher.count(on: frame) >= 1 })
        #expect(try player.ctl(["pause"]).status == 0)
        #expect(player.waitForState { $0["paused"]?.bool == true } != nil)
        let before = watcher.count(on: frame)
        let plain = try #require(watcher.messages(on: frame).last)
        #expect(try player.ctl(["notice", "Back at three"]).status == 0)
        #expect(eventually(timeout: 15) { watcher.count(on: frame) > before }, "no picture with the notice")
        let noticed = try #require(watcher.messages(on: frame).last)
        #expect(noticed.count != plain.count || noticed != plain, "the picture with the notice is the one without")
        #expect(try player.ctl(["notice", ""]).status == 0)
        #expect(player.waitForState { $0["notice"]?.string == nil } != nil)
        let cleared = watcher.count(on: frame)
        #expect(eventually(timeout: 15) { watcher.count(on: frame) > cleared }, "no picture once the notice went")
        #expect(try player.ctl(["display", "off"]).status == 0)
        #expect(
            eventually(timeout: 15) { watcher.messages(on: frame).last.map { brightness($0) < 8 } ?? false },
            "no dark picture with the display off; last brightness \(watcher.messages(on: frame).last.map(brightness) ?? -1)"
        )
        #expect(brightness(plain) > 20)
        #expect(try player.ctl(["display", "on"]).status == 0)
        #expect(eventually(timeout: 15) { watcher.messages(on: frame).last.map { brightness($0) > 20 } ?? false })
    }

    /// Bad payloads: each gets a reply on cmd/result saying what is wrong, and the show goes on.
    @Test func badPayloadsGetRepliesAndTheShowGoesOn() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder)
        let id = "screen-bad"
        let player = try RunningPlayer(broker: broker, id: id, ["--no-resume", playlist])
        let watcher = try Subscriber(broker, filters: ["vitrine/\(id)/cmd/result"])
        let before = try player.state()
        let bad = [
            "not json", #"{"command":"fly"}"#, #"{"command":"goto","index":-1}"#, #"{"command":"goto"}"#,
            #"{"command":"interval","seconds":"long"}"#, #"{"command":"next","extra":1}"#, "[1,2,3]",
            String(repeating: "x", count: 70_000),
        ]
        for payload in bad { try send(broker, "vitrine/\(id)/cmd", payload) }
        #expect(eventually(timeout: 10) { watcher.count(on: "vitrine/\(id)/cmd/result") >= bad.count })
        for reply in watcher.messages(on: "vitrine/\(id)/cmd/result") {
            let node = try RemoteHarness.json(reply)
            #expect(node["ok"]?.bool == false, "\(String(decoding: reply, as: UTF8.self))")
            #expect(node["error"]?.string?.isEmpty == false)
        }
        // The show is as it was, and still running.
        let frames = before["frames"]?.int ?? 0
        let after = player.waitForState { ($0["frames"]?.int ?? 0) > frames + 20 }
        #expect(after?["index"]?.int == before["index"]?.int)
        #expect(after?["paused"]?.bool == false)
    }

    /// The picture Home Assistant gets is the screen's: the slide the state names, the right way up.
    @Test func theImageEntityShowsTheFrame() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder)
        let id = "screen-image"
        let player = try RunningPlayer(
            broker: broker, id: id, ["--no-resume", "--mqtt-image-interval", "0.5", playlist])
        let watcher = try Subscriber(broker, filters: ["vitrine/\(id)/frame"])
        for slide in [3, 1] {
            watcher.clear()
            try send(broker, "vitrine/\(id)/cmd", #"{"command":"goto","index":\#(slide)}"#)
            #expect(player.waitForState { $0["index"]?.int == slide } != nil)
            var probe: JPEGProbe?
            let (top, bottom) = TestPictures.colors(slide)
            func near(_ a: (Int, Int, Int), _ b: (UInt8, UInt8, UInt8)) -> Bool {
                abs(a.0 - Int(b.0)) <= 24 && abs(a.1 - Int(b.1)) <= 24 && abs(a.2 - Int(b.2)) <= 24
            }
            // The picture of this slide arrives (an earlier one may come first).
            let arrived = eventually(timeout: 10) {
                guard let jpeg = watcher.messages(on: "vitrine/\(id)/frame").last, let p = JPEGProbe.decode(jpeg)
                else { return false }
                probe = p
                return near(p.rgb(x: p.width / 2, y: p.height / 4), top)
            }
            #expect(
                arrived, "slide \(slide): \(probe.map { "\($0.rgb(x: $0.width / 2, y: $0.height / 4))" } ?? "none")")
            if let p = probe {
                #expect(p.width == 320 && p.height == 180)
                #expect(near(p.rgb(x: p.width / 2, y: p.height * 3 / 4), bottom))
                #expect(near(p.rgb(x: 10, y: 10), top) && near(p.rgb(x: p.width - 10, y: p.height - 10), bottom))
            }
        }
    }

    /// SIGKILL leaves no time to say goodbye: the broker publishes the last will, `offline`.
    @Test func theLastWillSaysOfflineWhenThePlayerIsKilled() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder)
        let id = "screen-will"
        let player = try RunningPlayer(broker: broker, id: id, ["--no-resume", playlist])
        let watcher = try Subscriber(broker, filters: ["vitrine/\(id)/availability"])
        #expect(eventually(timeout: 10) { watcher.latest("vitrine/\(id)/availability") == "online" })
        player.kill()
        #expect(eventually(timeout: 15) { watcher.latest("vitrine/\(id)/availability") == "offline" })
    }

    /// `vitrine ctl` against a running player.
    @Test func ctlDrivesARunningPlayer() throws {
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder)
        let player = try RunningPlayer(broker: nil, id: "ctl", ["--no-resume", "--control", playlist])
        #expect(try player.ctl(["next"]).status == 0)
        #expect(player.waitForState { $0["index"]?.int == 1 } != nil)
        #expect(try player.ctl(["goto", "4"]).status == 0)
        #expect(player.waitForState { $0["index"]?.int == 4 } != nil)
        #expect(try player.ctl(["display", "off"]).status == 0)
        #expect(player.waitForState { $0["display"]?["lit"]?.bool == false } != nil)
        #expect(try player.ctl(["display", "auto"]).status == 0)
        let printed = try player.ctl(["state"])
        #expect(printed.status == 0)
        let state = try JSONParser.parse(printed.output)
        #expect(state["index"]?.int == 4 && state["count"]?.int == 6)
        #expect(try player.ctl(["goto", "four"]).status == 2, "a usage error")
    }

    /// Beyond loopback the control API wants the token: none or a wrong one is refused, the right one works.
    @Test func theControlAPIBeyondLoopbackNeedsTheToken() throws {
        let folder = try TemporaryFolder()
        let playlist = try Self.showFiles(folder)
        try folder.write("token", "tok-\(UUID().uuidString)\n")
        let token = try String(contentsOfFile: folder.at("token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let player = try RunningPlayer(
            broker: nil, id: "api",
            ["--no-resume", "--control-bind", "127.0.0.2", "--control-token-file", folder.at("token"), playlist],
            host: "127.0.0.2", token: token)
        var anonymous = player.client
        anonymous.token = nil
        #expect(try anonymous.request("GET", "/api/state").status == 401)
        #expect(try anonymous.request("POST", "/api/cmd", body: Array(#"{"command":"next"}"#.utf8)).status == 401)
        var wrong = player.client
        wrong.token = "tok-wrong"
        #expect(try wrong.request("GET", "/api/state").status == 401)
        #expect(try player.client.request("GET", "/api/state").status == 200)
        #expect(try player.client.request("POST", "/api/cmd", body: Array(#"{"command":"next"}"#.utf8)).status == 202)
        #expect(player.waitForState { $0["index"]?.int == 1 } != nil)
        #expect(!player.process.standardError.contains(token), "the token is never logged")
    }
}
