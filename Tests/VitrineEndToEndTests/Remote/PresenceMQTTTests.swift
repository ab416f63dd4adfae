import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// Presence from a Home Assistant occupancy sensor's topic on a real mosquitto broker, in a real
/// player: `OFF` turns the display off after `off-after` and holds the show on its photo; `ON`
/// turns it back on within a second, on the same photo.
@Suite(.serialized) struct PresenceMQTTTests {
    static let topic = "homeassistant/binary_sensor/hall_occupancy/state"

    @Test func occupancyTurnsTheDisplayOffAndOnAndTheShowHoldsItsPhoto() throws {
        let broker = try Broker()
        defer { broker.stop() }
        let tree = try TemporaryFolder()
        try tree.write(
            "show.json",
            """
            { "version": 1, "defaults": { "interval": 1, "transitionDuration": 0.2, "order": "shuffle" },
              "items": [ { "folder": "\(ChildProcess.demo)" } ],
              "display": { "dpms": false,
                "presence": { "off-after": "2s", "mqtt": { "topic": "\(Self.topic)" } } } }
            """)
        let player = try RunningPlayer(
            broker: broker, id: "presence",
            ["--no-resume", "--state-file", tree.at("state/position.json"), tree.at("show.json")])
        func presence(_ state: JSONNode) -> JSONNode? { state["presence"] }
        func lit(_ state: JSONNode) -> Bool? { state["display"]?["lit"]?.bool }
        let log = { player.process.standardError.suffix(800) }
        // Connected and subscribed: a retained ON reaches it.
        try broker.publish(["-t", Self.topic, "-m", "ON", "-r"])
        #expect(
            player.waitForState { presence($0)?["present"]?.bool == true && ($0["count"]?.int ?? 0) > 1 } != nil,
            "\(log())")
        #expect(
            player.waitForState { $0["unseen"]?.int != nil } != nil, "the state says how many photos are not yet seen")

        try broker.publish(["-t", Self.topic, "-m", "OFF", "-r"])
        let emptied = Date()
        let absent = try #require(player.waitForState { presence($0)?["present"]?.bool == false }, "\(log())")
        let unseenWhenEmptied = try #require(absent["unseen"]?.int)
        let dark = player.waitForState { lit($0) == false }
        let offAfter = Date().timeIntervalSince(emptied)
        #expect(dark != nil, "\(log())")
        #expect(offAfter >= 1.9, "the display went off \(offAfter) s after the room emptied, before off-after")
        #expect(dark.flatMap { presence($0)?["away"]?.bool } == true)
        #expect(dark.flatMap { presence($0)?["held"]?.bool } == true, "the show holds while nobody is there")
        // About two slides were shown to the empty room before the display went off: none counts as seen.
        #expect(dark?["unseen"]?.int == unseenWhenEmptied, "slides shown to nobody were counted as seen")
        // The photo, not the index: once the held photo is seen, the fair shuffle puts it before the
        // slides shown to the empty room (they come round again), so its index may change.
        let heldFile = try #require(dark?["file"]?.string)
        func file(_ state: JSONNode?) -> String? { state?["file"]?.string }
        // Three slides' time: the show does not move while the display is off.
        let moved = eventually(timeout: 3) { (file(try? player.state()) ?? heldFile) != heldFile }
        #expect(!moved, "the show moved on while nobody was there")

        try broker.publish(["-t", Self.topic, "-m", "ON", "-r"])
        let arrived = Date()
        let back = player.waitForState(timeout: 1) { lit($0) == true }
        let onAfter = Date().timeIntervalSince(arrived)
        #expect(back != nil, "the display was not on within a second of presence: \(log())")
        #expect(onAfter < 1, "on \(onAfter) s after presence")
        #expect(file(back) == heldFile, "resumed at the same photo")
        #expect(back.flatMap { presence($0)?["held"]?.bool } == false)
        #expect(player.waitForState { (file($0) ?? heldFile) != heldFile } != nil, "the show goes on")
        #expect(player.process.standardError.contains("INFO presence: presence from MQTT topic \(Self.topic)"))
        #expect(player.process.standardError.contains("nobody present for a while: display off"))

        // A payload that is neither ON nor OFF is said and changes nothing.
        try broker.publish(["-t", Self.topic, "-m", "maybe"])
        #expect(eventually(timeout: 5) { player.process.standardError.contains("payload 'maybe' is neither") })
        #expect((try? player.state()).flatMap { lit($0) } == true)
    }
}
