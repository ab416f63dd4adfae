import Testing
import VitrineCore

@testable import VitrineCLI

@Suite struct TouchOptionsParsingTests {
    @Test func pagingIsAnOptionWithItsHelp() throws {
        var scanner = ArgumentScanner(["vertical"])
        var touch = TouchOptions()
        #expect(try touch.apply("--paging", from: &scanner))
        #expect(touch.gestures.pagingAxis == .vertical)
        var bad = ArgumentScanner(["diagonal"])
        #expect(throws: UsageError.self) { try touch.apply("--paging", from: &bad) }
        #expect(TouchOptions.help.contains("--paging horizontal|vertical"))
    }
}
