/// The first screen of a device without a password: the page's address, a QR code of it,
/// and the one-time setup code the first visitor types to set the password.
public struct OnboardingScreen: Equatable, Sendable {
    /// The page's address, such as `http://vitrine-kitchen.local:8080/`.
    public var address: String
    /// The one-time setup code; nil once a password is set (then only the address shows).
    public var setupCode: String?
    /// The QR code of `address`: rows of modules, `true` for dark, without the quiet zone.
    public var modules: [[Bool]]

    public init(address: String, setupCode: String?, modules: [[Bool]]) {
        self.address = address
        self.setupCode = setupCode
        self.modules = modules
    }

    /// The title and the line above the address: setting the screen up while it has no
    /// password, adding photos once it has one (the folder is still empty).
    public var words: (title: String, invitation: String) {
        setupCode == nil
            ? ("No photos yet", "Add photos from a phone: scan the code, or open")
            : ("Set up this screen", "Scan the code with a phone, or open")
    }

    /// Light modules around the code, as the QR standard asks (4 modules).
    public static let quietZone = 4

    /// `12345678` → `1234 5678`, easier to read across a room.
    public static func spaced(_ code: String) -> String {
        var out = ""
        for (i, ch) in code.enumerated() {
            if i > 0, i % 4 == 0 { out.append(" ") }
            out.append(ch)
        }
        return out
    }

    /// Where the code's light square (quiet zone included) sits, and the size of one module:
    /// whole pixels, so every module has the same size and scanners read it.
    public func codeLayout(output: Size) -> (square: Rect, module: Double) {
        let side = modules.count + 2 * Self.quietZone
        let room = min(output.height * 0.62, output.width * 0.45)
        let module = max(1, (room / Double(max(side, 1))).rounded(.down))
        let length = module * Double(side)
        let left = output.width * 0.5 > length + output.width * 0.06 ? output.width * 0.08 : (output.width - length) / 2
        let top = ((output.height - length) / 2).rounded(.down)
        return (Rect(x: left.rounded(.down), y: top, width: length, height: length), module)
    }

    /// The screen as a scene of its own: the code on the left, the words on the right.
    public func scene(output: Size) -> Scene {
        let u = min(output.width, output.height) / 100
        let (square, module) = codeLayout(output: output)
        var ops: [DrawOp] = [.fill(rect: square, color: RGBColor(r: 255, g: 255, b: 255), alpha: 1)]
        let black = RGBColor(r: 0, g: 0, b: 0)
        let origin = square.x + Double(Self.quietZone) * module
        let originY = square.y + Double(Self.quietZone) * module
        for (y, row) in modules.enumerated() {
            // A run of dark modules in a row is one rectangle: fewer draw steps, no seams.
            var x = 0
            while x < row.count {
                guard row[x] else {
                    x += 1
                    continue
                }
                var end = x
                while end < row.count, row[end] { end += 1 }
                let rect = Rect(
                    x: origin + Double(x) * module, y: originY + Double(y) * module,
                    width: Double(end - x) * module, height: module)
                ops.append(.fill(rect: rect, color: black, alpha: 1))
                x = end
            }
        }
        let textLeft = square.x + square.width + 6 * u
        let textWidth = max(output.width - textLeft - 5 * u, output.width * 0.3)
        let soft = RGBColor(r: 0xC8, g: 0xD2, b: 0xDC)
        var y = square.y
        func line(_ text: String, size: Double, color: RGBColor = RGBColor(r: 255, g: 255, b: 255), bold: Bool = false)
        {
            let box = Rect(x: textLeft, y: y, width: textWidth, height: size * 1.3)
            ops.append(
                .text(
                    TextBlock(text, size: size, color: color, bold: bold, alignment: .leading, shadow: false),
                    box: box, alpha: 1))
            y += size * 1.6
        }
        line(words.title, size: 6 * u, bold: true)
        line(words.invitation, size: 3.6 * u, color: soft)
        line(address, size: 4.4 * u, bold: true)
        if let setupCode {
            y += 2 * u
            line("Setup code", size: 3.6 * u, color: soft)
            line(Self.spaced(setupCode), size: 8 * u, bold: true)
        }
        return Scene(size: output, background: StatusScreen.background, ops: ops)
    }
}
