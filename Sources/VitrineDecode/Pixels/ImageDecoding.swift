import VitrineBase

/// Something that turns a file into a `DecodedImage`.
public protocol ImageDecoding: Sendable {
    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage
}
