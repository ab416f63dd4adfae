/// Natural order of names, as a file manager shows them: runs of digits compare
/// as numbers (`img-2` before `img-10`), letters without regard to case or accents
/// (`é` next to `e`, not after `z`); names equal in that sense fall back to their
/// bytes, so the order is total. Written here rather than taken from the locale so
/// that it is fast on 50,000 names and the same on every system.
public enum NaturalOrder {
    /// Whether the relative path `a` comes before `b`, component by component.
    public static func pathPrecedes(_ a: String, _ b: String) -> Bool {
        var ia = a.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).makeIterator()
        var ib = b.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).makeIterator()
        while true {
            switch (ia.next(), ib.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?):
                let c = compare(x, y)
                if c != 0 { return c < 0 }
            }
        }
    }

    /// Compares two names: negative, zero or positive.
    public static func compare(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
        let x = Array(a)
        let y = Array(b)
        // Names with accents compare by their letters first.
        if x.contains(where: { $0 >= 0x80 }) || y.contains(where: { $0 >= 0x80 }) {
            let folded = compareASCII(unaccented(x), unaccented(y))
            if folded != 0 { return folded }
        }
        return compareASCII(x, y)
    }

    /// The name with its letters' accents taken off (é → e), by canonical decomposition.
    static func unaccented(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self).decomposedStringWithCanonicalMapping
        let marks: ClosedRange<UInt32> = 0x0300...0x036F
        return Array(String(String.UnicodeScalarView(text.unicodeScalars.filter { !marks.contains($0.value) })).utf8)
    }

    private static func compareASCII(_ x: [UInt8], _ y: [UInt8]) -> Int {
        var i = 0
        var j = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                var si = i
                var sj = j
                while si < x.count, x[si] == 48 { si += 1 }
                while sj < y.count, y[sj] == 48 { sj += 1 }
                var ei = si
                var ej = sj
                while ei < x.count, isDigit(x[ei]) { ei += 1 }
                while ej < y.count, isDigit(y[ej]) { ej += 1 }
                if ei - si != ej - sj { return (ei - si) - (ej - sj) }
                for k in 0..<(ei - si) where x[si + k] != y[sj + k] { return Int(x[si + k]) - Int(y[sj + k]) }
                i = ei
                j = ej
                continue
            }
            let cx = lower(x[i])
            let cy = lower(y[j])
            if cx != cy { return Int(cx) - Int(cy) }
            i += 1
            j += 1
        }
        if x.count - i != y.count - j { return (x.count - i) - (y.count - j) }
        // Equal but for case or leading zeros: fall back to the bytes, so the order is total.
        return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
    }
}
