import Testing
import VitrineCore

@testable import VitrineSystem

@Suite("Virtual terminal")
struct VirtualTerminalTests {
    @Test func theControllingTerminalIsReadFromProcStat() {
        // tty_nr 1025 = major 4, minor 1: /dev/tty1. The command name may hold spaces and parentheses.
        let tty1 = "1234 (vitrine (play) x) S 1 1234 1234 1025 1234 4194560 0 0"
        #expect(VirtualTerminal.controllingTerminal(stat: tty1) == 1)
        // major 136: a pseudo-terminal (an ssh session), not a virtual terminal.
        #expect(VirtualTerminal.controllingTerminal(stat: "9 (sh) S 1 9 9 34816 9 0") == nil)
        // No controlling terminal at all (a service without TTYPath=).
        #expect(VirtualTerminal.controllingTerminal(stat: "9 (vitrine) S 1 9 9 0 -1 0") == nil)
        #expect(VirtualTerminal.controllingTerminal(stat: "garbage") == nil)
    }

    @Test func thisTestRunnerIsOnNoVirtualTerminalSoNoneIsOpened() {
        // Run by a test runner with no console of its own: nothing is taken, nil is returned.
        guard VirtualTerminal.controllingTerminal() == nil else { return }
        #expect(VirtualTerminal.open() == nil)
    }
}
