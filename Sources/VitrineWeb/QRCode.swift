import CQRencode

/// A QR code made by libqrencode: a square of dark and light modules.
public final class QRCode {
    /// Why no code was made.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let code: UnsafeMutablePointer<CQRencode.QRcode>

    /// Encodes `text` (8-bit mode, error correction level M, the smallest version that holds it).
    public init(_ text: String) throws(Failure) {
        guard !text.isEmpty, text.utf8.count <= 2000 else { throw Failure(description: "text of 1 to 2000 bytes") }
        guard let made = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw Failure(description: "libqrencode could not encode the text")
        }
        code = made
    }

    deinit {
        QRcode_free(code)
    }

    /// Modules per side.
    public var width: Int { Int(code.pointee.width) }

    /// The symbol's version (1…40).
    public var version: Int { Int(code.pointee.version) }

    /// Rows of modules, `true` for dark, without the quiet zone.
    public var modules: [[Bool]] {
        let side = width
        guard let data = code.pointee.data else { return [] }
        return (0..<side).map { y in
            // Bit 0 of each byte is the module's colour; the other bits are libqrencode's bookkeeping.
            (0..<side).map { x in data[y * side + x] & 1 == 1 }
        }
    }
}
