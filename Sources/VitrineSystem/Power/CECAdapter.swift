import CCEC
import Foundation
import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Why a CEC adapter could not be used: one line for the log.
public struct CECError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
}

/// One kernel CEC adapter (`/dev/cec0`), opened blocking: transmits wait until the frame is
/// sent and, when a reply is asked for, until it comes or its time runs out. Use it off the
/// render thread. Closing the adapter does not give up the logical address it claimed.
public final class CECAdapter {
    public let path: String
    private let device: FileDescriptor
    private var fd: Int32 { device.rawValue }

    public init(path: String) throws(CECError) {
        self.path = path
        do {
            device = try FileDescriptor.open(path, O_RDWR)
        } catch {
            throw CECError(description: error.description)
        }
        var caps = cec_caps()
        guard vitrine_cec_caps(device.rawValue, &caps) == 0 else {
            throw CECError(description: "not a CEC adapter (\(Errno.current))")
        }
    }

    /// Every `/dev/cec*` there is, by name.
    public static func present(in folder: String = "/dev") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("cec") && $0.dropFirst(3).allSatisfy(\.isNumber) && $0.count > 3 }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.map { "\(folder)/\($0)" }
    }

    /// The adapter's physical address; invalid when nothing with an EDID is plugged in.
    public func physicalAddress() -> CECPhysicalAddress {
        var address: UInt16 = 0xFFFF
        guard vitrine_cec_physical_address(fd, &address) == 0 else { return .invalid }
        return CECPhysicalAddress(value: address)
    }

    /// The first logical address the adapter has; when it has none, a playback address is
    /// claimed under `name` (the claim polls the bus, up to a second or so). nil when none can be had.
    public func logicalAddress(name: String) throws(CECError) -> UInt8? {
        var addresses = cec_log_addrs()
        if vitrine_cec_logical_addresses(fd, &addresses) == 0, addresses.num_log_addrs > 0 {
            return addresses.log_addr.0 == 0xFF ? nil : addresses.log_addr.0
        }
        let claimed = name.withCString { vitrine_cec_claim_playback(fd, $0, &addresses) }
        guard claimed == 0 else {
            let why = Errno.current
            if why == .busy, vitrine_cec_logical_addresses(fd, &addresses) == 0, addresses.num_log_addrs > 0 {
                return addresses.log_addr.0 == 0xFF ? nil : addresses.log_addr.0
            }
            throw CECError(description: "cannot claim a playback address (\(why))")
        }
        // The claim may still be under way when the physical address came late: read it again.
        if vitrine_cec_logical_addresses(fd, &addresses) == 0, addresses.num_log_addrs > 0,
            addresses.log_addr.0 != 0xFF
        {
            return addresses.log_addr.0
        }
        return nil
    }

    /// Sends `message`; with `reply`, waits up to `timeout` for the destination to answer with that opcode.
    public func transmit(_ message: CECMessage, reply: CECOpcode? = nil, timeout: Seconds) -> (
        outcome: CECSendOutcome, answer: CECMessage?
    ) {
        var frame = cec_msg()
        let bytes = message.bytes
        let milliseconds = UInt32(max(1, min(timeout.value, 60)) * 1000)
        let status = vitrine_cec_transmit(fd, bytes, UInt32(bytes.count), reply?.rawValue ?? 0, milliseconds, &frame)
        guard status == 0 else {
            let why = Errno.current
            return (why == .notOnNetwork ? .failed("no logical address (\(why))") : .failed(why.description), nil)
        }
        let tx = Int32(frame.tx_status)
        if tx & CEC_TX_STATUS_NACK != 0 { return (.notAcknowledged, nil) }
        guard tx & CEC_TX_STATUS_OK != 0 || tx == 0 else {
            return (.failed("transmit status 0x\(String(tx, radix: 16))"), nil)
        }
        guard reply != nil else { return (.acknowledged, nil) }
        let rx = Int32(frame.rx_status)
        guard rx & CEC_RX_STATUS_OK != 0 else { return (.acknowledged, nil) }
        let length = Int(min(frame.len, UInt32(CEC_MAX_MSG_SIZE)))
        let received = withUnsafeBytes(of: frame.msg) { Array($0.prefix(length)) }
        return (.acknowledged, CECMessage(bytes: received))
    }
}
