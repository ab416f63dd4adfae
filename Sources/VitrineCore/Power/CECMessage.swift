/// An HDMI-CEC physical address (a.b.c.d); 0xFFFF means no link (nothing is plugged, or
/// the other side gave no EDID).
public struct CECPhysicalAddress: Equatable, Sendable, CustomStringConvertible {
    public var value: UInt16
    public static let invalid = CECPhysicalAddress(value: 0xFFFF)

    public init(value: UInt16) {
        self.value = value
    }

    public var isValid: Bool { value != 0xFFFF }

    public var description: String {
        guard isValid else { return "none" }
        return [12, 8, 4, 0].map { String((value >> UInt16($0)) & 0xF, radix: 16) }.joined(separator: ".")
    }
}

/// What a TV says of its power (the operand of Report Power Status).
public enum CECPowerStatus: UInt8, Sendable, CustomStringConvertible {
    case on = 0
    case standby = 1
    case turningOn = 2
    case turningStandby = 3

    public var description: String {
        switch self {
        case .on: return "on"
        case .standby: return "standby"
        case .turningOn: return "turning on"
        case .turningStandby: return "going to standby"
        }
    }

    /// Whether the TV is, or is on its way to being, on.
    public var isOn: Bool { self == .on || self == .turningOn }
}

/// The CEC opcodes the player sends and reads.
public enum CECOpcode: UInt8, Sendable {
    case featureAbort = 0x00
    case imageViewOn = 0x04
    case standby = 0x36
    case setOSDName = 0x47
    case activeSource = 0x82
    case giveDevicePowerStatus = 0x8F
    case reportPowerStatus = 0x90
}

/// One CEC frame: header (initiator and destination logical addresses), opcode and operands,
/// as bytes for CEC_TRANSMIT and back from CEC_RECEIVE.
public struct CECMessage: Equatable, Sendable, CustomStringConvertible {
    /// Logical addresses: the TV is 0, 15 is broadcast (as destination) or unregistered (as initiator).
    public static let tv: UInt8 = 0
    public static let broadcast: UInt8 = 15
    /// The most bytes a CEC frame holds.
    public static let maximumLength = 16

    public var initiator: UInt8
    public var destination: UInt8
    /// The opcode byte; nil for a poll (a header alone).
    public var opcode: UInt8?
    public var operands: [UInt8]

    public init(from initiator: UInt8, to destination: UInt8, opcode: UInt8?, operands: [UInt8] = []) {
        self.initiator = initiator & 0xF
        self.destination = destination & 0xF
        self.opcode = opcode
        self.operands = opcode == nil ? [] : Array(operands.prefix(Self.maximumLength - 2))
    }

    public init(from initiator: UInt8, to destination: UInt8, _ opcode: CECOpcode, operands: [UInt8] = []) {
        self.init(from: initiator, to: destination, opcode: opcode.rawValue, operands: operands)
    }

    /// A frame as read from the bus; nil when it is empty or longer than a frame can be.
    public init?(bytes: [UInt8]) {
        guard let header = bytes.first, bytes.count <= Self.maximumLength else { return nil }
        self.init(
            from: header >> 4, to: header & 0xF, opcode: bytes.count > 1 ? bytes[1] : nil,
            operands: Array(bytes.dropFirst(2)))
    }

    /// The frame's bytes.
    public var bytes: [UInt8] {
        [initiator << 4 | destination] + (opcode.map { [$0] + operands } ?? [])
    }

    public var known: CECOpcode? { opcode.flatMap(CECOpcode.init(rawValue:)) }

    /// The TV's power status, when this is a Report Power Status.
    public var powerStatus: CECPowerStatus? {
        guard known == .reportPowerStatus, let first = operands.first else { return nil }
        return CECPowerStatus(rawValue: first)
    }

    /// For Feature Abort: the opcode refused and why (0 unrecognised, 1 wrong mode, 2 cannot provide, 3 invalid, 4 refused).
    public var abort: (opcode: UInt8, reason: UInt8)? {
        guard known == .featureAbort, operands.count >= 2 else { return nil }
        return (operands[0], operands[1])
    }

    public static func standby(from initiator: UInt8, to destination: UInt8 = tv) -> CECMessage {
        CECMessage(from: initiator, to: destination, .standby)
    }

    public static func imageViewOn(from initiator: UInt8) -> CECMessage {
        CECMessage(from: initiator, to: tv, .imageViewOn)
    }

    /// Broadcast: this device is the one to show (so the TV switches its input to it).
    public static func activeSource(from initiator: UInt8, physical: CECPhysicalAddress) -> CECMessage {
        CECMessage(
            from: initiator, to: broadcast, .activeSource,
            operands: [UInt8(physical.value >> 8), UInt8(physical.value & 0xFF)])
    }

    public static func giveDevicePowerStatus(from initiator: UInt8, to destination: UInt8 = tv) -> CECMessage {
        CECMessage(from: initiator, to: destination, .giveDevicePowerStatus)
    }

    public static func reportPowerStatus(from initiator: UInt8, to destination: UInt8, _ status: CECPowerStatus)
        -> CECMessage
    {
        CECMessage(from: initiator, to: destination, .reportPowerStatus, operands: [status.rawValue])
    }

    public var description: String {
        let name: String
        switch known {
        case .featureAbort?: name = "Feature Abort"
        case .imageViewOn?: name = "Image View On"
        case .standby?: name = "Standby"
        case .setOSDName?: name = "Set OSD Name"
        case .activeSource?: name = "Active Source"
        case .giveDevicePowerStatus?: name = "Give Device Power Status"
        case .reportPowerStatus?: name = "Report Power Status"
        case nil: name = opcode.map { "opcode 0x" + String($0, radix: 16) } ?? "poll"
        }
        var text = "\(initiator)->\(destination) \(name)"
        if let status = powerStatus { text += " (\(status))" }
        return text
    }
}
