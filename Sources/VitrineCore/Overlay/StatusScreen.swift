/// A full screen that says what is wrong or going on, instead of a black one.
public enum StatusScreen: Equatable, Sendable {
    /// No images yet in these folders.
    case noImages(folders: [String])
    /// Scanning folders; `total` when known.
    case scanning(found: Int, total: Int?)
    /// The playlist cannot be used.
    case playlistError(file: String, line: Int?, message: String)
    /// The display switches off soon.
    case displayOffSoon(minutes: Int)
    /// No images yet, and the web page is on: its address, QR code and setup code.
    case onboarding(OnboardingScreen)
    /// No images yet from a network source: its server (host and port) and what keeps them.
    case waitingForNetwork(host: String, reason: String)

    /// The calm background of status screens.
    public static let background = RGBColor(r: 0x1C, g: 0x25, b: 0x30)

    /// Title and explanation.
    public var lines: (title: String, body: String) {
        switch self {
        case .noImages(let folders):
            let list = folders.isEmpty ? "the picture folder" : folders.joined(separator: ", ")
            return (
                "No images yet", "No images in \(list): copy JPEG, PNG or WebP files there; watching for new files."
            )
        case .scanning(let found, let total):
            let count =
                total.map { "Indexing \(Self.grouped(found)) of \(Self.grouped($0))" }
                ?? "Indexing \(Self.grouped(found)) files"
            return ("Getting ready", count)
        case .playlistError(let file, let line, let message):
            let place = line.map { "\(file), line \($0)" } ?? file
            return ("Playlist error", "\(place): \(message)")
        case .displayOffSoon(let minutes):
            let when = minutes <= 1 ? "in a minute" : "in \(minutes) minutes"
            return ("Display switching off", "The screen turns off \(when), as scheduled.")
        case .onboarding(let screen):
            return (screen.words.title, screen.address)
        case .waitingForNetwork(let host, let reason):
            return ("No photos yet", "Waiting for photos from \(host): \(reason)")
        }
    }

    /// 25000 → "25,000".
    static func grouped(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// The screen as a scene of its own.
    public func scene(output: Size) -> Scene {
        if case .onboarding(let screen) = self { return screen.scene(output: output) }
        let u = min(output.width, output.height) / 100
        let (title, body) = lines
        let titleSize = 7 * u
        let bodySize = 4 * u
        let width = output.width * 0.8
        let x = (output.width - width) / 2
        let titleBox = Rect(x: x, y: output.height * 0.5 - titleSize * 1.6, width: width, height: titleSize * 1.3)
        let bodyBox = Rect(x: x, y: output.height * 0.5 + u, width: width, height: bodySize * 1.3 * 4)
        return Scene(
            size: output, background: Self.background,
            ops: [
                .text(TextBlock(title, size: titleSize, bold: true, shadow: false), box: titleBox, alpha: 1),
                .text(
                    TextBlock(
                        body, size: bodySize, color: RGBColor(r: 0xC8, g: 0xD2, b: 0xDC), maxLines: 4, shadow: false),
                    box: bodyBox, alpha: 1),
            ])
    }
}
