import CMosquitto

/// What a libmosquitto call answered: `MOSQ_ERR_SUCCESS`, or why not in its own words.
struct MosquittoStatus: Equatable, Sendable, CustomStringConvertible {
    let rawValue: Int32

    init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    static let success = MosquittoStatus(MOSQ_ERR_SUCCESS.rawValue)

    var succeeded: Bool { self == .success }

    var description: String {
        mosquitto_strerror(rawValue).map { String(cString: $0) } ?? "error \(rawValue)"
    }
}
