/// The colour space an image's pixels are in, as its file says: an embedded ICC
/// profile, or coded primaries and a transfer curve (the nclx colour of HEIF and AVIF).
/// An image without either is taken to be sRGB and left as it is.
public enum SourceColor: Hashable, Sendable {
    case icc([UInt8])
    case coded(CodedColor)
}

/// Colour primaries (CIE xy of red, green, blue and white) and a transfer curve
/// (ITU-T H.273 code points), as HEIF's nclx box and AV1 streams give them.
public struct CodedColor: Hashable, Sendable {
    public var red: (x: Double, y: Double)
    public var green: (x: Double, y: Double)
    public var blue: (x: Double, y: Double)
    public var white: (x: Double, y: Double)
    /// H.273 transfer characteristics.
    public var transfer: Int

    public init(
        red: (x: Double, y: Double), green: (x: Double, y: Double), blue: (x: Double, y: Double),
        white: (x: Double, y: Double), transfer: Int
    ) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
        self.transfer = transfer
    }

    /// BT.709 / sRGB primaries with a D65 white.
    static let bt709Primaries: [Double] = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290]

    var numbers: [Double] { [red.x, red.y, green.x, green.y, blue.x, blue.y, white.x, white.y] }

    /// True when the pixels are already what an sRGB screen shows: BT.709 primaries
    /// with the sRGB or a BT.709-family curve (cameras' and encoders' usual choice).
    var isSRGBLike: Bool {
        let primariesMatch = zip(numbers, Self.bt709Primaries).allSatisfy { abs($0 - $1) < 0.002 }
        return primariesMatch && [1, 2, 6, 13, 14, 15].contains(transfer)
    }

    /// The transfer curve as a Little CMS parametric curve (type and parameters); nil for
    /// curves with no SDR equivalent (PQ, HLG), which are left as they are.
    var parametricCurve: (type: Int32, parameters: [Double])? {
        switch transfer {
        case 1, 6, 14, 15:  // BT.709 / BT.601 / BT.2020
            return (4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
        case 13, 2:  // sRGB (and unspecified, taken as sRGB)
            return (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case 4: return (1, [2.2])
        case 5: return (1, [2.8])
        case 8: return (1, [1.0])
        default: return nil
        }
    }

    public static func == (a: CodedColor, b: CodedColor) -> Bool {
        a.numbers == b.numbers && a.transfer == b.transfer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(numbers)
        hasher.combine(transfer)
    }
}
