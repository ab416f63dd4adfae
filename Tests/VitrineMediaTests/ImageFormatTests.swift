import Testing
import VitrineMedia

@Suite struct ImageFormatTests {
    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], ImageFormat.jpeg),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
            (Array("GIF89a".utf8), .gif),
            ([0x49, 0x49, 0x2A, 0x00], .tiff),
            (Array("qoif".utf8), .qoi),
            (Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), .svg),
        ] as [([UInt8], ImageFormat)])
    func signaturesAreRecognised(_ bytes: [UInt8], _ format: ImageFormat) {
        #expect(ImageFormat.sniff(bytes) == format)
    }

    @Test func textIsNotAnImageAndSaysSo() {
        let text = Array("Holiday notes: remember to back up the photos.\n".utf8)
        #expect(ImageFormat.sniff(text) == nil)
        #expect(ImageFormat.unrecognisedReason(text).contains("text"))
    }

    @Test func unknownBinaryNamesItsFirstBytes() {
        let reason = ImageFormat.unrecognisedReason([0x00, 0x01, 0x02, 0xAB, 0x00])
        #expect(reason.contains("00 01 02 AB"))
    }
}
