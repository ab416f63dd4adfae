import CSDL2
import CSDL2TTF
import VitrineCore
import VitrineMedia

/// Draws `TextBlock`s with SDL2_ttf. Each distinct line is rasterized once and
/// kept as a texture (a bounded cache), never per frame.
final class TextRenderer {
    /// DejaVu Sans, from Debian's fonts-dejavu-core.
    static let defaultRegular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let defaultBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// Line textures kept at most.
    static let cacheLimit = 96

    private let renderer: OpaquePointer
    private let regularPath: String
    private let boldPath: String?
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var lines: [LineKey: Texture] = [:]
    private var lastUse: [LineKey: Int] = [:]
    private var useCounter = 0
    private let log = Log("text")
    private var warned = false
    /// How many lines were rasterized so far (each is a cache miss).
    private(set) var rasterized = 0

    private struct FontKey: Hashable {
        var bold: Bool
        var size: Int
    }

    private struct LineKey: Hashable {
        var text: String
        var size: Int
        var bold: Bool
        var color: RGBColor
    }

    /// `fontPath` nil means DejaVu Sans (regular and bold).
    init(renderer: OpaquePointer, fontPath: String?) {
        self.renderer = renderer
        self.regularPath = fontPath ?? Self.defaultRegular
        self.boldPath = fontPath == nil ? Self.defaultBold : nil
        if TTF_WasInit() == 0 { TTF_Init() }
    }

    deinit {
        lines.removeAll()
        for font in fonts.values { TTF_CloseFont(font) }
    }

    private func font(bold: Bool, size: Int) -> OpaquePointer? {
        let key = FontKey(bold: bold, size: size)
        if let font = fonts[key] { return font }
        let path = bold ? (boldPath ?? regularPath) : regularPath
        guard let font = TTF_OpenFont(path, Int32(size)) else {
            if !warned {
                log.warning("cannot open the font \(path): \(SDLError.message()); text is not drawn (use --font FILE)")
                warned = true
            }
            return nil
        }
        if bold, boldPath == nil { TTF_SetFontStyle(font, TTF_STYLE_BOLD) }
        fonts[key] = font
        return font
    }

    private func width(of text: String, font: OpaquePointer) -> Double {
        var w: Int32 = 0
        var h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return Double(w)
    }

    private func texture(_ key: LineKey, font: OpaquePointer) -> Texture? {
        useCounter += 1
        if let texture = lines[key] {
            lastUse[key] = useCounter
            return texture
        }
        let color = SDL_Color(r: key.color.r, g: key.color.g, b: key.color.b, a: 255)
        guard let surface = TTF_RenderUTF8_Blended(font, key.text, color) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let handle = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        // A mode every renderer has: refused only for a texture that is not valid, and this one was just made.
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        let texture = Texture(handle: handle, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        rasterized += 1
        if lines.count >= Self.cacheLimit, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            lines[oldest] = nil
            lastUse[oldest] = nil
        }
        lines[key] = texture
        lastUse[key] = useCounter
        return texture
    }

    /// Lays `block` out inside `box` (centred vertically) and draws it clipped to the box.
    func draw(_ block: TextBlock, box: Rect, alpha: Double) {
        let size = max(6, Int(block.size.rounded()))
        guard alpha > 0, !block.text.isEmpty, box.width >= 1, box.height >= 1,
            let font = font(bold: block.bold, size: size)
        else { return }
        let lineHeight = Double(TTF_FontLineSkip(font))
        let fitting = max(1, min(block.maxLines, Int(box.height / max(lineHeight, 1))))
        let layout = TextLayout(maxWidth: box.width, maxLines: fitting)
        let laid = layout.lines(block.text) { width(of: $0, font: font) }
        var clip = SDL_Rect(
            x: Int32(box.x.rounded(.down)), y: Int32(box.y.rounded(.down)), w: Int32(box.width.rounded(.up)),
            h: Int32(box.height.rounded(.up)))
        // Here and below, as in `SceneRenderer.draw`: a failed clip or draw costs this frame, drawn
        // again at the next, so the results are not checked.
        SDL_RenderSetClipRect(renderer, &clip)
        defer { SDL_RenderSetClipRect(renderer, nil) }
        var y = box.y + (box.height - lineHeight * Double(laid.count)) / 2
        let shadowOffset = max(1, block.size / 16)
        for line in laid where !line.isEmpty {
            let key = LineKey(text: line, size: size, bold: block.bold, color: block.color)
            guard let glyphs = texture(key, font: font) else { continue }
            let w = Double(glyphs.width)
            let x: Double
            switch block.alignment {
            case .leading: x = box.x
            case .center: x = box.x + (box.width - w) / 2
            case .trailing: x = box.maxX - w
            }
            if block.shadow {
                var shadowKey = key
                shadowKey.color = .black
                if let shadow = texture(shadowKey, font: font) {
                    // A soft halo: the dark glyphs at four small offsets, faint each.
                    SDL_SetTextureAlphaMod(shadow.handle, SceneRenderer.byte(alpha * 0.35))
                    for (dx, dy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (0.0, 1.6)] {
                        var dst = SDL_FRect(
                            x: Float(x + dx * shadowOffset), y: Float(y + dy * shadowOffset),
                            w: Float(shadow.width), h: Float(shadow.height))
                        SDL_RenderCopyF(renderer, shadow.handle, nil, &dst)
                    }
                }
            }
            SDL_SetTextureAlphaMod(glyphs.handle, SceneRenderer.byte(alpha))
            var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(glyphs.width), h: Float(glyphs.height))
            SDL_RenderCopyF(renderer, glyphs.handle, nil, &dst)
            y += lineHeight
        }
    }
}
