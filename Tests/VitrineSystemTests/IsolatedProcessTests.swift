import Foundation
import Testing
import VitrineTestSupport

/// Checks of what a whole process has (signal handlers, environment, open descriptors), each
/// run in a process of its own (the `vitrine-isolation-probe` test executable), so they neither
/// disturb nor are disturbed by the tests running in parallel with them.
@Suite struct IsolatedProcessTests {
    private func probe(_ check: String) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run([check], executable: Repository.product("vitrine-isolation-probe"))
        return (result.status, result.stdout)
    }

    @Test func sighupAsksForAReloadSigtermForAStopAndTakingClearsThem() throws {
        let result = try probe("signals")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("hup.reload=true hup.terminate=false cleared=true"))
        #expect(result.output.contains("both.reload=true both.terminate=true cleared=true"))
    }

    @Test func aSignalRingsTheRestingLoopEachTime() throws {
        let result = try probe("signal-ring")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("started=true again=false before=0 rings=2 reload=true"))
    }

    @Test func openingDescriptorsRaisesTheCountClosingLowersIt() throws {
        let result = try probe("descriptors")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("opened=64 closed=64"))
    }

    @Test func aRenderLoopThatStopsPresentingStopsPingingTheWatchdog() throws {
        let result = try probe("watchdog")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ready=1 pings=6"))
        #expect(result.output.contains("without-socket-sent=false"))
    }
}
