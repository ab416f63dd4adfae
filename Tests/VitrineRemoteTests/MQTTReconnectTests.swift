import Foundation
import Testing
import VitrineCore
import VitrineRemote
import VitrineTestSupport

/// A broker that goes away and comes back: the screen tries again after 1, 2, 4, 8, then every
/// 15 s, however long it has run, and is back within 2 s of the broker plus the wait it was in.
@Suite struct MQTTReconnectTests {
    /// Stops the broker for `down` seconds (measured from when the screen saw it go), starts it
    /// again and returns how long the screen took to be connected again, and its waits.
    private func outage(_ id: String, down: Double) throws -> (back: Double, waits: [Int]) {
        let broker = try Broker()
        let remote = try RemoteHarness.remote(broker, id: id)
        defer { remote.stop() }
        let bridge = try #require(remote.bridge)
        broker.stop()
        #expect(eventually(timeout: 10) { !bridge.isConnected })
        let lost = ContinuousClock.now
        // The broker stays down until `down` seconds have passed while the screen keeps trying.
        #expect(eventually(timeout: down + 5) { !bridge.isConnected && ContinuousClock.now - lost >= .seconds(down) })
        try broker.start()
        let restarted = ContinuousClock.now
        #expect(eventually(timeout: 30) { bridge.isConnected })
        let back = ContinuousClock.now - restarted
        // And it says so: retained availability is online again on the fresh broker.
        let subscriber = try Subscriber(broker, filters: ["vitrine/\(id)/availability"])
        #expect(eventually(timeout: 10) { subscriber.latest("vitrine/\(id)/availability") == "online" })
        let seconds = Double(back.components.seconds) + Double(back.components.attoseconds) * 1e-18
        let waits = remote.bridge?.reconnectWaits ?? []
        print("broker down \(down) s: connected again \(seconds) s after it restarted; waits \(waits)")
        return (seconds, waits)
    }

    @Test func aBrokerDownFiveSecondsIsBackWithinTheBackoffStep() throws {
        let (back, waits) = try outage("down5-frame", down: 5)
        // Attempts 1, 3 and 7 s after the loss: the last wait before success was 4 s.
        #expect(Array(waits.prefix(3)) == [1, 2, 4], "\(waits)")
        #expect(back <= 2 + 4, "back \(back) s after the broker")
    }

    @Test func aBrokerDownTwentySecondsIsBackWithinTheLongestStep() throws {
        let (back, waits) = try outage("down20-frame", down: 20)
        #expect(Array(waits.prefix(5)) == [1, 2, 4, 8, 15], "\(waits)")
        #expect(waits.allSatisfy { $0 <= 15 })
        #expect(back <= 2 + 15, "back \(back) s after the broker")
    }
}
