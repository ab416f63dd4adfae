/// How one CEC transmit ended.
public enum CECSendOutcome: Equatable, Sendable {
    /// The destination acknowledged it (or it was a broadcast).
    case acknowledged
    /// Nobody at the destination acknowledged it (no TV, or it is unplugged).
    case notAcknowledged
    /// The adapter could not send it (arbitration lost, an error): why.
    case failed(String)
}

/// What happened on one adapter when the TV was told to go on or off, and what it said after.
public struct CECAdapterReport: Equatable, Sendable {
    public var device: String
    public var physical: CECPhysicalAddress
    /// The logical address the player had on that adapter; nil when it had none.
    public var logical: UInt8?
    /// On or off; nil when only the TV's status was asked.
    public var askedOn: Bool?
    /// Each message sent and how it ended, in order.
    public var sent: [(message: CECMessage, outcome: CECSendOutcome)] = []
    /// What the TV reported of its power, when it answered.
    public var tv: CECPowerStatus?
    /// Why nothing (more) could be done, when something went wrong.
    public var problem: String?

    public init(device: String, physical: CECPhysicalAddress, logical: UInt8?, askedOn: Bool?) {
        self.device = device
        self.physical = physical
        self.logical = logical
        self.askedOn = askedOn
    }

    public static func == (a: CECAdapterReport, b: CECAdapterReport) -> Bool {
        a.device == b.device && a.physical == b.physical && a.logical == b.logical && a.askedOn == b.askedOn
            && a.sent.map(\.message) == b.sent.map(\.message) && a.sent.map(\.outcome) == b.sent.map(\.outcome)
            && a.tv == b.tv && a.problem == b.problem
    }

    /// Whether the TV says it is where it was asked to go.
    public var reached: Bool { tv.map { askedOn == nil || $0.isOn == askedOn } ?? false }

    /// Whether the adapter is a TV's own (not one the player speaks from): left alone, not a failure.
    public var isTV: Bool { logical == CECMessage.tv }

    /// One line: the TV's state, or what went wrong.
    public var summary: String {
        if let tv { return "tv \(tv)" }
        if let problem { return problem }
        return "tv did not answer"
    }
}

/// One "TV on" or "TV off" on one adapter (or, with `on` nil, only the question how it is):
/// which messages go out, in order, and what the outcomes and the TV's answer to Give Device
/// Power Status make of it. Pure; the adapter's worker (VitrineSystem) sends and receives.
public struct CECTurn: Sendable {
    public let on: Bool?
    public private(set) var report: CECAdapterReport

    public init(on: Bool?, device: String, physical: CECPhysicalAddress, logical: UInt8?) {
        self.on = on
        report = CECAdapterReport(device: device, physical: physical, logical: logical, askedOn: on)
        if !physical.isValid {
            report.problem = "no live link (no physical address: nothing plugged in, or no EDID)"
        } else if logical == nil {
            report.problem = "no logical address could be claimed"
        } else if logical == CECMessage.tv {
            report.problem = "the adapter is a TV's own (logical address 0), not a source; nothing sent"
        }
    }

    /// Whether there is anything to send (a live link and a logical address).
    public var canSend: Bool { report.problem == nil }

    /// The messages to send: Image View On and Active Source to wake, Standby to the TV to sleep.
    public var messages: [CECMessage] {
        guard canSend, let logical = report.logical, let on else { return [] }
        if on {
            return [.imageViewOn(from: logical), .activeSource(from: logical, physical: report.physical)]
        }
        return [.standby(from: logical)]
    }

    /// The question asked after the messages; its answer is a Report Power Status.
    public var statusQuery: CECMessage? {
        guard canSend, let logical = report.logical else { return nil }
        return .giveDevicePowerStatus(from: logical)
    }

    /// Records how sending `message` ended. Returns false when the rest should not be sent
    /// (the TV did not take the first message).
    public mutating func sent(_ message: CECMessage, _ outcome: CECSendOutcome) -> Bool {
        report.sent.append((message, outcome))
        switch outcome {
        case .acknowledged: return true
        case .notAcknowledged:
            guard message.destination != CECMessage.broadcast else { return true }
            report.problem = "the TV did not acknowledge \(message.description)"
            return message.known != .giveDevicePowerStatus && report.sent.count > 1
        case .failed(let why):
            report.problem = "could not send \(message.description): \(why)"
            return false
        }
    }

    /// The reply to the status query, or nil when none came within the deadline (`seconds`).
    public mutating func answered(_ reply: CECMessage?, within seconds: Seconds) {
        guard let reply else {
            if report.problem == nil {
                report.problem =
                    "tv did not answer Give Device Power Status within \(StateReport.number(seconds.value)) s"
            }
            return
        }
        if let status = reply.powerStatus {
            report.tv = status
            report.problem = nil
        } else if let abort = reply.abort {
            report.problem = "tv refused Give Device Power Status (feature abort, reason \(abort.reason))"
        } else {
            report.problem = "tv answered \(reply.description)"
        }
    }
}
