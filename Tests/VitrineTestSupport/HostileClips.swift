import Foundation

/// Clips made to break a player: cut short, bits flipped, a video header over random
/// bytes, an empty file, and a Matroska file that claims 100,000×100,000 pixels.
public enum HostileClips {
    public enum Kind: String, CaseIterable, Sendable {
        case truncated
        case bitFlipped
        case headerAndRandom
        case empty
        case huge

        public var fileName: String { rawValue + (self == .huge ? ".mkv" : ".mp4") }
    }

    /// Writes the clip of `kind` into `folder`; its path.
    @discardableResult
    public static func write(_ kind: Kind, into folder: String) throws -> String {
        let path = folder + "/" + kind.fileName
        var random = SystemRandomNumberGenerator()
        func noise(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) } }
        switch kind {
        case .truncated, .bitFlipped:
            let whole = folder + "/.whole-\(kind.rawValue).mp4"
            try TestClips.write(whole)
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
            try FileManager.default.removeItem(atPath: whole)
            if kind == .truncated {
                bytes = Array(bytes.prefix(bytes.count * 2 / 5))
            } else {
                for i in stride(from: 64, to: bytes.count, by: 29) { bytes[i] ^= 0x5A }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .headerAndRandom:
            let header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
            try Data(header + noise(64 * 1024)).write(to: URL(fileURLWithPath: path))
        case .empty:
            try Data().write(to: URL(fileURLWithPath: path))
        case .huge:
            try Data(hugeMatroska(frame: noise(4000))).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    /// A WebM file whose track claims 100,000×100,000 pixels, with one block of `frame` bytes.
    static func hugeMatroska(frame: [UInt8]) -> [UInt8] {
        func element(_ id: [UInt8], _ data: [UInt8]) -> [UInt8] {
            var size: [UInt8] = [0x01]
            for shift in stride(from: 48, through: 0, by: -8) { size.append(UInt8((data.count >> shift) & 0xFF)) }
            return id + size + data
        }
        func uint(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        let header = element(
            [0x1A, 0x45, 0xDF, 0xA3],
            element([0x42, 0x86], uint(1)) + element([0x42, 0xF7], uint(1)) + element([0x42, 0xF2], uint(4))
                + element([0x42, 0xF3], uint(8)) + element([0x42, 0x82], Array("webm".utf8))
                + element([0x42, 0x87], uint(2)) + element([0x42, 0x85], uint(2)))
        let info = element([0x15, 0x49, 0xA9, 0x66], element([0x2A, 0xD7, 0xB1], uint(1_000_000)))
        let video = element([0xE0], element([0xB0], uint(100_000)) + element([0xBA], uint(100_000)))
        let track = element(
            [0xAE],
            element([0xD7], uint(1)) + element([0x73, 0xC5], uint(1)) + element([0x83], uint(1))
                + element([0x86], Array("V_VP9".utf8)) + video)
        let tracks = element([0x16, 0x54, 0xAE, 0x6B], track)
        let block = element([0xA3], [0x81, 0, 0, 0x80] + frame)
        let cluster = element([0x1F, 0x43, 0xB6, 0x75], element([0xE7], uint(0)) + block)
        return header + element([0x18, 0x53, 0x80, 0x67], info + tracks + cluster)
    }
}
