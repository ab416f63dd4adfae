import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineRemote
import VitrineTestSupport

extension Tag {
    /// Minutes rather than seconds (a real Home Assistant, installed once into .build/ha-venv).
    @Tag static var slow: Self
}

/// A real Home Assistant Core (2024.3.3 from PyPI, in a virtual environment made once by
/// HomeAssistant/make-venv.sh, also `make test-deps`) on loopback, with its MQTT integration on a
/// real mosquitto, and a real `vitrine play --mqtt`: every entity there with its state, every
/// service call moving the show, and nothing in Home Assistant's log about the screen.
@Suite(.serialized) struct HomeAssistantTests {
    /// One Home Assistant Core with a configuration folder of its own, stopped at the end.
    final class HomeAssistant {
        static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("HomeAssistant")
        static let repository = scripts.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        /// `.build/ha-venv`, or another Home Assistant's environment named by `VITRINE_HA_VENV`
        /// (made by hand, for a release the suite does not install).
        static let venv =
            ProcessInfo.processInfo.environment["VITRINE_HA_VENV"].map { URL(fileURLWithPath: $0) }
            ?? repository.appendingPathComponent(".build/ha-venv")
        static var python: String { venv.appendingPathComponent("bin/python").path }

        let folder: TemporaryFolder
        let port: Int
        let url: String
        let process = Process()
        private(set) var token = ""
        /// Seconds from the start of the process to an answer on its port.
        private(set) var startSeconds = 0.0

        /// Makes the virtual environment unless it is there already (then it takes no time).
        static func prepare() throws -> Double {
            let started = ContinuousClock.now
            if ProcessInfo.processInfo.environment["VITRINE_HA_VENV"] != nil { return 0 }
            if !FileManager.default.fileExists(atPath: python) {
                print("Installing Home Assistant 2024.3.3 from PyPI into \(venv.path) (once; 2 to 3 minutes)…")
            }
            let result = try ChildProcess.run(
                [scripts.appendingPathComponent("make-venv.sh").path, venv.path], executable: "/bin/sh")
            guard result.status == 0 else {
                throw BrokerError("Home Assistant could not be installed: \(result.stderr.suffix(1500))")
            }
            return seconds(ContinuousClock.now - started)
        }

        init(brokerPort: Int) throws {
            folder = try TemporaryFolder()
            port = try Broker.freePort()
            url = "http://127.0.0.1:\(port)"
            _ = try Self.client(["configure", folder.at("config"), String(port)])
            process.executableURL = URL(fileURLWithPath: Self.python)
            // --skip-pip: nothing is installed while it runs; everything it imports is in the venv.
            process.arguments = ["-m", "homeassistant", "-c", folder.at("config"), "--skip-pip"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let started = ContinuousClock.now
            try process.run()
            guard eventually(timeout: 120, { Broker.accepts(port: self.port) || !self.process.isRunning }),
                process.isRunning
            else { throw BrokerError("Home Assistant did not start: \(log.suffix(2000))") }
            startSeconds = Self.seconds(ContinuousClock.now - started)
            token = try Self.client(["onboard", url])["token"]?.string ?? ""
            let flow = try Self.client(["mqtt", url, token, String(brokerPort)])
            guard flow["type"]?.string == "create_entry" else { throw BrokerError("MQTT flow: \(flow)") }
        }

        deinit {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGTERM)
            if !eventually(timeout: 20, { !self.process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        /// Home Assistant's log file.
        var log: String { (try? String(contentsOfFile: folder.at("config/home-assistant.log"), encoding: .utf8)) ?? "" }

        /// One call of ha_client.py, its JSON output.
        static func client(_ arguments: [String]) throws -> JSONNode {
            let result = try ChildProcess.run(
                [scripts.appendingPathComponent("ha_client.py").path] + arguments, executable: python)
            guard result.status == 0 else { throw BrokerError("ha_client \(arguments[0]): \(result.stderr)") }
            return try JSONParser.parse(result.stdout)
        }

        func states() throws -> [String: JSONNode] {
            var byID: [String: JSONNode] = [:]
            for state in try Self.client(["states", url, token]).elements ?? [] {
                if let id = state["entity_id"]?.string { byID[id] = state }
            }
            return byID
        }

        /// The entity registry: unique id → entry.
        func registry() throws -> [String: JSONNode] {
            var byUniqueID: [String: JSONNode] = [:]
            for entry in try Self.client(["entities", url, token]).elements ?? [] {
                if let id = entry["unique_id"]?.string { byUniqueID[id] = entry }
            }
            return byUniqueID
        }

        func devices() throws -> [JSONNode] { try Self.client(["devices", url, token]).elements ?? [] }

        /// Calls a service; the HTTP status.
        @discardableResult
        func call(_ domain: String, _ service: String, _ data: String) throws -> Int {
            try Self.client(["call", url, token, domain, service, data])["status"]?.int ?? 0
        }

        static func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
    }

    @Test(.tags(.slow), .timeLimit(.minutes(15)))
    func homeAssistantShowsTheScreenAndMovesItWithoutAWordInItsLog() throws {
        let install = try HomeAssistant.prepare()
        let broker = try Broker()
        let ha = try HomeAssistant(brokerPort: broker.port)
        let version = try ChildProcess.run(
            ["-c", "import homeassistant.const as c; print(c.__version__)"], executable: HomeAssistant.python
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        print("Home Assistant \(version): venv ready in \(install) s, started in \(ha.startSeconds) s")
        let folder = try TemporaryFolder()
        // Slides stay an hour: only the commands move the show.
        let playlist = try PlayerRemoteTests.showFiles(folder, interval: 3600)
        let id = "vitrine-hall"
        let player = try RunningPlayer(
            broker: broker, id: id, ["--no-resume", "--name", "Hall", "--mqtt-image-interval", "1", playlist])

        // Every entity, found by its unique id, with its category.
        let objects = HomeAssistantDiscovery.entities
        var registry: [String: JSONNode] = [:]
        #expect(
            eventually(timeout: 60) {
                registry = (try? ha.registry()) ?? [:]
                return objects.allSatisfy { registry["\(id)_\($0.object)"] != nil }
            }, "entities: \(registry.keys.sorted())")
        func entityID(_ object: String) -> String { registry["\(id)_\(object)"]?["entity_id"]?.string ?? object }
        // 2025.10 and later take the entity id from default_entity_id; 2024.3 from the device and entity names.
        let release = version.split(separator: ".").compactMap { Int($0) }
        let takesDefaultID = release.count >= 2 && (release[0], release[1]) >= (2025, 10)
        for entity in objects {
            let entry = registry["\(id)_\(entity.object)"]
            #expect(entry?["entity_id"]?.string?.hasPrefix(entity.component + ".") == true, "\(entity.object)")
            if takesDefaultID {
                #expect(entry?["entity_id"]?.string == "\(entity.component).vitrine_hall_\(entity.object)")
            } else {
                #expect(entry?["entity_id"]?.string?.hasPrefix("\(entity.component).hall_") == true)
            }
            #expect(entry?["entity_category"]?.string == entity.category, "\(entity.object)")
        }
        let devices = try ha.devices().filter { $0["name"]?.string == "Hall" }
        #expect(devices.count == 1)
        #expect(devices.first?["sw_version"]?.string != nil)

        // The states Home Assistant shows, against what the player says of itself.
        func state(_ object: String) -> JSONNode? { (try? ha.states())?[entityID(object)] }
        func value(_ object: String) -> String? { state(object)?["state"]?.string }
        func shows(_ object: String, timeout: Double = 15, _ condition: @escaping (String) -> Bool) -> Bool {
            eventually(timeout: timeout) { value(object).map(condition) ?? false }
        }
        let show = try #require(player.waitForState { $0["count"]?.int == 6 && $0["file"]?.string != nil })
        #expect(shows("screen") { $0 != "unknown" && $0 != "unavailable" }, "no picture of the screen")
        let expected: [(String, (String) -> Bool)] = [
            ("paused", { $0 == "off" }), ("display", { $0 == "auto" }), ("display_lit", { $0 == "on" }),
            ("display_schedule", { $0 == "on" }), ("playlist", { $0 == "auto" }),
            ("playing", { $0 == show["playlist"]?["name"]?.string }), ("interval", { Double($0) == 3600 }),
            ("transition", { $0 == "cut" }), ("photo", { $0 == show["file"]?.string }),
            ("slide_count", { $0 == "6" }), ("started", { $0.hasPrefix("20") && $0.contains("T") }),
            ("notice", { $0 == "" }), ("notice_seconds", { Double($0) == 30 }),
            ("screen", { $0.hasPrefix("20") }),
            ("next", { $0 == "unknown" }), ("reload", { $0 == "unknown" }),
        ]
        for (object, condition) in expected {
            #expect(shows(object, condition), "\(object): \(value(object) ?? "none")")
        }
        #expect(
            state("playlist")?["attributes"]?["options"]?.elements?.compactMap(\.string) == ["day", "night", "auto"])

        // Each service call moves the show; Home Assistant follows.
        func moves(
            _ what: String, _ domain: String, _ service: String, _ object: String, _ data: String = "",
            _ condition: @escaping (JSONNode) -> Bool
        ) throws {
            let body = "{\"entity_id\":\"\(entityID(object))\"\(data.isEmpty ? "" : "," + data)}"
            #expect(try ha.call(domain, service, body) == 200, "\(what)")
            #expect(
                player.waitForState(timeout: 15, condition) != nil,
                "\(what): \((try? player.state()).map { "\($0)" } ?? "no state")")
        }
        let first = try #require(show["index"]?.int)
        try moves("next", "button", "press", "next") { $0["index"]?.int == first + 1 }
        let second = try player.state()
        #expect(shows("photo") { $0 == second["file"]?.string })
        #expect(shows("shown") { _ in state("shown")?["attributes"]?["file"]?.string == second["file"]?.string })
        #expect(state("shown")?["attributes"]?["index"]?.int == first + 1)
        #expect(state("shown")?["attributes"]?["event_type"]?.string == "shown")
        try moves("previous", "button", "press", "previous") { $0["index"]?.int == first }
        try moves("next again", "button", "press", "next") { $0["index"]?.int == first + 1 }
        try moves("first", "button", "press", "first") { $0["index"]?.int == 0 }
        try moves("pause", "switch", "turn_on", "paused") { $0["paused"]?.bool == true }
        #expect(shows("paused") { $0 == "on" })
        try moves("resume", "switch", "turn_off", "paused") { $0["paused"]?.bool == false }
        try moves("display off", "select", "select_option", "display", #""option":"off""#) {
            $0["display"]?["asked"]?.string == "off" && $0["display"]?["lit"]?.bool == false
        }
        #expect(shows("display_lit") { $0 == "off" })
        #expect(value("display_schedule") == "on" && value("paused") == "off", "the schedule still wants it on")
        try moves("display auto", "select", "select_option", "display", #""option":"auto""#) {
            $0["display"]?["asked"]?.string == "auto" && $0["display"]?["lit"]?.bool == true
        }
        #expect(shows("display_lit") { $0 == "on" })
        try moves("playlist", "select", "select_option", "playlist", #""option":"night""#) {
            $0["playlist"]?["name"]?.string == "night" && $0["count"]?.int == 1
        }
        #expect(shows("playing") { $0 == "night" })
        try moves("playlist auto", "select", "select_option", "playlist", #""option":"auto""#) {
            $0["playlist"]?["asked"]?.string == "auto" && $0["count"]?.int == 6
        }
        try moves("transition", "select", "select_option", "transition", #""option":"slide""#) {
            $0["transition"]?.string == "slide"
        }
        try moves("transition cut", "select", "select_option", "transition", #""option":"cut""#) {
            $0["transition"]?.string == "none"
        }
        #expect(shows("transition") { $0 == "cut" })
        try moves("interval 7200", "number", "set_value", "interval", #""value":7200"#) {
            $0["interval"]?.number == 7200
        }
        #expect(shows("interval") { Double($0) == 7200 })
        try moves("notice duration", "number", "set_value", "notice_seconds", #""value":90"#) {
            $0["notice_seconds"]?.number == 90
        }
        try moves("notice", "text", "set_value", "notice", #""value":"Back at 3""#) {
            $0["notice"]?.string == "Back at 3"
        }
        #expect(shows("notice") { $0 == "Back at 3" })
        try moves("notice cleared", "text", "set_value", "notice", #""value":"""#) { $0["notice"]?.string == nil }
        #expect(shows("notice") { $0 == "" })

        // Limits, from each side: 7200 s from Vitrine is taken by both; 300 characters by neither.
        #expect(try player.ctl(["interval", "600"]).status == 0)
        #expect(try player.ctl(["interval", "7200"]).status == 0)
        #expect(shows("interval") { Double($0) == 7200 })
        let long = String(repeating: "x", count: 300)
        #expect(try player.ctl(["notice", long]).status != 0)
        #expect(
            try ha.call("text", "set_value", "{\"entity_id\":\"\(entityID("notice"))\",\"value\":\"\(long)\"}") != 200)
        #expect(player.waitForState(timeout: 2) { $0["notice"]?.string == long } == nil)

        // The picture follows the screen: a notice on a paused show, then the display off.
        try moves("pause for the picture", "switch", "turn_on", "paused") { $0["paused"]?.bool == true }
        let pictureBefore = value("screen")
        try moves("notice on a paused show", "text", "set_value", "notice", #""value":"Closing soon""#) {
            $0["notice"]?.string == "Closing soon"
        }
        #expect(shows("screen") { $0 != pictureBefore }, "the picture did not change with the notice")
        let pictureWithNotice = value("screen")
        try moves("display off for the picture", "select", "select_option", "display", #""option":"off""#) {
            $0["display"]?["lit"]?.bool == false
        }
        #expect(shows("screen") { $0 != pictureWithNotice }, "the picture did not change with the display off")
        try moves("display back", "select", "select_option", "display", #""option":"auto""#) {
            $0["display"]?["lit"]?.bool == true
        }

        try moves("reload", "button", "press", "reload") { _ in true }
        #expect(player.process.waitForError(containing: "reloaded", timeout: 15))

        // Killed: the last will makes every entity unavailable.
        player.kill()
        #expect(shows("photo", timeout: 20) { $0 == "unavailable" })
        #expect(shows("notice", timeout: 5) { $0 == "unavailable" })

        // Nothing in Home Assistant's log about the screen or MQTT above INFO.
        let lines = ha.log.split(separator: "\n")
        let problems = lines.filter { $0.contains(" WARNING ") || $0.contains(" ERROR ") || $0.contains(" CRITICAL ") }
        let ours = problems.filter {
            let line = $0.lowercased()
            return line.contains("mqtt") || line.contains("vitrine") || line.contains("hall")
        }
        print(
            "Home Assistant \(version) log: \(lines.count) lines, \(problems.count) warnings or errors, "
                + "\(ours.count) about MQTT or the screen")
        for line in problems { print("  " + line.prefix(220)) }
        #expect(ours.isEmpty, "\(ours.joined(separator: "\n"))")
    }
}
