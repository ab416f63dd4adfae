import Testing
import VitrineCore

@Suite struct CommandModelTests {
    @Test func everyCommandRoundTripsThroughItsJSON() throws {
        let commands: [RemoteCommand] = [
            .next, .previous, .first, .pause, .resume, .goTo(index: 7), .goToFile(name: "beach.jpg"),
            .playPlaylist(.named("evening")), .playPlaylist(.auto), .display(.off), .display(.auto),
            .notice(text: "Back at 2 \"o'clock\"\n", seconds: 12.5), .reload, .setInterval(seconds: 20),
            .setTransition(.slide), .notice(text: "", seconds: nil), .notice(text: "Lunch", seconds: nil),
            .setNoticeDuration(seconds: 90),
        ]
        for command in commands {
            let parsed = try RemoteCommandParser.parse(Array(command.json.rendered.utf8))
            #expect(parsed.command == command)
        }
    }

    @Test func idIsEchoedAndNoticeSecondsDefault() throws {
        let request = try RemoteCommandParser.parse(#"{"command":"notice","text":"hi","id":"a1"}"#)
        #expect(request == RemoteRequest(.notice(text: "hi", seconds: nil), id: "a1"))
        let result = CommandResult(.accepted, command: "notice", id: "a1")
        #expect(result.json.rendered == #"{"ok":true,"message":"accepted","command":"notice","id":"a1"}"#)
    }

    @Test(arguments: [
        (#"{"command":"next""#, "malformed"),
        ("[1,2]", "malformed"),
        (#"{"index":3}"#, "missing-command"),
        (#"{"command":"dance"}"#, "unknown-command"),
        (#"{"command":"next","speed":2}"#, "unknown-field"),
        (#"{"command":"goto"}"#, "missing-field"),
        (#"{"command":"goto","index":"3"}"#, "wrong-type"),
        (#"{"command":"goto","index":2.5}"#, "wrong-type"),
        (#"{"command":"goto","index":-1}"#, "out-of-range"),
        (#"{"command":"interval","seconds":0}"#, "out-of-range"),
        (#"{"command":"interval","seconds":1e9}"#, "out-of-range"),
        (#"{"command":"display","state":"dim"}"#, "out-of-range"),
        (#"{"command":"display","state":true}"#, "wrong-type"),
        (#"{"command":"transition","kind":"wipe"}"#, "out-of-range"),
        (#"{"command":"notice","text":"\#(String(repeating: "x", count: 256))"}"#, "out-of-range"),
        (#"{"command":"notice-duration","seconds":0.1}"#, "out-of-range"),
        (#"{"command":"notice-duration"}"#, "missing-field"),
        (#"{"command":7}"#, "wrong-type"),
    ])
    func badPayloadsGiveTypedOneLineErrors(payload: String, code: String) {
        #expect {
            _ = try RemoteCommandParser.parse(Array(payload.utf8))
        } throws: { error in
            guard let error = error as? RemoteCommandError else { return false }
            return error.code == code && !error.description.contains("\n") && !error.description.isEmpty
        }
    }

    @Test func oversizedAndNonUTF8PayloadsAreRefusedBeforeParsing() {
        let big = Array(#"{"command":"notice","text":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 70_000)
        #expect(throws: RemoteCommandError.tooLarge(bytes: big.count)) { try RemoteCommandParser.parse(big) }
        #expect(throws: RemoteCommandError.malformed("the payload is not UTF-8")) {
            try RemoteCommandParser.parse([0x7B, 0xFF, 0x7D])
        }
    }

    @Test func stateJSONIsStableAndParsesBack() throws {
        var state = RemoteState()
        state.index = 2
        state.count = 5
        state.file = "b.jpg"
        state.playlists = ["day", "evening"]
        state.playlist = "day"
        state.displayAsked = .off
        state.displayLit = false
        state.version = "1.0"
        state.uptime = 61.7
        let text = state.json.rendered
        #expect(text == state.json.rendered)
        let node = try JSONParser.parse(text)
        #expect(node["index"]?.number == 2)
        #expect(node["playlist"]?["names"]?.elements?.count == 2)
        #expect(node["display"]?["asked"]?.string == "off")
        #expect(node["display"]?["lit"]?.bool == false)
        #expect(node["uptime"]?.number == 61)
        var later = state
        later.uptime = 99
        #expect(later.sameExceptUptime(state))
        later.paused = true
        #expect(!later.sameExceptUptime(state))
    }
}
