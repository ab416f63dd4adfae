/// A decoder of a whole file held in memory, under the pixel limits and with the colour
/// transforms every format shares. The libraries read from a pointer: `decode(_:request:)`
/// on the array lends them its bytes for the length of the decode.
protocol BufferDecoder {
    var limits: DecodeLimits { get }
    var colors: ColorTransforms { get }
    func decode(_ data: UnsafeRawBufferPointer, request: DecodeRequest) throws(DecodeError) -> DecodedImage
}

extension BufferDecoder {
    func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let result = bytes.withUnsafeBytes { data in
            Result { () throws(DecodeError) -> DecodedImage in try decode(data, request: request) }
        }
        return try result.get()
    }
}
