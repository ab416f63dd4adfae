/// What fills the screen around a letterboxed photo (`--fill`): a colour, or the photo
/// itself enlarged to cover the screen, blurred and dimmed.
public enum FillStyle: Equatable, Hashable, Sendable {
    case color(RGBColor)
    /// The photo's own backdrop: made small in the decode worker, drawn scaled up.
    case blur

    /// Parses `black`, `blur` or `#RRGGBB`; nil for anything else.
    public init?(_ text: String) {
        switch text {
        case "black": self = .color(.black)
        case "blur": self = .blur
        default:
            guard text.hasPrefix("#"), let color = RGBColor(hex: text) else { return nil }
            self = .color(color)
        }
    }

    /// The spellings `init?(_:)` takes, for messages.
    public static let spellings = "black, blur or #RRGGBB"

    /// As written on the command line: `black`, `blur` or `#rrggbb`.
    public var text: String {
        switch self {
        case .color(let color): return color == .black ? "black" : color.hex
        case .blur: return "blur"
        }
    }
}
