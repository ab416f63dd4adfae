/// The wall of thumbnails: a page of cells, four by three on a landscape
/// screen (three by four on a portrait one), slides in order, page by page.
/// Given the number of slides, a page that is not full is centred (its rows
/// in the middle, its last row centred), and a wall of more than one page
/// keeps a strip at the bottom for the page count.
public struct GridLayout: Equatable, Sendable {
    public var output: Size
    public var columns: Int
    public var rows: Int
    /// How many slides the wall holds; nil lays every page out as a full one.
    public var count: Int?

    public init(output: Size, count: Int? = nil) {
        self.output = output
        self.count = count
        let landscape = output.width >= output.height
        columns = landscape ? 4 : 3
        rows = landscape ? 3 : 4
    }

    /// The height kept at the bottom for the page count (none for a single page).
    public var pageCountStrip: Double {
        guard let count, pageCount(slides: count) > 1 else { return 0 }
        return 0.07 * min(output.width, output.height)
    }

    /// Where the page count is written, when there is one.
    public var pageCountBox: Rect? {
        let strip = pageCountStrip
        guard strip > 0 else { return nil }
        return Rect(x: 0, y: output.height - strip - gap / 2, width: output.width, height: strip)
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
        let h = (output.height - pageCountStrip - gap * Double(rows + 1)) / Double(rows)
        let column = slot % columns
        let row = slot / columns
        var x = gap + Double(column) * (w + gap)
        var y = gap + Double(row) * (h + gap)
        if let count {
            // A page that is not full sits in the middle.
            let onPage = min(max(count - page(of: index) * perPage, 0), perPage)
            let rowsUsed = (onPage + columns - 1) / columns
            y += Double(rows - rowsUsed) * (h + gap) / 2
            if row == rowsUsed - 1 {
                let inRow = onPage - row * columns
                x += Double(columns - inRow) * (w + gap) / 2
            }
        }
        return Rect(x: x, y: y, width: w, height: h)
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
