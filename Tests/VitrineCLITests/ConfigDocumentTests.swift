import Foundation
import Testing
import VitrineCLI
import VitrineCore

@Suite("Configuration file")
struct ConfigDocumentTests {
    func parse(_ json: String) throws -> (document: ConfigDocument, problems: [ConfigDocument.Problem]) {
        try ConfigDocument.parse(Data(json.utf8), path: "config.json")
    }

    @Test("each kind of value becomes arguments, keys in name order")
    func conversion() throws {
        let (document, problems) = try parse(
            """
            {"transition": "fade", "interval": 8, "transition-duration": 0.5, "no-loop": true,
             "motion": null, "seed": 7, "windowed": "800x600", "sources": ["/srv/photos", "extra"]}
            """)
        #expect(problems.isEmpty)
        #expect(
            document.arguments == [
                "--interval=8", "--no-loop", "--seed=7", "--transition=fade", "--transition-duration=0.5",
                "--windowed=800x600",
            ])
        #expect(document.sources == ["/srv/photos", "extra"])
    }

    @Test("false leaves a flag out; a list repeats the option")
    func flagsAndLists() throws {
        let (document, _) = try parse(#"{"no-loop": false, "exclude": ["*.tmp", "x"]}"#)
        #expect(document.arguments == ["--exclude=*.tmp", "--exclude=x"])
    }

    @Test("a value that starts with dashes stays the option's value")
    func dashedValue() throws {
        let (document, _) = try parse(#"{"background": "--weird"}"#)
        #expect(document.arguments == ["--background=--weird"])
    }

    @Test("bad keys are reported with their name, the others still converted")
    func keyProblems() throws {
        let (document, problems) = try parse(
            #"{"--interval": 5, "transition": {"kind": "fade"}, "sources": [1], "config": "x.json", "fit": "cover"}"#)
        let text = problems.map(\.description)
        #expect(text.contains { $0.hasPrefix("config.json: key \"--interval\": write option names without dashes") })
        #expect(text.contains { $0.hasPrefix("config.json: key \"transition\": expected a string, a number") })
        #expect(text.contains { $0.hasPrefix("config.json: key \"sources\": expected a list") })
        #expect(text.contains { $0.hasPrefix("config.json: key \"config\":") })
        #expect(problems.count == 4)
        #expect(document.arguments == ["--fit=cover"])
    }

    @Test("a syntax error names the file and where it is")
    func syntax() {
        #expect {
            _ = try parse("{\n  \"interval\": 8,\n  \"fit\" \"cover\"\n}")
        } throws: { error in
            guard let problem = error as? ConfigDocument.Problem else { return false }
            return problem.key == nil && problem.description.hasPrefix("config.json: not valid JSON")
                && problem.description.contains("line 3")
        }
    }

    @Test("a file that is not an object is refused")
    func notAnObject() {
        #expect(throws: ConfigDocument.Problem.self) { _ = try parse(#"["--interval", "5"]"#) }
    }

    @Test("a missing file says so")
    func missing() {
        #expect {
            _ = try ConfigDocument.load("/nonexistent/vitrine-config.json")
        } throws: { error in
            (error as? ConfigDocument.Problem)?.description.contains("no such file") == true
        }
    }
}
