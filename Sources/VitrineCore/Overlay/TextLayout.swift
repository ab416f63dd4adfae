/// Breaks text into lines that fit a width: at spaces where there are any,
/// anywhere in a word too long for a line (CJK has no spaces), and ends the
/// last allowed line with an ellipsis when text is left over. Pure: the
/// caller supplies how wide a string is.
public struct TextLayout: Sendable {
    public static let ellipsis = "…"

    public var maxWidth: Double
    public var maxLines: Int

    public init(maxWidth: Double, maxLines: Int) {
        self.maxWidth = maxWidth
        self.maxLines = max(1, maxLines)
    }

    /// The lines to draw; each measures at most `maxWidth` (unless a single character is wider).
    public func lines(_ text: String, measure: (String) -> Double) -> [String] {
        var result: [String] = []
        var paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let paragraph = paragraphs.popFirst() {
            var rest = Substring(paragraph)
            repeat {
                if result.count == maxLines - 1 {
                    // The last line: all that is left, cut with an ellipsis when it does not fit.
                    let remaining = ([String(rest)] + paragraphs).joined(separator: " ")
                    result.append(fitWithEllipsis(remaining, measure: measure))
                    return result
                }
                let line = takeLine(&rest, measure: measure)
                result.append(line)
            } while !rest.isEmpty
        }
        return result
    }

    /// The longest prefix of `rest` that fits, broken at a space when possible; removes it from `rest`.
    func takeLine(_ rest: inout Substring, measure: (String) -> Double) -> String {
        if measure(String(rest)) <= maxWidth {
            defer { rest = rest[rest.endIndex...] }
            return String(rest)
        }
        var fitEnd = rest.startIndex
        var lastSpace: Substring.Index?
        var i = rest.startIndex
        while i < rest.endIndex {
            let next = rest.index(after: i)
            if measure(String(rest[rest.startIndex..<next])) > maxWidth { break }
            if rest[i] == " " { lastSpace = i }
            fitEnd = next
            i = next
        }
        if fitEnd == rest.startIndex { fitEnd = rest.index(after: rest.startIndex) }  // one character at least
        let cut = lastSpace.map { $0 > rest.startIndex ? $0 : fitEnd } ?? fitEnd
        let line = String(rest[rest.startIndex..<cut]).trimmingTrailingSpaces()
        rest = rest[cut...].drop { $0 == " " }
        return line
    }

    /// `text` if it fits, else its longest prefix that fits with "…" after it.
    public func fitWithEllipsis(_ text: String, measure: (String) -> Double) -> String {
        if measure(text) <= maxWidth { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingTrailingSpaces() + Self.ellipsis
            if measure(candidate) <= maxWidth { return candidate }
        }
        return Self.ellipsis
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
