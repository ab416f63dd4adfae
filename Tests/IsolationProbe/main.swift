// Checks that change or count what a whole process has (its signal handlers, its
// environment, its open descriptors), each run by the tests in a process of its own so
// they cannot disturb, or be disturbed by, tests running in parallel. Prints what it saw,
// one `name=value` a line, and exits 0 when the check holds.
import Foundation
import Glibc
import VitrineCore
import VitrineSystem
import VitrineTestSupport

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Sends `signals` to this process and collects the flags until `expected` is seen or 10 s pass.
func deliver(_ signals: [Int32], expecting expected: ServiceSignals) -> ServiceSignals {
    for signal in signals { kill(getpid(), signal) }
    var seen = ServiceSignals()
    let deadline = Date().addingTimeInterval(10)
    while seen != expected, Date() < deadline {
        let taken = ServiceSignals.take()
        seen.terminate = seen.terminate || taken.terminate
        seen.reload = seen.reload || taken.reload
        sched_yield()
    }
    return seen
}

func signals() -> Bool {
    ServiceSignals.install()
    _ = ServiceSignals.take()
    let hup = deliver([SIGHUP], expecting: ServiceSignals(reload: true))
    let clearedAfterHup = ServiceSignals.take().isEmpty
    let both = deliver([SIGTERM, SIGHUP], expecting: ServiceSignals(terminate: true, reload: true))
    let clearedAfterBoth = ServiceSignals.take().isEmpty
    say("hup.reload=\(hup.reload) hup.terminate=\(hup.terminate) cleared=\(clearedAfterHup)")
    say("both.reload=\(both.reload) both.terminate=\(both.terminate) cleared=\(clearedAfterBoth)")
    return hup == ServiceSignals(reload: true) && clearedAfterHup
        && both == ServiceSignals(terminate: true, reload: true) && clearedAfterBoth
}

func descriptors() -> Bool {
    guard let before = ProcessResources.openDescriptors() else { return false }
    let opened = (0..<64).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
    let during = ProcessResources.openDescriptors() ?? -1
    opened.forEach { close($0) }
    let after = ProcessResources.openDescriptors() ?? -1
    say("opened=\(during - before) closed=\(during - after)")
    return opened.allSatisfy { $0 >= 0 } && during - before == 64 && during - after == 64
}

/// A render loop that presents for 3 s, then stops: WATCHDOG=1 every half second while it presents, then none.
func watchdog() -> Bool {
    guard let socket = try? FakeNotifySocket() else { return false }
    setenv("NOTIFY_SOCKET", socket.path, 1)
    let notifier = SystemdNotifier()
    var policy = WatchdogPolicy(watchdogSeconds: 1)
    var received: [(time: Double, line: String)] = []
    for frame in 0..<(60 * 6) {
        let t = Double(frame) / 60
        if t < 3, !notifier.send(policy.framePresented(at: t, status: "showing 1/1")) { return false }
        while let datagram = socket.receive(timeout: 0), datagram.sender == getpid() {
            received += datagram.lines.map { (t, $0) }
        }
    }
    unsetenv("NOTIFY_SOCKET")
    let pings = received.filter { $0.line == "WATCHDOG=1" }.map(\.time)
    let readies = received.filter { $0.line == "READY=1" }.count
    say("first=\(received.first?.line ?? "-") ready=\(readies) pings=\(pings.count) last=\(pings.last ?? -1)")
    // Without the variable nothing is sent, and nothing fails.
    let quiet = !SystemdNotifier().send([.ready])
    say("without-socket-sent=\(!quiet)")
    return received.first?.line == "STATUS=showing 1/1" && readies == 1 && pings.count == 6
        && (pings.last ?? 99) < 3 && !received.contains { $0.time >= 3 } && quiet
}

/// Counts calls from the ringing thread.
final class RingCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func ring() { lock.withLock { count += 1 } }
}

/// A signal rings the resting loop (`ringOnSignal`), once a signal, and a second call is refused.
func signalRing() -> Bool {
    ServiceSignals.install()
    let rings = RingCount()
    let started = ServiceSignals.ringOnSignal { rings.ring() }
    let again = ServiceSignals.ringOnSignal { rings.ring() }
    let beforeAny = rings.value
    kill(getpid(), SIGHUP)
    let first = eventually { rings.value >= 1 }
    let reload = ServiceSignals.take().reload
    kill(getpid(), SIGTERM)
    let second = eventually { rings.value >= 2 }
    say("started=\(started) again=\(again) before=\(beforeAny) rings=\(rings.value) reload=\(reload)")
    return started && !again && beforeAny == 0 && first && second && reload && ServiceSignals.take().terminate
}

let checks: [String: () -> Bool] = [
    "signals": signals, "signal-ring": signalRing, "descriptors": descriptors, "watchdog": watchdog,
]
guard CommandLine.arguments.count == 2, let check = checks[CommandLine.arguments[1]] else {
    say("usage: vitrine-isolation-probe \(checks.keys.sorted().joined(separator: "|"))")
    exit(2)
}
exit(check() ? 0 : 1)
