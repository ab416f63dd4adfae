/// An sRGB colour with 8 bits a channel.
public struct RGBColor: Equatable, Hashable, Sendable, Codable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGBColor(r: 0, g: 0, b: 0)

    /// Parses `#RRGGBB` (the `#` is optional). Nil when it is anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(r: UInt8((value >> 16) & 0xFF), g: UInt8((value >> 8) & 0xFF), b: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        let value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let digits = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
