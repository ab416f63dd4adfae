import Testing
import VitrineCore

@testable import VitrineSDL

/// A test double of the kernel's virtual terminal (none can be switched here): it hands out
/// the requests it is given and records what the player answers.
private final class RecordingTerminal: ConsoleSwitching {
    var queued: [ConsoleHandover.Request] = []
    var answers: [String] = []

    func requests() -> [ConsoleHandover.Request] {
        defer { queued = [] }
        return queued
    }
    func allowSwitch() { answers.append("allow") }
    func acknowledgeReturn() { answers.append("acknowledge") }
    func activate(_ number: Int) { answers.append("activate \(number)") }
}

@Suite("Console link")
struct ConsoleLinkTests {
    @Test func aSwitchAwayIsAllowedAndTheReturnAcknowledgedWithARedraw() {
        let terminal = RecordingTerminal()
        let link = ConsoleLink(terminal: terminal)
        #expect(!link.follow())
        terminal.queued = [.release]
        #expect(!link.follow())
        #expect(!link.onScreen)
        #expect(terminal.answers == ["allow"])
        // Frames while away: nothing asked, nothing answered, still away.
        #expect(!link.follow())
        #expect(!link.onScreen)
        terminal.queued = [.acquire]
        #expect(link.follow())
        #expect(link.onScreen)
        #expect(terminal.answers == ["allow", "acknowledge"])
        link.activate(3)
        #expect(terminal.answers.last == "activate 3")
    }
}
