/// The wall of thumbnails: a page of cells, four by three on a landscape
/// screen (three by four on a portrait one), slides in order, page by page.
public struct GridLayout: Equatable, Sendable {
    public var output: Size
    public var columns: Int
    public var rows: Int

    public init(output: Size) {
        self.output = output
        let landscape = output.width >= output.height
        columns = landscape ? 4 : 3
        rows = landscape ? 3 : 4
    }

    public var perPage: Int { columns * rows }
    /// Space between and around cells.
    public var gap: Double { 0.02 * min(output.width, output.height) }

    public func pageCount(slides count: Int) -> Int { max(1, (count + perPage - 1) / perPage) }

    public func page(of index: Int) -> Int { max(0, index) / perPage }

    /// The slides on page `page`.
    public func slides(onPage page: Int, count: Int) -> Range<Int> {
        let first = min(max(0, page) * perPage, count)
        return first..<min(first + perPage, count)
    }

    /// The cell of slide `index` (on its page).
    public func cell(for index: Int) -> Rect {
        let slot = ((index % perPage) + perPage) % perPage
        let w = (output.width - gap * Double(columns + 1)) / Double(columns)
        let h = (output.height - gap * Double(rows + 1)) / Double(rows)
        let column = slot % columns
        let row = slot / columns
        return Rect(x: gap + Double(column) * (w + gap), y: gap + Double(row) * (h + gap), width: w, height: h)
    }

    /// Where slide `index`'s image sits in its cell (letterboxed), given its size.
    public func thumbnail(for index: Int, imageSize: Size?) -> Rect {
        let cell = cell(for: index)
        guard let imageSize else { return cell }
        return FitMode.contain.rect(for: imageSize, in: cell)
    }

    /// The slide whose cell holds `point` on page `page`, if any.
    public func slide(at point: Point, page: Int, count: Int) -> Int? {
        slides(onPage: page, count: count).first { i in
            let c = cell(for: i)
            return point.x >= c.minX && point.x < c.maxX && point.y >= c.minY && point.y < c.maxY
        }
    }
}
