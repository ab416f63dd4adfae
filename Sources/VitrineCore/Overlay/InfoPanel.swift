import Foundation

/// The info panel: what is known about the photo (file name, date taken,
/// camera and lens, exposure, pixel size, caption, GPS position), in a panel
/// sized to its content near the top of the screen, over the photo dimmed to
/// about 40 %. It grows and fades in from its top edge; missing fields are left out.
public struct InfoPanel: Equatable, Sendable {
    /// One line: a label and its value.
    public struct Row: Equatable, Sendable {
        public var label: String
        public var value: String
        /// Lines the value may take (a long caption wraps).
        public var lines: Int
    }

    public var rows: [Row]
    /// The Hide and Favourite buttons under the rows, nil for none.
    public var actions: Actions?

    /// The buttons' state: whether the photo is a favourite already.
    public struct Actions: Equatable, Sendable {
        public var favourite: Bool
        public init(favourite: Bool) { self.favourite = favourite }
    }

    /// Where the buttons are, at full size.
    public struct ButtonRects: Equatable, Sendable {
        public var hide: Rect
        public var favourite: Rect
    }

    /// Seconds for the panel to open (scale and fade in), and to close.
    public static let openDuration = 0.25
    public static let closeDuration = 0.2
    /// How dark the cover makes the photo: it keeps 40 % of its light.
    public static let coverAlpha = 0.6
    /// The scale the panel grows from.
    static let startScale = 0.9

    /// The rows for a slide, what its file says and its pixel size.
    public init(slide: Slide?, metadata: ImageMetadata?, pixelSize: Size?, actions: Actions? = nil) {
        self.actions = slide == nil ? nil : actions
        var rows: [Row] = []
        func add(_ label: String, _ value: String?, lines: Int = 1) {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return }
            rows.append(Row(label: label, value: value, lines: lines))
        }
        if let slide { add("File", (slide.path as NSString).lastPathComponent) }
        add("Taken", metadata?.dateTaken.map(CaptionOverlay.readableDate))
        add("Camera", metadata?.camera)
        add("Lens", metadata?.lens)
        add("Exposure", metadata.flatMap(Self.exposure))
        if let size = pixelSize, !size.isEmpty {
            add("Size", "\(Int(size.width.rounded())) × \(Int(size.height.rounded())) px")
        }
        add("Caption", slide?.caption ?? metadata?.description, lines: 3)
        if let lat = metadata?.latitude, let lon = metadata?.longitude {
            add("Location", Self.position(latitude: lat, longitude: lon))
        }
        self.rows = rows
    }

    /// `1/250 s · f/2.8 · ISO 200 · 35 mm`, with what is known.
    static func exposure(_ m: ImageMetadata) -> String? {
        var parts: [String] = []
        if let t = m.exposureTime, t.isFinite, t > 0 {
            parts.append(t < 0.5 ? "1/\(Int((1 / t).rounded())) s" : "\(Self.short(t)) s")
        }
        if let f = m.fNumber, f.isFinite, f > 0 { parts.append("f/\(Self.short(f))") }
        if let iso = m.iso, iso > 0 { parts.append("ISO \(iso)") }
        if let mm = m.focalLength, mm.isFinite, mm > 0 { parts.append("\(Self.short(mm)) mm") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `48.8584° N, 2.2945° W`.
    static func position(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let lat = String(format: "%.4f° %@", abs(latitude), latitude < 0 ? "S" : "N")
        let lon = String(format: "%.4f° %@", abs(longitude), longitude < 0 ? "W" : "E")
        return lat + ", " + lon
    }

    /// 2.8 → "2.8", 35.0 → "35".
    static func short(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    // MARK: Layout

    /// Sizes in output pixels for an output.
    struct Metrics {
        var unit: Double
        var text: Double { 3.4 * unit }
        var rowHeight: Double { text * 1.45 }
        var padding: Double { 3 * unit }
        var gap: Double { 2.5 * unit }
        /// A rough average glyph width; the renderer wraps or cuts within the box, never outside it.
        var glyph: Double { 0.56 * text }
        /// A button's height: a phone's touch target (9 mm) or more on any panel.
        var button: Double { 8 * unit }
    }

    func metrics(_ output: Size) -> Metrics { Metrics(unit: min(output.width, output.height) / 100) }

    /// The label column's width.
    func labelWidth(_ m: Metrics) -> Double {
        Double(rows.map(\.label.count).max() ?? 0) * m.glyph + m.unit
    }

    /// The panel at full size: as wide as its longest line (within the screen), anchored near the top.
    public func rect(output: Size) -> Rect {
        let m = metrics(output)
        let widest = rows.map { Double($0.value.count) * m.glyph }.max() ?? 0
        let maxWidth = output.width - 6 * m.unit
        // Wide enough for both buttons' labels ("★ Favourite") side by side.
        let buttons = actions == nil ? 0 : 2 * m.padding + m.gap + 2 * (12 * m.glyph + 2 * m.unit)
        let width = min(max(2 * m.padding + labelWidth(m) + m.gap + widest, 40 * m.unit, buttons), maxWidth)
        let valueWidth = width - 2 * m.padding - labelWidth(m) - m.gap
        var height = 2 * m.padding
        for row in rows { height += m.rowHeight * Double(lines(row, valueWidth: valueWidth, m)) }
        if actions != nil { height += m.gap + m.button }
        height = min(height, output.height - 10 * m.unit)
        return Rect(x: (output.width - width) / 2, y: 5 * m.unit, width: width, height: max(height, 0))
    }

    /// The Hide and Favourite buttons along the panel's bottom, at full size; nil without them.
    public func buttonRects(output: Size) -> ButtonRects? {
        guard actions != nil else { return nil }
        return buttonRects(in: rect(output: output), metrics(output), scale: 1)
    }

    private func buttonRects(in panel: Rect, _ m: Metrics, scale s: Double) -> ButtonRects {
        let height = m.button * s
        let y = panel.maxY - m.padding * s - height
        let width = (panel.width - 2 * m.padding * s - m.gap * s) / 2
        return ButtonRects(
            hide: Rect(x: panel.minX + m.padding * s, y: y, width: width, height: height),
            favourite: Rect(x: panel.minX + m.padding * s + width + m.gap * s, y: y, width: width, height: height))
    }

    func lines(_ row: Row, valueWidth: Double, _ m: Metrics) -> Int {
        let needed = Int((Double(row.value.count) * m.glyph / max(valueWidth, 1)).rounded(.up))
        return min(max(needed, 1), row.lines)
    }

    /// The cover and the panel, `progress` of the way open (0…1).
    public func ops(output: Size, progress: Double) -> [DrawOp] {
        let p = min(max(progress, 0), 1)
        guard p > 0 else { return [] }
        let m = metrics(output)
        let full = rect(output: output)
        // Grows from its top edge's middle.
        let s = Self.startScale + (1 - Self.startScale) * Curve.easeOut(p)
        let panel = Rect(
            x: full.center.x - full.width * s / 2, y: full.minY, width: full.width * s, height: full.height * s)
        var ops: [DrawOp] = [
            .fill(rect: Rect(size: output), color: .black, alpha: Self.coverAlpha * p),
            .fill(rect: panel, color: RGBColor(r: 0x1E, g: 0x23, b: 0x2A), alpha: 0.95 * p),
        ]
        let labelWidth = labelWidth(m) * s
        let valueX = panel.minX + m.padding * s + labelWidth + m.gap * s
        let valueWidth = panel.maxX - m.padding * s - valueX
        var y = panel.minY + m.padding * s
        let buttons = actions.map { (rects: buttonRects(in: panel, m, scale: s), favourite: $0.favourite) }
        let rowsEnd = (buttons?.rects.hide.minY).map { $0 - m.gap * s } ?? panel.maxY - m.padding * s
        for row in rows {
            let n = lines(row, valueWidth: valueWidth / s, m)
            let height = m.rowHeight * s * Double(n)
            guard y + height <= rowsEnd + 1e-6 else { break }
            ops.append(
                .text(
                    TextBlock(
                        row.label, size: m.text * s, color: RGBColor(r: 0x9A, g: 0xA5, b: 0xB1), alignment: .leading,
                        shadow: false),
                    box: Rect(x: panel.minX + m.padding * s, y: y, width: labelWidth, height: m.rowHeight * s),
                    alpha: p))
            ops.append(
                .text(
                    TextBlock(row.value, size: m.text * s, alignment: .leading, maxLines: n, shadow: false),
                    box: Rect(x: valueX, y: y, width: valueWidth, height: height), alpha: p))
            y += height
        }
        if let buttons {
            let labels = [
                (buttons.rects.hide, "Hide", RGBColor(r: 0x3A, g: 0x41, b: 0x4B)),
                (
                    buttons.rects.favourite, buttons.favourite ? "★ Favourite" : "☆ Favourite",
                    buttons.favourite ? RGBColor(r: 0x8A, g: 0x6A, b: 0x12) : RGBColor(r: 0x3A, g: 0x41, b: 0x4B)
                ),
            ]
            for (rect, label, color) in labels {
                ops.append(.fill(rect: rect, color: color, alpha: p))
                ops.append(
                    .text(
                        TextBlock(label, size: m.text * s, alignment: .center, shadow: false),
                        box: Rect(
                            x: rect.minX + m.unit * s, y: rect.minY + (rect.height - m.rowHeight * s) / 2,
                            width: rect.width - 2 * m.unit * s, height: m.rowHeight * s), alpha: p))
            }
        }
        return ops
    }
}
