import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode

/// The decode worker's messages in its own JSON (the worker links no Foundation): what one side
/// writes the other reads back, Foundation's coders agree on the shared types, and a malformed
/// or hostile message is refused with a reason.
@Suite struct WorkerCodingTests {
    static func fullMetadata() -> ImageMetadata {
        var meta = ImageMetadata(
            description: "Quai \"Nord\"\nligne 2\t\\ é 日本 🙂 \u{01}", dateTaken: "2024:05:01 10:00:00")
        meta.dateOffset = "+02:00"
        meta.camera = "Apple iPhone 15"
        meta.lens = "f/1.8"
        meta.exposureTime = 1.0 / 120
        meta.fNumber = 1.8
        meta.iso = 400
        meta.focalLength = 6.86
        meta.latitude = -33.858_123_456_789
        meta.longitude = 151.2145
        meta.faces = [Rect(x: 0.25, y: 0.125, width: 0.1, height: 1e-5)]
        return meta
    }

    @Test func aRequestReadsBackTheSame() throws {
        let request = DecodeRequest(
            path: "/photos/été \"2024\"/a\\b.heic", output: Size(width: 1920, height: 1080.5), fit: .cover,
            background: RGBColor(r: 255, g: 0, b: 17), maxSide: 4096, backdrop: true, faces: true)
        let message = WorkerRequest(request, limits: DecodeLimits(maxPixels: 12_000_000))
        let line = try #require(WorkerCoding.encode(message))
        #expect(!line.contains("\n"))
        #expect(try WorkerCoding.decoding(WorkerRequest.self, from: line) == message)
    }

    @Test func aReplyReadsBackTheSame() throws {
        let reply = WorkerReply(
            width: 1440, height: 1080, sourceWidth: 4000, sourceHeight: 3000, description: "Pier",
            dateTaken: "2024:05:01 10:00:00", metadata: Self.fullMetadata(), backdropWidth: 64, backdropHeight: 48,
            detectorReady: true)
        let line = try #require(WorkerCoding.encode(reply))
        #expect(!line.contains("\n"))
        #expect(try WorkerCoding.decoding(WorkerReply.self, from: line) == reply)
        let failed = WorkerReply.failed("cannot decode")
        #expect(try WorkerCoding.decoding(WorkerReply.self, from: #require(WorkerCoding.encode(failed))) == failed)
        #expect(WorkerCoding.encode(WorkerReady(faces: false)) == #"{"faces":false}"#)
    }

    /// Foundation's coders (what the messages were before) read what the worker writes and the
    /// other way round: the same field names, numbers and escapes.
    @Test func foundationsCodersAgree() throws {
        let meta = Self.fullMetadata()
        let ours = try #require(meta.json.text())
        #expect(try JSONDecoder().decode(ImageMetadata.self, from: Data(ours.utf8)) == meta)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let theirs = String(decoding: try encoder.encode(meta), as: UTF8.self)
        #expect(try ImageMetadata(json: WorkerJSONParser.parse(theirs)) == meta)
        let limits = DecodeLimits(maxPixels: 7, maxFileBytes: 1 << 40)
        let limitsText = String(decoding: try encoder.encode(limits), as: UTF8.self)
        #expect(try DecodeLimits(json: WorkerJSONParser.parse(limitsText)) == limits)
    }

    @Test func escapesAndNumbersAreReadAsJSONSpellsThem() throws {
        #expect(try WorkerJSONParser.parse(#" "a\/b\u00e9\ud83d\ude42\n" "#) == .string("a/bé🙂\n"))
        #expect(
            try WorkerJSONParser.parse("[0, -0, 12, -3.5e2, 1E+2, 0.25]")
                == .array([.int(0), .int(0), .int(12), .double(-350), .double(100), .double(0.25)]))
        #expect(try WorkerJSONParser.parse("99999999999999999999") == .double(1e20))
        #expect(try WorkerJSONParser.parse(#"{"a":null,"b":{}}"#) == .object(["a": .null, "b": .object([:])]))
        #expect(WorkerJSON.double(.nan).text() == nil, "not JSON")
        #expect(WorkerJSON.array([.double(.infinity)]).text() == nil)
    }

    static let malformed: [String] = [
        "", " ", "{", "}", "[1,]", #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, "01", "1.", ".5", "-", "+1", "1e", "0x10",
        "NaN", "Infinity", "1e999", "-1e999", "tru", "nul", #""abc"#, #""\x""#, #""\u12""#, #""\ud800""#,
        #""\udc00""#, #""\ud800\u0041""#, "\"a\u{01}b\"", "\"a\nb\"", "[1] [2]", "{} x", #"{"a":1,"a":2}"#,
        String(repeating: "[", count: 17) + String(repeating: "]", count: 17),
        String(repeating: "[", count: 100_000), "\"" + String(repeating: "a", count: WorkerJSONParser.maxBytes) + "\"",
    ]

    @Test(arguments: malformed) func malformedJSONIsRefused(_ text: String) {
        #expect(throws: WorkerJSON.Problem.self) { try WorkerJSONParser.parse(text) }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = WorkerJSONParser.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try WorkerJSONParser.parse(text) }
    }

    /// Well-formed JSON that is not a message: a field missing, of the wrong type or out of range.
    @Test func aMessageOfTheWrongShapeIsRefused() throws {
        let request = WorkerRequest(
            DecodeRequest(path: "/a.jpg", output: Size(width: 10, height: 10), fit: .contain, background: .black),
            limits: DecodeLimits())
        guard case .object(let fields) = request.json else {
            Issue.record("a request is an object")
            return
        }
        func refused(_ change: (inout [String: WorkerJSON]) -> Void) -> Bool {
            var changed = fields
            change(&changed)
            guard let text = WorkerJSON.object(changed).text() else { return false }
            return (try? WorkerCoding.decoding(WorkerRequest.self, from: text)) == nil
        }
        #expect(!refused { _ in }, "the unchanged request is read")
        #expect(!refused { $0["unknown"] = .string("ignored") })
        #expect(refused { $0["path"] = nil })
        #expect(refused { $0["path"] = .null })
        #expect(refused { $0["path"] = .int(1) })
        #expect(refused { $0["maxSide"] = .double(1.5) })
        #expect(refused { $0["maxSide"] = .string("4096") })
        #expect(refused { $0["fit"] = .string("stretch") })
        #expect(refused { $0["background"] = .object(["r": .int(256), "g": .int(0), "b": .int(0)]) })
        #expect(refused { $0["background"] = .object(["r": .int(-1), "g": .int(0), "b": .int(0)]) })
        #expect(refused { $0["limits"] = .array([]) })
        #expect(refused { $0["faces"] = .int(1) })
        #expect(WorkerCoding.decode(WorkerRequest.self, from: "[]") == nil)
        #expect(WorkerCoding.decode(WorkerReply.self, from: #"{"width":1}"#) == nil)
        #expect(WorkerCoding.decode(WorkerReady.self, from: #"{"faces":"yes"}"#) == nil)
        let faces = #"{"width":1,"height":1,"sourceWidth":1,"sourceHeight":1,"backdropWidth":0,"backdropHeight":0,"#
        #expect(WorkerCoding.decode(WorkerReply.self, from: faces + #""metadata":{"faces":[{"x":1}]}}"#) == nil)
        #expect(WorkerCoding.decode(WorkerReply.self, from: faces + #""metadata":{"faces":[]}}"#) != nil)
    }
}
