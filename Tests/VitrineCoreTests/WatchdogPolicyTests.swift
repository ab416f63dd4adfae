import Testing
import VitrineCore

/// A reading of the monotonic clock `seconds` after its start.
private func at(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: seconds) }

@Suite("Watchdog policy")
struct WatchdogPolicyTests {
    /// A render loop at 60 frames a second that presents until `stallAt`, then
    /// keeps running without presenting (a hung driver) until `end`. Returns
    /// each message with the loop time it was sent at.
    func run(watchdog: Seconds?, stallAt: Double, end: Double) -> [(time: Double, message: ServiceMessage)] {
        var policy = WatchdogPolicy(watchdogSeconds: watchdog)
        var sent: [(Double, ServiceMessage)] = []
        var frame = 0
        while true {
            let t = Double(frame) / 60
            guard t <= end else { break }
            frame += 1
            guard t < stallAt else { continue }
            let status = "showing \(Int(t / 2) % 3 + 1)/3"
            for message in policy.framePresented(at: at(t), status: status) { sent.append((t, message)) }
        }
        return sent
    }

    @Test("after another STATUS line (a reload), the next frame says what shows again, unchanged or not")
    func statusAgainAfterAReload() {
        var policy = WatchdogPolicy(watchdogSeconds: nil)
        _ = policy.framePresented(at: at(0), status: "paused 3/10")
        #expect(policy.framePresented(at: at(2), status: "paused 3/10").isEmpty)
        // The service hooks sent "reloading" themselves; the slide and the pause are kept.
        policy.statusReplaced()
        #expect(policy.framePresented(at: at(2.1), status: "paused 3/10") == [.status("paused 3/10")])
        #expect(policy.framePresented(at: at(4), status: "paused 3/10").isEmpty)
    }

    @Test("a slide change held back by the pace goes out at rest, when it may, without a ping")
    func heldBackStatusGoesOutAtRest() throws {
        var policy = WatchdogPolicy(watchdogSeconds: 4)
        // The status screen is READY at 0; the first photo shows 0.3 s later and then rests.
        _ = policy.framePresented(at: at(0), status: "loading")
        #expect(policy.framePresented(at: at(0.3), status: "showing 1/6 00.bmp").isEmpty)
        let early = policy.frameRested(at: at(0.5), status: "showing 1/6 00.bmp")
        #expect(early.messages.isEmpty)
        let wait = try #require(early.wait)
        #expect(abs(wait.value - 0.5) < 1e-9)
        let due = policy.frameRested(at: at(0.5) + wait, status: "showing 1/6 00.bmp")
        #expect(due.messages == [.status("showing 1/6 00.bmp")])
        #expect(due.wait == nil)
        // Nothing more while it rests unchanged.
        let later = policy.frameRested(at: at(3), status: "showing 1/6 00.bmp")
        #expect(later.messages.isEmpty && later.wait == nil)
    }

    @Test("READY once, with the first frame")
    func readyOnce() {
        let sent = run(watchdog: 4, stallAt: 10, end: 10)
        let ready = sent.filter { $0.message == .ready }
        #expect(ready.count == 1)
        #expect(ready.first?.time == 0)
    }

    @Test("WATCHDOG about every half interval while frames are presented, none after they stop")
    func pingsStopWithFrames() throws {
        let sent = run(watchdog: 4, stallAt: 10, end: 30)
        let pings = sent.filter { $0.message == .watchdog }.map(\.time)
        // 0, 2, 4, 6, 8: at half the 4 s interval.
        #expect(pings.count == 5)
        for (a, b) in zip(pings, pings.dropFirst()) {
            #expect(b - a >= 2 && b - a < 2 + 1.0 / 60 + 1e-9)
        }
        let last = try #require(pings.last)
        #expect(last < 10)
        #expect(sent.allSatisfy { $0.time < 10 })
    }

    @Test("no WATCHDOG without a watchdog interval, READY and STATUS still")
    func noWatchdog() {
        let sent = run(watchdog: nil, stallAt: 10, end: 10)
        #expect(!sent.contains { $0.message == .watchdog })
        #expect(sent.contains { $0.message == .ready })
        #expect(sent.contains { $0.message == .status("showing 1/3") })
    }

    @Test("STATUS when what is showing changes, not every frame")
    func statusOnChange() {
        let statuses = run(watchdog: 4, stallAt: 7, end: 7).compactMap { entry -> String? in
            if case .status(let line) = entry.message { return line }
            return nil
        }
        #expect(statuses == ["showing 1/3", "showing 2/3", "showing 3/3", "showing 1/3"])
    }

    @Test("READY waits for a frame with content; the frames before it still ping")
    func readyWaitsForContent() {
        var policy = WatchdogPolicy(watchdogSeconds: 1)
        var sent: [(time: Double, message: ServiceMessage)] = []
        // Black frames while the first photo decodes and fades in, then the photo in full at 1.5 s.
        for frame in 0..<180 {
            let t = Double(frame) / 60
            for message in policy.framePresented(at: at(t), status: "showing 1/3", showsContent: t >= 1.5) {
                sent.append((t, message))
            }
        }
        let ready = sent.filter { $0.message == .ready }.map(\.time)
        #expect(ready == [1.5])
        #expect(sent.contains { $0.message == .watchdog && $0.time < 1.5 })
        #expect(!sent.contains { $0.message == .status("showing 1/3") && $0.time < 1.5 })
    }

    @Test("messages are sd_notify lines")
    func texts() {
        #expect(ServiceMessage.ready.text == "READY=1")
        #expect(ServiceMessage.watchdog.text == "WATCHDOG=1")
        #expect(ServiceMessage.status("showing 1/3").text == "STATUS=showing 1/3")
        #expect(ServiceMessage.stopping.text == "STOPPING=1")
    }
}
