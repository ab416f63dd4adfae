import Testing
import VitrineCore

@Suite struct JSONOutputTests {
    @Test func controlCharactersAreEscapedAndReadBack() throws {
        let text = "a\"b\\c\nd\re\tf\u{0}g\u{1}h\u{1F}i\u{7F}j\u{2028}k\u{2029}l"
        let written = JSONOutput.string(text).rendered
        #expect(
            written == #""a\"b\\c\nd\re\tf\u0000g\u0001h\u001fi\u007fj\u2028k\u2029l""#)
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try JSONParser.parse(written).string == text)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() throws {
        // A file name read from disk may hold any bytes; what is written is still valid JSON.
        let name = String(decoding: [0x66, 0xFF, 0xC3, 0x28, 0x2E, 0x6A, 0x70, 0x67], as: UTF8.self)
        let written = JSONOutput.object([("file", .string(name))]).rendered
        #expect(written == "{\"file\":\"f\u{FFFD}\u{FFFD}(.jpg\"}")
        #expect(Array(written.utf8).allSatisfy { $0 != 0xFF })
        #expect(try JSONParser.parse(written)["file"]?.string == name)
    }

    @Test func nonASCIITextIsKeptAsItIs() {
        #expect(JSONOutput.string("Zoë 🌅 写真").rendered == "\"Zoë 🌅 写真\"")
    }

    @Test func numbers() {
        #expect(JSONOutput.number(3).rendered == "3")
        #expect(JSONOutput.number(-0.0).rendered == "0")
        #expect(JSONOutput.number(0.1).rendered == "0.1")
        #expect(JSONOutput.number(-2.5).rendered == "-2.5")
        #expect(JSONOutput.number(1e15).rendered == "1000000000000000.0")
        #expect(JSONOutput.number(1e20).rendered == "1e+20")
        #expect(JSONOutput.number(123_456_789_012).rendered == "123456789012")
        #expect(JSONOutput.number(.nan).rendered == "null")
        #expect(JSONOutput.number(.infinity).rendered == "null")
        #expect(JSONOutput.number(-.infinity).rendered == "null")
        #expect(JSONOutput.integer(Int.min).rendered == "-9223372036854775808")
        #expect(JSONOutput.millionths(1.23456789).rendered == "1.234568")
        #expect(JSONOutput.millionths(2.0000001).rendered == "2")
    }

    @Test func nestingKeepsMemberOrder() throws {
        let value = JSONOutput.object([
            ("z", .array([.integer(1), .array([]), .object([])])),
            ("a", .object([("b", .object([("c", .null)])), ("d", .bool(false))])),
            ("m", .optional(nil as String?)),
        ])
        #expect(value.rendered == #"{"z":[1,[],{}],"a":{"b":{"c":null},"d":false},"m":null}"#)
        #expect(try JSONParser.parse(value.rendered).members?.map(\.key) == ["z", "a", "m"])
        #expect(
            value.indented == """
                {
                  "z": [
                    1,
                    [],
                    {}
                  ],
                  "a": {
                    "b": {
                      "c": null
                    },
                    "d": false
                  },
                  "m": null
                }
                """)
    }

    @Test func nilMembersCanBeLeftOut() {
        let value = JSONOutput.object(omittingNil: [("a", .integer(1)), ("b", nil), ("c", .string("x"))])
        #expect(value.rendered == #"{"a":1,"c":"x"}"#)
    }

    @Test func aParsedDocumentIsWrittenBackTheSame() throws {
        let text = #"{"interval":8,"sources":["/srv/photos","a\"b"],"fade":{"seconds":0.5,"on":true},"x":null}"#
        #expect(JSONOutput(try JSONParser.parse(text)).rendered == text)
    }

    @Test func keysAreEscapedLikeStrings() {
        #expect(JSONOutput.object([("a\"\n", .integer(1))]).rendered == #"{"a\"\n":1}"#)
    }
}
