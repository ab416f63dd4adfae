import Testing
import VitrineCore
import VitrineWeb

/// What the page says about problems, in words a person reads: the checker's paths as places,
/// refused files with what to do instead.
@Suite struct PlainWordsTests {
    @Test func aCheckersPathBecomesThePlaceItNames() {
        let cases: [(String, String)] = [
            ("playlists.evening.items[0].duration", "Playlist “evening”, item 1: duration must be more than 0"),
            ("items[3].caption", "Item 4: caption must be more than 0"),
            ("schedule.rules[1].from", "Schedule, rule 2: from must be more than 0"),
            ("display.off[0].to", "Display, display-off window 1: to must be more than 0"),
            ("version", "Version must be more than 0"),
            ("", "Must be more than 0"),
        ]
        for (path, said) in cases {
            let problem = EditProblem(Diagnostic(.error, path, "must be more than 0", at: nil))
            #expect(problem.message == said, "\(path)")
            #expect(!problem.message.contains("["))
        }
        let warning = EditProblem(Diagnostic(.warning, "items[0].colour", "is not a field", at: nil))
        #expect(!warning.isError)
    }

    @Test func aRefusedFileSaysWhatToDoInstead() {
        func refusal(_ name: String) -> String {
            do {
                _ = try PhotoFolder.checkName(name)
                return ""
            } catch {
                return error.message
            }
        }
        #expect(refusal("IMG_0001.HEIC") == "")
        #expect(refusal("clip.gif").contains("save it as one of those"))
        #expect(refusal("scan.tiff").contains("save it as one of those"))
        #expect(refusal("notes").contains("has no extension"))
        #expect(refusal("holiday.jpg") == "")
    }
}
