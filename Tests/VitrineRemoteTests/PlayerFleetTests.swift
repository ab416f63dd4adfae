import Foundation
import Glibc
import Synchronization
import Testing
import VitrineCore
import VitrineTestSupport

/// Several real players on one broker: a group command, screens in step, and a flood.
@Suite(.serialized) struct PlayerFleetTests {
    /// Two players whose configuration files name the broker and their groups (a list becomes
    /// one `--mqtt-group` per name): one message on the group's topic moves both.
    @Test func aGroupCommandMovesTwoPlayers() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try PlayerRemoteTests.showFiles(folder)
        var players: [RunningPlayer] = []
        for (n, groups) in [["shop", "window"], ["shop"]].enumerated() {
            let names = groups.map { "\"\($0)\"" }.joined(separator: ", ")
            try folder.write(
                "config\(n).json",
                #"{"mqtt": "127.0.0.1", "mqtt-port": \#(broker.port), "mqtt-group": [\#(names)], "no-resume": true}"#)
            players.append(
                try RunningPlayer(
                    broker: nil, id: "g\(n)",
                    ["--config", folder.at("config\(n).json"), "--mqtt-client-id", "g\(n)", playlist]))
        }
        let watcher = try Subscriber(broker, filters: ["vitrine/+/availability"])
        #expect(
            eventually(timeout: 10) { (0..<2).allSatisfy { watcher.latest("vitrine/g\($0)/availability") == "online" } }
        )
        try broker.publish(["-t", "vitrine/group/shop/cmd", "-m", #"{"command":"goto","index":3}"#])
        for player in players { #expect(player.waitForState { $0["index"]?.int == 3 } != nil, "\(player.id)") }
        try broker.publish(["-t", "vitrine/group/window/cmd", "-m", #"{"command":"goto","index":5}"#])
        #expect(players[0].waitForState { $0["index"]?.int == 5 } != nil)
        #expect(try players[1].state()["index"]?.int == 3, "not in the group 'window'")
    }

    /// Three players of a playlist with `"sync": true`, started at different moments: at several
    /// wall times (each in the middle of a slide, since a state is up to 0.25 s old) all show the
    /// timeline's slide, also after one of them is killed and started again.
    @Test func threeSyncedPlayersShowTheSameSlide() throws {
        let folder = try TemporaryFolder()
        try folder.mkdir("pics")
        try TestPictures.write(count: 5, into: folder.at("pics"))
        let interval = 2.0
        try folder.write(
            "show.json",
            #"{"version": 1, "sync": true, "defaults": {"interval": 2}, "items": [{"folder": "pics"}]}"#)
        let arguments = ["--no-resume", folder.at("show.json")]
        var players: [RunningPlayer] = []
        for n in 0..<3 {
            players.append(try RunningPlayer(broker: nil, id: "sync\(n)", arguments))
            // Started apart: the next one once this one shows a slide change.
            if n < 2 {
                let first = try players[n].state()["index"]?.int
                players[n].waitForState { $0["index"]?.int != first }
            }
        }
        func expected(_ wall: Double) -> Int { Int((wall / interval).rounded(.down)) % 5 }
        /// Waits for the middle of the next slide, then reads every player.
        func sample() throws -> (expected: Int, seen: [Int?], offsets: [Double?]) {
            var now = Date().timeIntervalSince1970
            let middle = ((now / interval).rounded(.down) + 1.5) * interval
            _ = eventually(timeout: 5) { Date().timeIntervalSince1970 >= middle }
            now = Date().timeIntervalSince1970
            let states = try players.map { try $0.state() }
            return (expected(now), states.map { $0["index"]?.int }, states.map { $0["sync"]?["offset"]?.number })
        }
        for _ in 0..<3 {
            let s = try sample()
            #expect(s.seen.allSatisfy { $0 == s.expected }, "expected \(s.expected), seen \(s.seen)")
            #expect(s.offsets.allSatisfy { $0.map { abs($0) < 0.001 } ?? false }, "\(s.offsets)")
        }
        players[1].kill()
        players[1] = try RunningPlayer(broker: nil, id: "sync1", arguments)
        for _ in 0..<2 {
            let s = try sample()
            #expect(s.seen.allSatisfy { $0 == s.expected }, "after a restart: expected \(s.expected), seen \(s.seen)")
        }
    }

    /// 10,000 commands within a second: the show keeps running and its frames keep their pace.
    @Test func aFloodOfCommandsLeavesTheFramePace() throws {
        let broker = try Broker()
        let folder = try TemporaryFolder()
        let playlist = try PlayerRemoteTests.showFiles(folder, interval: 1)
        let id = "screen-flood"
        let player = try RunningPlayer(broker: broker, id: id, ["--no-resume", "--transition", "fade", playlist])
        /// Frames per second over about `seconds`, from the player's own frame counter.
        func pace(over seconds: Double) throws -> Double {
            let start = Date()
            let first = try player.state()["frames"]?.int ?? 0
            _ = eventually(timeout: seconds + 1) { Date().timeIntervalSince(start) >= seconds }
            let last = try player.state()["frames"]?.int ?? 0
            return Double(last - first) / Date().timeIntervalSince(start)
        }
        let before = try pace(over: 1.5)
        // Harmless commands (resume while playing), bad ones and unknown ones, mixed.
        var lines: [String] = []
        for i in 0..<10_000 {
            switch i % 4 {
            case 0: lines.append(#"{"command":"resume"}"#)
            case 1: lines.append("garbage \(i)")
            case 2: lines.append(#"{"command":"warp","id":"\#(i)"}"#)
            default: lines.append(#"{"command":"goto","index":-\#(i)}"#)
            }
        }
        let flood = Data((lines.joined(separator: "\n") + "\n").utf8)
        let sendTime = Mutex(0.0)
        let sender = Thread {
            let started = Date()
            try? broker.publish(["-t", "vitrine/\(id)/cmd", "-l"], input: flood)
            sendTime.withLock { $0 = Date().timeIntervalSince(started) }
        }
        sender.start()
        let during = try pace(over: 1.5)
        _ = eventually(timeout: 20) { sender.isFinished }
        let sent = sendTime.withLock { $0 }
        // The show is unaffected: still playing, still changing slides.
        let index = try player.state()["index"]?.int
        #expect(player.waitForState { $0["index"]?.int != index && $0["paused"]?.bool == false } != nil)
        print("frames per second before the flood \(Int(before)), during \(Int(during)) (sent in \(sent) s)")
        #expect(before > 20, "the player runs frames")
        // Idle frames run at about 200 a second here; the flood (broker, sender and player on two
        // cores) may take some, but never the pace a screen needs.
        #expect(during >= 60 && during >= before * 0.3, "before \(before), during \(during)")
    }
}
