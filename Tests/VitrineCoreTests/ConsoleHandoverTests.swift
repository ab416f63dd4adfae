import Testing
import VitrineCore

@Suite("Console handover on a VT switch")
struct ConsoleHandoverTests {
    @Test func awayAndBackLetsGoThenTakesTheDisplayAgain() {
        var console = ConsoleHandover()
        #expect(console.draws && console.takesInput)
        #expect(console.handle(.release) == [.letGoOfDisplay, .allowSwitch])
        #expect(!console.draws)
        #expect(!console.takesInput)
        #expect(console.handle(.acquire) == [.acknowledgeReturn, .takeDisplay, .redraw])
        #expect(console.draws && console.takesInput)
    }

    @Test func aRequestThatRepeatsTheStateIsOnlyAcknowledged() {
        var console = ConsoleHandover()
        #expect(console.handle(.acquire) == [.acknowledgeReturn])
        #expect(console.onScreen)
        _ = console.handle(.release)
        #expect(console.handle(.release) == [.allowSwitch])
        #expect(!console.onScreen)
    }

    @Test func controlAltFunctionKeysNameTerminals() {
        #expect(ConsoleHandover.terminal(forFunctionKey: 2, control: true, alt: true) == 2)
        #expect(ConsoleHandover.terminal(forFunctionKey: 12, control: true, alt: true) == 12)
        #expect(ConsoleHandover.terminal(forFunctionKey: 2, control: false, alt: true) == nil)
        #expect(ConsoleHandover.terminal(forFunctionKey: 2, control: true, alt: false) == nil)
        #expect(ConsoleHandover.terminal(forFunctionKey: 13, control: true, alt: true) == nil)
    }
}
