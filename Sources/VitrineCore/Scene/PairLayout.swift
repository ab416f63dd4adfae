/// Where the two photos of a pair (`--pair`) go: side by side on a landscape screen, stacked
/// on a portrait one, each letterboxed in its half, the two together centred with a gap of
/// the background colour between them. Rounded to whole pixels, so the gap is exact.
public enum PairLayout {
    /// The gap between the two photos, as a part of the screen's longer side.
    public static let gapFraction = 0.02

    /// The gap in pixels on `screen`.
    public static func gap(on screen: Rect) -> Double {
        max(2, (max(screen.width, screen.height) * gapFraction).rounded())
    }

    /// The rectangles of the first photo (left or top) and the second.
    public static func rects(_ first: Size, _ second: Size, in screen: Rect) -> (Rect, Rect) {
        let gap = gap(on: screen)
        let across = screen.width >= screen.height
        let half =
            across
            ? Size(width: (screen.width - gap) / 2, height: screen.height)
            : Size(width: screen.width, height: (screen.height - gap) / 2)
        func fitted(_ image: Size) -> Size {
            let r = FitMode.contain.rect(for: image, in: Rect(size: half))
            return Size(width: r.width.rounded(), height: r.height.rounded())
        }
        let a = fitted(first)
        let b = fitted(second)
        if across {
            let left = (screen.x + (screen.width - a.width - gap - b.width) / 2).rounded()
            let ra = Rect(x: left, y: (screen.center.y - a.height / 2).rounded(), width: a.width, height: a.height)
            let rb = Rect(
                x: left + a.width + gap, y: (screen.center.y - b.height / 2).rounded(), width: b.width, height: b.height
            )
            return (ra, rb)
        }
        let top = (screen.y + (screen.height - a.height - gap - b.height) / 2).rounded()
        let ra = Rect(x: (screen.center.x - a.width / 2).rounded(), y: top, width: a.width, height: a.height)
        let rb = Rect(
            x: (screen.center.x - b.width / 2).rounded(), y: top + a.height + gap, width: b.width, height: b.height)
        return (ra, rb)
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// This rectangle moved and scaled as `from` becomes `to`.
    public func mapped(from: Rect, to: Rect) -> Rect {
        guard from.width > 0, from.height > 0 else { return self }
        let sx = to.width / from.width
        let sy = to.height / from.height
        return Rect(
            x: to.x + (x - from.x) * sx, y: to.y + (y - from.y) * sy, width: width * sx, height: height * sy)
    }
}
