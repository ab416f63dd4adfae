import Foundation
import Testing
import VitrineCore

@testable import VitrineCLI

@Suite("--pair")
struct PairOptionTests {
    @Test func offByDefaultOnWithTheOptionOffAgainWithNoPair() throws {
        #expect(CommonOptions().show.pair == false)
        var options = CommonOptions()
        var scanner = ArgumentScanner([])
        #expect(try options.apply("--pair", from: &scanner))
        #expect(options.show.pair)
        #expect(try options.apply("--no-pair", from: &scanner))
        #expect(options.show.pair == false)
        #expect(CommonOptions.help.contains("--pair"))
    }

    @Test func theShippedConfigurationPairs() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("deploy/config.example.json")
        let (document, problems) = try ConfigDocument.parse(Data(contentsOf: file), path: file.path)
        #expect(problems.isEmpty)
        #expect(document.arguments.contains("--pair"))
    }

    @Test func aPlaylistsDefaultsTurnPairingOnUnlessTheCommandLineSaidSo() {
        var defaults = PlaylistStyle()
        defaults.pair = true
        let spec = PlaylistSpec(name: "main", defaults: defaults, items: [])
        #expect(spec.options(base: ShowStyle()).pair)
        #expect(spec.options(base: ShowStyle(), given: ["--no-pair"]).pair == false)
    }
}
