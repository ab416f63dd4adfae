import Testing

@testable import VitrineCore

@Suite("Input traces")
struct InputTraceTests {
    @Test func theDocumentedLinesParse() throws {
        let text = """
            {"t":1.00,"type":"down","id":1,"x":0.5,"y":0.5}
            {"t":1.05,"type":"move","id":1,"x":0.52,"y":0.5}

            {"t":1.10,"type":"up","id":1,"x":0.52,"y":0.5}
            {"t":2.0,"type":"key","key":"right"}
            {"t":3.0,"type":"wheel","x":0.5,"y":0.5,"dy":1}
            """
        let events = try InputTrace.parse(text)
        #expect(
            events == [
                InputEvent(time: ShowTime(seconds: 1), kind: .down(id: 1, x: 0.5, y: 0.5)),
                InputEvent(time: ShowTime(seconds: 1.05), kind: .move(id: 1, x: 0.52, y: 0.5)),
                InputEvent(time: ShowTime(seconds: 1.1), kind: .up(id: 1, x: 0.52, y: 0.5)),
                InputEvent(time: ShowTime(seconds: 2), kind: .key(.right)),
                InputEvent(time: ShowTime(seconds: 3), kind: .wheel(x: 0.5, y: 0.5, dy: 1)),
            ])
    }

    @Test func writtenLinesReadBackTheSame() throws {
        let events: [InputEvent] = [
            InputEvent(time: ShowTime(seconds: 0.125), kind: .down(id: 3, x: 0.25, y: 0.75)),
            InputEvent(time: ShowTime(seconds: 0.5), kind: .move(id: 3, x: -0.1, y: 1.2)),
            InputEvent(time: ShowTime(seconds: 0.75), kind: .up(id: 3, x: 0.3, y: 0.3)),
            InputEvent(time: ShowTime(seconds: 1), kind: .key(.g)),
            InputEvent(time: ShowTime(seconds: 1.5), kind: .wheel(x: 0.1, y: 0.9, dy: -2)),
        ]
        let text = events.map(InputTrace.line(for:)).joined(separator: "\n")
        #expect(try InputTrace.parse(text) == events)
        #expect(InputTrace.line(for: events[0]) == #"{"t":0.125,"type":"down","id":3,"x":0.25,"y":0.75}"#)
    }

    @Test(arguments: [
        (#"{"t":1,"type":"down","id":1,"x":0.5}"#, "\"y\""),
        (#"{"t":1,"type":"down","id":true,"x":0.5,"y":0.5}"#, "\"id\""),
        (#"{"t":1,"type":"down","id":1.5,"x":0.5,"y":0.5}"#, "whole number"),
        (#"{"t":"1","type":"up","id":1,"x":0.5,"y":0.5}"#, "\"t\""),
        (#"{"t":-1,"type":"up","id":1,"x":0.5,"y":0.5}"#, "0 or more"),
        (#"{"t":1,"type":"jump"}"#, "jump"),
        (#"{"t":1,"type":"key","key":"x"}"#, "\"key\""),
        (#"{"t":1,"type":"wheel","x":0.5,"y":0.5}"#, "\"dy\""),
        (#"{"t":1,"type":"down","id":1,"x":0.5,"y":0.5"#, "JSON"),
        (#"[1,2]"#, "JSON"),
        (#"{"t":1,"t":2,"type":"key","key":"g"}"#, "twice"),
        (#"hello"#, "JSON"),
    ])
    func aBadLineIsNamedByItsNumber(line: String, mention: String) {
        let text = #"{"t":0.5,"type":"key","key":"right"}"# + "\n\n" + line + "\n"
        do {
            _ = try InputTrace.parse(text, file: "trace.jsonl")
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("trace.jsonl line 3: "))
            #expect(error.description.contains(mention), "\(error.description)")
        }
    }
}
