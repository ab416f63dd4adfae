import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineSystem

@Suite("Watchdog through sd_notify")
struct WatchdogNotifierTests {
    @Test("a render loop that stops presenting stops sending WATCHDOG=1")
    func stalledLoopStopsPinging() throws {
        let socket = try FakeNotifySocket()
        setenv("NOTIFY_SOCKET", socket.path, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        let notifier = SystemdNotifier()
        var policy = WatchdogPolicy(watchdogSeconds: 1)
        let me = getpid()
        // Loop time (not the wall clock) of each line received, as the loop runs.
        var received: [(time: Double, line: String)] = []
        for frame in 0..<(60 * 6) {
            let t = Double(frame) / 60
            // Presents for 3 s, then spins without presenting (a hung renderer).
            if t < 3 {
                #expect(notifier.send(policy.framePresented(at: t, status: "showing 1/1")))
            }
            while let datagram = socket.receive(timeout: 0), datagram.sender == me {
                received += datagram.lines.map { (t, $0) }
            }
        }
        #expect(received.first?.line == "STATUS=showing 1/1")
        #expect(received.filter { $0.line == "READY=1" }.count == 1)
        let pings = received.filter { $0.line == "WATCHDOG=1" }.map(\.time)
        // Every half second while presenting: 0, 0.5, …, 2.5.
        #expect(pings.count == 6)
        #expect((pings.last ?? 99) < 3)
        #expect(!received.contains { $0.time >= 3 })
    }

    @Test("without NOTIFY_SOCKET nothing is sent and nothing fails")
    func noServiceManager() {
        // sd_notify reads the variable at each call; this suite is the only one setting it.
        guard ProcessInfo.processInfo.environment["NOTIFY_SOCKET"] == nil else { return }
        #expect(!SystemdNotifier().send([.ready]))
    }
}
