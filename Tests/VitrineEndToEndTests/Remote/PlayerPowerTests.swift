import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// The display switched off and on by a remote (`vitrine ctl display off|on`) in a real player:
/// the state published says what was asked and what the backlight reached. The backlight is a
/// test double of a sysfs device (a folder with plain `brightness` and `max_brightness` files).
@Suite struct PlayerPowerTests {
    @Test func aRemoteSwitchesTheDisplayAndTheBacklightAndTheStateFollow() throws {
        let tree = try TemporaryFolder()
        try tree.write("backlight/panel0/max_brightness", "200\n")
        try tree.write("backlight/panel0/brightness", "200\n")
        try tree.write(
            "show.json",
            """
            { "version": 1, "items": [ { "folder": "\(ChildProcess.demo)" } ],
              "display": { "backlight": { "root": "\(tree.at("backlight"))", "level": 0.5, "fade": 0.3 } } }
            """)
        let player = try RunningPlayer(broker: nil, id: "power", ["--no-resume", tree.at("show.json")])
        func brightness() -> Int? {
            (try? String(contentsOfFile: tree.at("backlight/panel0/brightness"), encoding: .utf8)).flatMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        func power(_ state: JSONNode) -> JSONNode? { state["display"]?["power"] }
        let lit = player.waitForState { power($0)?["backlight"]?["brightness"]?.int == 100 }
        #expect(lit.flatMap { power($0)?["asked"]?.string } == "on", "\(player.process.standardError.suffix(400))")
        // The device is written off the loop's thread: the file follows the state shortly after.
        #expect(eventually { brightness() == 100 })

        #expect(try player.ctl(["display", "off"]).status == 0)
        let dark = player.waitForState {
            power($0)?["asked"]?.string == "off" && power($0)?["backlight"]?["brightness"]?.int == 0
        }
        #expect(dark?["display"]?["lit"]?.bool == false, "\(player.process.standardError.suffix(400))")
        #expect(eventually { brightness() == 0 })
        // No KMS/DRM here: the state says why DPMS is not set.
        #expect(dark.flatMap { power($0)?["dpms"]?.string }?.hasPrefix("not set: ") == true)

        #expect(try player.ctl(["display", "on"]).status == 0)
        #expect(player.waitForState { power($0)?["backlight"]?["brightness"]?.int == 100 } != nil)
        #expect(eventually { brightness() == 100 })
        #expect(player.process.standardError.contains("INFO power: display power: off asked"))
    }
}
