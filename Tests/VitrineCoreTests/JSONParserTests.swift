import Testing

@testable import VitrineCore

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValueWithPositions() throws {
        let text = "{\n  \"a\": [1, -2.5e2, true, false, null],\n  \"b\": \"x\\u00e9\\n\\ud83d\\ude00\"\n}"
        let root = try JSONParser.parse(text)
        #expect(root.position == TextPosition(line: 1, column: 1))
        let a = try #require(root["a"]?.elements)
        #expect(a.map(\.value) == [.number(1), .number(-250), .bool(true), .bool(false), .null])
        #expect(a[1].position == TextPosition(line: 2, column: 12))
        #expect(root["b"]?.string == "xé\n😀")
        #expect(root.members?.map(\.key) == ["a", "b"])
        #expect(root.members?[1].keyPosition == TextPosition(line: 3, column: 3))
    }

    @Test(arguments: [
        ("", 1, 1, "the file is empty; expected a JSON object"),
        ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
        ("[1,]", 1, 4, "trailing comma before ']'"),
        ("{\n  \"a\" 1}", 2, 7, "expected ':' after the field name \"a\", found '1'"),
        ("{\"a\": 1\n \"b\": 2}", 2, 2, "expected ',' or '}' after a field, found '\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after a list element, found '2'"),
        ("{\"a\": \"x", 1, 7, "unterminated string"),
        ("{\"a\": \"x\ny\"}", 1, 9, "a line break inside a string (unterminated string?)"),
        ("[\"\\q\"]", 1, 3, "invalid escape '\\q' in a string"),
        ("[\"\\u12\"]", 1, 3, "invalid \\u escape: expected 4 hex digits"),
        ("[\"\\ud800\"]", 1, 3, "invalid \\u escape: lone surrogate"),
        ("[01]", 1, 2, "invalid number: no leading zeros"),
        ("[1.]", 1, 2, "invalid number"),
        ("[-]", 1, 2, "invalid number"),
        ("[1e999]", 1, 2, "number out of range"),
        ("[tru]", 1, 2, "expected a value (a string in double quotes, a number, true, false or null)"),
        ("{'a': 1}", 1, 2, "expected a field name in double quotes, found '''"),
        ("['a']", 1, 2, "strings take double quotes (\"), not single quotes"),
        ("{} x", 1, 4, "unexpected 'x' after the end of the document"),
        ("[", 1, 2, "expected a value, found end of file"),
        ("{\"a\":}", 1, 6, "expected a value, found '}'"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(message, at: TextPosition(line: line, column: column))) {
            try JSONParser.parse(text)
        }
    }

    @Test func refusesDeepNestingInsteadOfCrashing() {
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: JSONSyntaxError("nested more than 128 levels deep", at: TextPosition(line: 1, column: 129))) {
            try JSONParser.parse(deep)
        }
        #expect((try? JSONParser.parse(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))) != nil)
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(throws: JSONSyntaxError("expected a value, found 'x'", at: TextPosition(line: 1, column: 15))) {
            try JSONParser.parse("{\"é😀\": [true, x]}")
        }
    }
}
