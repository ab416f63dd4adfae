/// The kernel's `struct input_event` stream of an evdev device, as bytes arrive: on 64-bit
/// Linux each event is 24 bytes (a `timeval` of two 64-bit words, then `type` and `code` as
/// 16-bit and `value` as 32-bit, in the machine's byte order). Bytes of an event cut across
/// two reads wait for the rest.
public struct InputEventStream: Sendable {
    /// One event: `type` (`EV_KEY` is 1), `code` (the key), `value` (1 down, 0 up, 2 repeat).
    public struct Event: Equatable, Sendable {
        public var type: UInt16
        public var code: UInt16
        public var value: Int32

        public init(type: UInt16, code: UInt16, value: Int32) {
            self.type = type
            self.code = code
            self.value = value
        }
    }

    /// Bytes of one event on 64-bit Linux.
    public static let eventSize = 24
    /// `EV_KEY` from linux/input-event-codes.h.
    public static let keyType: UInt16 = 1
    private var partial: [UInt8] = []

    public init() {}

    /// The whole events among `bytes` and those left over from before.
    public mutating func take(_ bytes: UnsafeRawBufferPointer) -> [Event] {
        partial.append(contentsOf: bytes)
        let whole = partial.count / Self.eventSize
        var events: [Event] = []
        events.reserveCapacity(whole)
        partial.withUnsafeBytes { raw in
            for i in 0..<whole {
                let start = i * Self.eventSize
                let type = raw.loadUnaligned(fromByteOffset: start + 16, as: UInt16.self)
                let code = raw.loadUnaligned(fromByteOffset: start + 18, as: UInt16.self)
                let value = raw.loadUnaligned(fromByteOffset: start + 20, as: Int32.self)
                events.append(Event(type: type, code: code, value: value))
            }
        }
        partial.removeFirst(whole * Self.eventSize)
        return events
    }

    /// Whether `event` says someone is present (key down) or gone (key up) for key `code`
    /// (nil: any key); nil for other events and key repeats.
    public static func presence(of event: Event, code: Int?) -> Bool? {
        guard event.type == keyType, code.map({ Int(event.code) == $0 }) ?? true else { return nil }
        switch event.value {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }
}
