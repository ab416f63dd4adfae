import Foundation
import Synchronization
import VitrineRemote
import VitrineTestSupport

/// A test client on the broker (the project's own `MQTTClient`) that records every message on `filters`.
final class Subscriber: Sendable {
    let client: MQTTClient
    private let inbox = Inbox()

    init(_ broker: Broker, filters: [String], id: String = "test-\(UUID().uuidString.prefix(8))") throws {
        var configuration = MQTTClient.Configuration(host: "127.0.0.1", port: broker.port, clientID: id)
        if let credentials = broker.credentials {
            configuration.username = credentials.username
            configuration.password = credentials.password
            configuration.caFile = broker.caFile
        }
        client = try MQTTClient(configuration, maximumPayload: 1 << 20)
        var handlers = MQTTClient.Handlers()
        handlers.connected = { [client] in
            for filter in filters { client.subscribe(filter) }
        }
        handlers.message = { [inbox] topic, payload in
            if case .bytes(let bytes) = payload { inbox.items.withLock { $0.append((topic, bytes)) } }
        }
        client.setHandlers(handlers)
        client.start()
        guard eventually(timeout: 10, { client.isConnected }) else { throw BrokerError("subscriber did not connect") }
    }

    deinit { client.stop() }

    /// Every message on `topic` so far, oldest first.
    func messages(on topic: String) -> [[UInt8]] {
        inbox.items.withLock { $0.filter { $0.topic == topic }.map(\.payload) }
    }

    /// The last message on `topic`, as text.
    func latest(_ topic: String) -> String? {
        messages(on: topic).last.map { String(decoding: $0, as: UTF8.self) }
    }

    func count(on topic: String) -> Int { messages(on: topic).count }

    var all: [(topic: String, payload: [UInt8])] { inbox.items.withLock { $0 } }

    func clear() { inbox.items.withLock { $0.removeAll() } }
}

private final class Inbox: Sendable {
    let items = Mutex<[(topic: String, payload: [UInt8])]>([])
}
