import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineMedia
import VitrineRemote
import VitrineTestSupport

@Suite struct MQTTBridgeTests {
    @Test func discoveryAnnouncesOneDeviceWithTheDocumentedEntities() throws {
        let broker = try Broker()
        let subscriber = try Subscriber(broker, filters: ["homeassistant/#"])
        let remote = try RemoteHarness.remote(broker, id: "hall-frame")
        defer { remote.stop() }
        var state = RemoteState()
        state.playlists = ["day", "evening"]
        state.version = "1.2.3"
        remote.publish(state: state)
        let expected = HomeAssistantDiscovery.entities.map {
            "homeassistant/\($0.component)/hall-frame/\($0.object)/config"
        }
        #expect(expected.count == 19)
        let select = "homeassistant/select/hall-frame/playlist/config"
        #expect(
            eventually(timeout: 10) {
                expected.allSatisfy { subscriber.count(on: $0) > 0 }
                    && (subscriber.latest(select)?.contains("evening") ?? false)
            })
        for topic in expected {
            let config = try RemoteHarness.json(try #require(subscriber.messages(on: topic).last))
            #expect(config["unique_id"]?.string?.hasPrefix("hall-frame_") == true)
            #expect(config["availability_topic"]?.string == "vitrine/hall-frame/availability")
            #expect(config["device"]?["identifiers"]?.elements?.first?.string == "hall-frame")
            #expect(config["device"]?["sw_version"]?.string == "1.2.3")
            #expect(config["device"]?["model"]?.string != nil)
            #expect(config["device"]?["name"]?.string == "test", "the host name, when --name is not given")
            #expect(config["object_id"] == nil, "current Home Assistant warns about object_id")
            #expect(
                config["default_entity_id"]?.string?.hasSuffix(".hall_frame_" + topic.split(separator: "/")[3]) == true)
            #expect(config["origin"]?["name"]?.string == "Vitrine")
        }
        let next = try RemoteHarness.json(try #require(subscriber.messages(on: expected[0]).last))
        let press = try #require(next["payload_press"]?.string)
        #expect(try RemoteCommandParser.parse(press).command == .next)
        #expect(next["command_topic"]?.string == "vitrine/hall-frame/cmd")
        let playlist = try RemoteHarness.json(try #require(subscriber.messages(on: select).last))
        #expect(playlist["options"]?.elements?.compactMap(\.string) == ["day", "evening", "auto"])
        let image = try RemoteHarness.json(
            try #require(subscriber.messages(on: "homeassistant/image/hall-frame/screen/config").last))
        #expect(image["image_topic"]?.string == "vitrine/hall-frame/frame")
        #expect(image["content_type"]?.string == "image/jpeg")
    }

    @Test func theWebPageIsLinkedFromTheDevicePageOnceItIsKnown() throws {
        let broker = try Broker()
        let topic = "homeassistant/button/web-frame/next/config"
        let subscriber = try Subscriber(broker, filters: [topic])
        let remote = try RemoteHarness.remote(broker, id: "web-frame", ["--name", "Shop window"])
        defer { remote.stop() }
        remote.publish(state: RemoteState())
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) >= 1 })
        let first = try RemoteHarness.json(try #require(subscriber.messages(on: topic).last))
        #expect(first["device"]?["configuration_url"] == nil)
        #expect(first["device"]?["name"]?.string == "Shop window")
        remote.setConfigurationURL("http://192.0.2.7:8080/")
        #expect(eventually(timeout: 10) { subscriber.latest(topic)?.contains("configuration_url") == true })
        let second = try RemoteHarness.json(try #require(subscriber.messages(on: topic).last))
        #expect(second["device"]?["configuration_url"]?.string == "http://192.0.2.7:8080/")
    }

    @Test func eachPhotoShownIsOneEventNotRetained() throws {
        let broker = try Broker()
        let topic = "vitrine/shown-frame/shown"
        let subscriber = try Subscriber(broker, filters: [topic])
        let remote = try RemoteHarness.remote(broker, id: "shown-frame")
        defer { remote.stop() }
        var state = RemoteState()
        state.count = 3
        for (index, file) in [(0, "a.jpg"), (0, "a.jpg"), (1, "b.jpg"), (1, "b.jpg")] {
            state.index = index
            state.file = file
            state.path = "/photos/" + file
            state.caption = file == "b.jpg" ? "Harbour" : nil
            remote.publish(state: state)
            #expect(eventually(timeout: 10) { subscriber.count(on: topic) == index + 1 })
        }
        let events = try subscriber.messages(on: topic).map { try RemoteHarness.json($0) }
        #expect(events.map { $0["file"]?.string } == ["a.jpg", "b.jpg"])
        #expect(events.last?["event_type"]?.string == "shown")
        #expect(events.last?["source"]?.string == "/photos/b.jpg" && events.last?["caption"]?.string == "Harbour")
        #expect(events.last?["time"]?.string?.hasSuffix("Z") == true)
        // Not retained: a subscriber that comes later sees none.
        let later = try Subscriber(broker, filters: [topic, "vitrine/shown-frame/availability"])
        #expect(eventually(timeout: 10) { later.latest("vitrine/shown-frame/availability") == "online" })
        #expect(later.count(on: topic) == 0)
    }

    @Test func hidingAndFavouritingAreEventsNotRetained() throws {
        let broker = try Broker()
        let topic = "vitrine/marks-frame/marked"
        let subscriber = try Subscriber(broker, filters: [topic])
        let remote = try RemoteHarness.remote(broker, id: "marks-frame")
        defer { remote.stop() }
        remote.publish(state: RemoteState())
        remote.publish(marks: [.hidden("/photos/a.jpg"), .favourite("/photos/b.jpg", true)])
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 2 })
        let events = try subscriber.messages(on: topic).map { try RemoteHarness.json($0) }
        #expect(events.map { $0["event_type"]?.string } == ["hidden", "favourite"])
        #expect(events.map { $0["file"]?.string } == ["a.jpg", "b.jpg"])
        #expect(events.first?["source"]?.string == "/photos/a.jpg")
        remote.publish(marks: [.shownAgain("/photos/a.jpg")])
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 3 })
        #expect(
            try RemoteHarness.json(try #require(subscriber.messages(on: topic).last))["event_type"]?.string
                == "shown-again")
    }

    @Test func commandsPublishedWithMosquittoPubArriveParsed() throws {
        let broker = try Broker()
        let subscriber = try Subscriber(broker, filters: ["vitrine/cmd-frame/#"])
        let remote = try RemoteHarness.remote(broker, id: "cmd-frame")
        defer { remote.stop() }
        let payloads = [
            #"{"command":"next"}"#, #"{"command":"goto","index":4}"#, #"{"command":"playlist","name":"evening"}"#,
            #"{"command":"display","state":"off"}"#, #"{"command":"notice","text":"Lunch","seconds":60}"#,
            #"{"command":"interval","seconds":15}"#,
        ]
        for payload in payloads {
            try broker.publish(["-q", "1", "-t", "vitrine/cmd-frame/cmd", "-m", payload])
        }
        var taken: [RemoteCommand] = []
        #expect(
            eventually(timeout: 10) {
                taken += remote.take()
                return taken.count >= payloads.count
            })
        #expect(
            taken == [
                .next, .goTo(index: 4), .playPlaylist(.named("evening")), .display(.off),
                .notice(text: "Lunch", seconds: 60), .setInterval(seconds: 15),
            ])
        #expect(eventually(timeout: 10) { subscriber.count(on: "vitrine/cmd-frame/cmd/result") == payloads.count })
        let reply = try RemoteHarness.json(try #require(subscriber.messages(on: "vitrine/cmd-frame/cmd/result").first))
        #expect(reply["ok"]?.bool == true && reply["command"]?.string == "next")
    }

    @Test func badPayloadsAreAnsweredAndNeverQueued() throws {
        let broker = try Broker()
        let result = "vitrine/bad-frame/cmd/result"
        let subscriber = try Subscriber(broker, filters: [result])
        let remote = try RemoteHarness.remote(broker, id: "bad-frame")
        defer { remote.stop() }
        let cases: [(String, String)] = [
            ("{not json", "malformed"), (#"{"command":"explode"}"#, "unknown-command"),
            (#"{"command":"goto","index":"two"}"#, "wrong-type"),
            (#"{"command":"interval","seconds":-3}"#, "out-of-range"),
        ]
        for (payload, _) in cases { try broker.publish(["-t", "vitrine/bad-frame/cmd", "-m", payload]) }
        let big = broker.folder.appendingPathComponent("big.json")
        try Data(repeating: UInt8(ascii: " "), count: 70_000).write(to: big)
        try broker.publish(["-t", "vitrine/bad-frame/cmd", "-f", big.path])
        #expect(eventually(timeout: 10) { subscriber.count(on: result) == cases.count + 1 })
        let codes = try subscriber.messages(on: result).map { try RemoteHarness.json($0)["error"]?.string }
        #expect(codes == cases.map(\.1) + ["too-large"])
        #expect(remote.take().isEmpty)
        #expect(remote.intake.statistics.refused == cases.count + 1)
    }

    @Test func aFloodOfTenThousandCommandsOnlyFillsTheBoundedQueue() throws {
        let broker = try Broker()
        let remote = try RemoteHarness.remote(broker, id: "flood-frame")
        defer { remote.stop() }
        let lines = String(repeating: #"{"command":"next"}"# + "\n", count: 10_000)
        try broker.publish(["-q", "1", "-t", "vitrine/flood-frame/cmd", "-l"], input: Data(lines.utf8))
        #expect(eventually(timeout: 30) { remote.intake.statistics.received == 10_000 })
        let capacity = remote.queue.capacity
        #expect(remote.queue.count == capacity)
        #expect(remote.intake.statistics.dropped == 10_000 - capacity)
        #expect(remote.take().count == capacity)
        #expect(remote.take().isEmpty)
    }

    @Test func stateIsPublishedRetainedOnChangeOnly() throws {
        let broker = try Broker()
        let topic = "vitrine/state-frame/state"
        let subscriber = try Subscriber(broker, filters: [topic])
        let remote = try RemoteHarness.remote(broker, id: "state-frame")
        defer { remote.stop() }
        var state = RemoteState()
        state.count = 3
        state.index = 0
        for frame in 0..<200 {
            state.uptime = Seconds(Double(frame) / 60)
            remote.publish(state: state)
        }
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 1 })
        state.index = 1
        remote.publish(state: state)
        #expect(eventually(timeout: 10) { subscriber.latest(topic)?.contains(#""index":1"#) == true })
        #expect(subscriber.count(on: topic) == 2)
    }

    @Test func theLastWillSaysOfflineWhenTheProcessIsKilled() throws {
        let broker = try Broker()
        let availability = "vitrine/probe-frame/availability"
        let subscriber = try Subscriber(broker, filters: [availability])
        let child = Process()
        child.executableURL = URL(fileURLWithPath: RemoteHarness.probe)
        child.arguments = [
            "--mqtt", "127.0.0.1", "--mqtt-port", String(broker.port), "--mqtt-client-id", "probe-frame",
        ]
        child.standardError = FileHandle.nullDevice
        try child.run()
        #expect(eventually(timeout: 10) { subscriber.latest(availability) == "online" })
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(eventually(timeout: 10) { subscriber.latest(availability) == "offline" })
    }

    @Test func aCleanStopAlsoSaysOffline() throws {
        let broker = try Broker()
        let availability = "vitrine/stop-frame/availability"
        let subscriber = try Subscriber(broker, filters: [availability])
        let remote = try RemoteHarness.remote(broker, id: "stop-frame")
        #expect(eventually(timeout: 10) { subscriber.latest(availability) == "online" })
        remote.stop()
        #expect(eventually(timeout: 10) { subscriber.latest(availability) == "offline" })
    }

    @Test func discoveryComesBackAfterABrokerRestartAndOnHomeAssistantsBirth() throws {
        let broker = try Broker()
        let remote = try RemoteHarness.remote(broker, id: "restart-frame")
        defer { remote.stop() }
        let topic = "homeassistant/button/restart-frame/next/config"
        do {
            let subscriber = try Subscriber(broker, filters: ["homeassistant/#"])
            #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 1 })
        }
        try broker.restart()  // no persistence: everything retained is gone
        #expect(eventually(timeout: 20) { remote.bridge?.isConnected == true && Broker.accepts(port: broker.port) })
        let subscriber = try Subscriber(broker, filters: ["homeassistant/#"])
        #expect(eventually(timeout: 20) { subscriber.count(on: topic) >= 1 })
        let before = subscriber.count(on: topic)
        try broker.publish(["-t", "homeassistant/status", "-m", "online"])
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) > before })
    }

    @Test func switchingDiscoveryOffRemovesTheEntities() throws {
        let broker = try Broker()
        let subscriber = try Subscriber(broker, filters: ["homeassistant/#"])
        let topic = "homeassistant/switch/gone-frame/paused/config"
        let first = try RemoteHarness.remote(broker, id: "gone-frame")
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 1 })
        first.stop()
        let second = try RemoteHarness.remote(broker, id: "gone-frame", ["--no-discovery"])
        defer { second.stop() }
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 2 })
        #expect(subscriber.messages(on: topic).last == [])
        let later = try Subscriber(broker, filters: ["homeassistant/#"])
        let probe = try Subscriber(
            broker, filters: ["homeassistant/switch/gone-frame/#", "vitrine/gone-frame/availability"])
        // Retained availability arrives; no retained config does.
        #expect(eventually(timeout: 10) { probe.latest("vitrine/gone-frame/availability") == "online" })
        #expect(later.all.filter { !$0.payload.isEmpty && $0.topic.contains("gone-frame") }.isEmpty)
    }

    @Test func aGroupCommandReachesEveryScreenOfTheGroup() throws {
        let broker = try Broker()
        let a = try RemoteHarness.remote(broker, id: "shop-a", ["--mqtt-group", "shop"])
        let b = try RemoteHarness.remote(broker, id: "shop-b", ["--mqtt-group", "shop", "--mqtt-group", "window"])
        let c = try RemoteHarness.remote(broker, id: "office", ["--mqtt-group", "office"])
        defer { [a, b, c].forEach { $0.stop() } }
        try broker.publish(["-q", "1", "-t", "vitrine/group/shop/cmd", "-m", #"{"command":"display","state":"off"}"#])
        var seen: [[RemoteCommand]] = [[], []]
        #expect(
            eventually(timeout: 10) {
                seen[0] += a.take()
                seen[1] += b.take()
                return seen.allSatisfy { !$0.isEmpty }
            })
        #expect(seen == [[.display(.off)], [.display(.off)]])
        // The third screen, in another group, took nothing; its own command topic still works.
        try broker.publish(["-q", "1", "-t", "vitrine/office/cmd", "-m", #"{"command":"pause"}"#])
        var other: [RemoteCommand] = []
        #expect(
            eventually(timeout: 10) {
                other += c.take(); return !other.isEmpty
            })
        #expect(other == [.pause])
    }

    @Test func theFrameIsPublishedAsAJPEGOfWhatTheScreenShows() throws {
        let broker = try Broker()
        let topic = "vitrine/image-frame/frame"
        let subscriber = try Subscriber(broker, filters: [topic])
        let remote = try RemoteHarness.remote(broker, id: "image-frame")
        defer { remote.stop() }
        // Left half red, right half blue, as a 960×540 screen.
        let pixels = (0..<(960 * 540)).map { i -> UInt32 in i % 960 < 480 ? 0xFFFF_0000 : 0xFF00_00FF }
        let jpeg = try #require(FrameJPEG.encode(argb: pixels, width: 960, height: 540))
        remote.publish(frameJPEG: jpeg)
        #expect(eventually(timeout: 10) { subscriber.count(on: topic) == 1 })
        let received = try #require(subscriber.messages(on: topic).first)
        let decoded = try #require(JPEGProbe.decode(received))
        #expect(decoded.width == 480 && decoded.height == 270)
        let left = decoded.rgb(x: 100, y: 135)
        let right = decoded.rgb(x: 380, y: 135)
        #expect(left.0 > 200 && left.2 < 60)
        #expect(right.2 > 200 && right.0 < 60)
    }

    @Test func aBrokerWithPasswordAndTLSTakesTheScreen() throws {
        let broker = try Broker(secure: true)
        let remote = try RemoteHarness.remote(broker, id: "secure-frame")
        defer { remote.stop() }
        try broker.publish(["-q", "1", "-t", "vitrine/secure-frame/cmd", "-m", #"{"command":"reload"}"#])
        var taken: [RemoteCommand] = []
        #expect(
            eventually(timeout: 10) {
                taken += remote.take(); return !taken.isEmpty
            })
        #expect(taken == [.reload])
    }

    @Test func theWrongPasswordIsRefusedByTheBroker() throws {
        let broker = try Broker(secure: true)
        let file = broker.folder.appendingPathComponent("wrong")
        try "not-the-password\n".write(to: file, atomically: true, encoding: .utf8)
        let options = try RemoteHarness.options([
            "--mqtt", "127.0.0.1", "--mqtt-port", String(broker.port), "--mqtt-client-id", "intruder",
            "--mqtt-username", "screen", "--mqtt-password-file", file.path, "--mqtt-ca-file", broker.caFile,
        ])
        let remote = try RemoteControl(options: options, version: "1", hostname: "x", environment: [:])
        defer { remote.stop() }
        // The broker answers and refuses; meanwhile a subscriber with the right password gets in.
        #expect(eventually(timeout: 10) { remote.bridge?.connectionRefusal != nil })
        #expect(remote.bridge?.connectionRefusal?.contains("not authorised") == true)
        let subscriber = try Subscriber(broker, filters: ["vitrine/intruder/#"])
        #expect(subscriber.client.isConnected)
        #expect(remote.bridge?.isConnected == false)
        #expect(subscriber.latest("vitrine/intruder/availability") == nil)
    }
}
