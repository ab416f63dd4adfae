import Foundation
import Synchronization
import Testing
import VitrineTestSupport

/// The shared temporary folder (this target has an older one of the same name).
private typealias Folder = VitrineTestSupport.TemporaryFolder

/// Display power as a user meets it: the display section checked, `vitrine power`, and a real
/// `vitrine play` fading a backlight. The backlight is a test double of a sysfs device: a
/// folder with plain `brightness` and `max_brightness` files (this machine has no backlight).
@Suite("Display power from the command line")
struct DisplayPowerCLITests {
    /// Test double of /sys/class/backlight holding one device, `fake0`, at `now` of 100.
    private func fakeBacklight(now: Int = 100) throws -> Folder {
        let tree = try Folder()
        try tree.write("fake0/max_brightness", "100\n")
        try tree.write("fake0/brightness", "\(now)\n")
        return tree
    }

    private func brightness(_ tree: Folder) -> Int? { Self.brightness(at: tree.at("fake0/brightness")) }

    private static func brightness(at path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("play fades the backlight in steps to a dim window's level after midnight, and prints the state")
    func playFadesTheBacklight() throws {
        let backlight = try fakeBacklight()
        let config = try Folder()
        try config.write(
            "config.json",
            """
            { "sources": ["\(ChildProcess.demo)"], "interval": 30, "windowed": "320x180",
              "display": { "backlight": { "root": "\(backlight.path)", "fade": 2 },
                           "dim": [ { "from": "22:00", "to": "06:00", "level": 0.25 } ] } }
            """)
        let seen = Mutex<[Int]>([])
        let done = Mutex(false)
        let file = backlight.at("fake0/brightness")
        let watcher = Thread {
            // Every value the device holds while the player runs, in order.
            while !done.withLock({ $0 }) {
                if let value = Self.brightness(at: file) {
                    seen.withLock { if $0.last != value { $0.append(value) } }
                }
                usleep(2000)
            }
        }
        watcher.start()
        let result = try ChildProcess.run(
            [
                "play", "--config", config.at("config.json"), "--video-driver", "offscreen", "--renderer",
                "software", "--clock", "2026-06-02T01:30:00", "--quit-after", "5", "--print-state",
            ], environment: ["TZ": "UTC"])
        done.withLock { $0 = true }
        let values = seen.withLock { $0 }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(values.first == 100 && values.last == 25, "\(values)")
        #expect(values.filter { $0 > 25 && $0 < 100 }.count >= 2, "steps between: \(values)")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 > $1 }, "always down: \(values)")
        #expect(result.stderr.contains("INFO power: backlight fake0: 25/100 (level 0.25)"), "\(result.stderr)")
        #expect(result.stderr.contains("INFO power: DPMS: "), "says once why it does not set DPMS")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(#""level":0.25,"fading":true"#) }, "\(result.stdout)")
        #expect(lines.last?.contains(#""brightness":25,"max":100,"level":0.25,"fading":false"#) == true)
        #expect(lines.count < 10, "a line when the fade begins and ends, not at every step")
    }

    @Test("check reports the display section's mistakes with their place, in a configuration file and a playlist")
    func checkReportsDisplayMistakes() throws {
        let tree = try Folder()
        try tree.write(
            "config.json",
            """
            { "interval": 8,
              "display": { "backlight": { "level": 3 },
                           "dim": [ { "from": "20:00", "to": "23:00" } ], "cec": { "devices": "cec0" } } }
            """)
        let bad = try ChildProcess.run(["check", "--config", tree.at("config.json")])
        #expect(bad.status == 1)
        let config = tree.at("config.json")
        #expect(
            bad.stdout.contains("\(config):2:40: error: display.backlight.level: must be a number from 0"),
            "\(bad.stdout)")
        #expect(bad.stdout.contains("\(config):3:25: error: display.dim[0].level: missing"), "\(bad.stdout)")
        #expect(bad.stdout.contains("error: display.cec.devices: must be a list of device paths"), "\(bad.stdout)")
        #expect(bad.stdout.contains("3 problems; not good to play"), "\(bad.stdout)")
        let play = try ChildProcess.run(["play", "--config", config, "--video-driver", "offscreen"])
        #expect(play.status == 2 && play.stderr.contains("display.backlight.level"), "\(play.stderr)")

        try tree.write(
            "good.json",
            #"{ "display": { "backlight": true, "dim": [ { "from": "20:00", "to": "23:00", "level": 0.2 } ] } }"#)
        let good = try ChildProcess.run(["check", "--config", tree.at("good.json")])
        #expect(good.status == 0, "\(good.stdout)")

        try tree.write("a.jpg")
        try tree.write(
            "frame.json",
            #"{ "version": 1, "items": [ { "image": "a.jpg" } ], "display": { "cec": { "timeout": 99 }, "dpms": 1 } }"#)
        let playlist = try ChildProcess.run(["check", "--no-network", tree.at("frame.json")])
        #expect(playlist.status == 1)
        #expect(
            playlist.stdout.contains("error: display.cec.timeout: must be seconds from 0 to 30"), "\(playlist.stdout)")
        #expect(playlist.stdout.contains("error: display.dpms: must be true or false"), "\(playlist.stdout)")
    }

    @Test("vitrine power sets and reads the backlight, and says when a CEC adapter is missing")
    func powerCommand() throws {
        let backlight = try fakeBacklight(now: 70)
        let root = ["--backlight-root", backlight.path]
        let off = try ChildProcess.run(["power", "off"] + root)
        #expect(off.status == 0 && off.stdout == "backlight fake0: 0/100 (level 0)\n", "\(off.stdout)\(off.stderr)")
        #expect(brightness(backlight) == 0)
        let on = try ChildProcess.run(["power", "on", "--level", "0.6"] + root)
        #expect(on.status == 0 && on.stdout == "backlight fake0: 60/100 (level 0.6)\n", "\(on.stdout)")
        #expect(brightness(backlight) == 60)
        let status = try ChildProcess.run(["power", "status"] + root)
        #expect(status.status == 0 && status.stdout == "backlight fake0: 60/100\n")
        #expect(brightness(backlight) == 60, "status changes nothing")
        let cec = try ChildProcess.run(["power", "off", "--cec-device", "/nonexistent/cec0"])
        #expect(cec.status == 1)
        #expect(cec.stdout == "cec /nonexistent/cec0 (none): off asked, No such file or directory\n", "\(cec.stdout)")
        let missing = try ChildProcess.run(["power", "off"])
        #expect(missing.status == 2 && missing.stderr.contains("no device"))
        let wrong = try ChildProcess.run(["power", "dim"] + root)
        #expect(wrong.status == 2 && wrong.stderr.contains("unknown action 'dim'"))
    }
}
