/// The ICC profile a JPEG or WebP file carries, found by walking its segments or
/// chunks before the image data; PNG's `iCCP` is read by the PNG decoder, HEIF's and
/// JPEG XL's by theirs.
enum EmbeddedProfile {
    /// The most profile bytes taken (larger ones are LUT profiles no photo needs).
    static let maxBytes = 4 << 20

    static func of(_ bytes: [UInt8], format: ImageFormat) -> SourceColor? {
        let profile: [UInt8]?
        switch format {
        case .jpeg: profile = jpegAPP2(bytes)
        case .webp: profile = webpChunk(bytes)
        default: profile = nil
        }
        return profile.map(SourceColor.icc)
    }

    /// A JPEG's `ICC_PROFILE` APP2 segments, joined in their sequence order; nil when
    /// there are none or the sequence is incomplete.
    static func jpegAPP2(_ bytes: [UInt8]) -> [UInt8]? {
        let tag = Array("ICC_PROFILE".utf8) + [0]
        var parts: [Int: ArraySlice<UInt8>] = [:]
        var expected = 0
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { break }
            let marker = bytes[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { break }
            let payload = bytes[(i + 4)..<(i + 2 + length)]
            if marker == 0xE2, payload.count > tag.count + 2, payload.starts(with: tag) {
                let sequence = Int(payload[payload.startIndex + tag.count])
                expected = Int(payload[payload.startIndex + tag.count + 1])
                parts[sequence] = payload.dropFirst(tag.count + 2)
            }
            i += 2 + length
        }
        guard expected > 0, parts.count == expected else { return nil }
        var profile: [UInt8] = []
        for sequence in 1...expected {
            guard let part = parts[sequence] else { return nil }
            profile += part
            guard profile.count <= maxBytes else { return nil }
        }
        return profile
    }

    /// The payload of a WebP file's `ICCP` chunk.
    static func webpChunk(_ bytes: [UInt8]) -> [UInt8]? {
        var i = 12
        while i + 8 <= bytes.count {
            let fourcc = bytes[i..<(i + 4)]
            let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            let start = i + 8
            guard size >= 0, size <= bytes.count - start else { return nil }
            if fourcc.elementsEqual("ICCP".utf8) {
                return size <= maxBytes ? Array(bytes[start..<(start + size)]) : nil
            }
            i = start + size + (size & 1)
        }
        return nil
    }
}
