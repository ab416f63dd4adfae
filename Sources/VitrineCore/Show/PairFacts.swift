/// What the show knows of a photo when deciding pairs (`--pair`): whether it is of the kind
/// that shares a slide on this screen (portrait on a landscape screen, landscape on a
/// portrait one), and the day it was taken. Known only once the photo is decoded.
public struct PairFacts: Equatable, Sendable {
    /// Its kind is the one that pairs on this screen.
    public var pairs: Bool
    /// The day it was taken, as EXIF writes it (`YYYY:MM:DD`); nil when unknown.
    public var day: String?

    public init(pairs: Bool, day: String? = nil) {
        self.pairs = pairs
        self.day = day
    }

    /// The kind of a photo of `size` on a screen of `screen`: a photo pairs when it is upright
    /// (by at least 5 %) on a landscape screen, or lying (by at least 5 %) on a portrait one.
    /// Square screens and square photos never pair.
    public static func pairs(_ size: Size, screen: Size) -> Bool {
        guard size.width > 0, size.height > 0 else { return false }
        if screen.width > screen.height { return size.height > size.width * 1.05 }
        if screen.height > screen.width { return size.width > size.height * 1.05 }
        return false
    }

    /// The day part of an EXIF `YYYY:MM:DD HH:MM:SS` date; nil when it is not one.
    public static func day(of dateTaken: String?) -> String? {
        guard let text = dateTaken, text.count >= 10 else { return nil }
        let day = String(text.prefix(10))
        let digits = day.filter(\.isNumber).count
        guard digits == 8, !day.hasPrefix("0000") else { return nil }
        return day
    }
}
