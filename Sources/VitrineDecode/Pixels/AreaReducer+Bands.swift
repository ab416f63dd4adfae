extension AreaReducer {
    /// Reduces a whole image held in memory, the top and bottom halves of the
    /// destination on two threads (the decode has finished, so both cores are
    /// free for the few milliseconds this takes), each writing its rows
    /// straight into the result.
    static func reduceInBands(
        _ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int
    ) -> PixelBuffer {
        let w = max(1, min(targetWidth, width))
        let h = max(1, min(targetHeight, height))
        let bands = h >= 64 ? 2 : 1
        let split = h / 2
        // Addresses cross into the bands' threads; both buffers outlive them.
        let source = UInt(bitPattern: pixels.baseAddress)
        let count = pixels.count
        let result = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, initialized in
            let target = UInt(bitPattern: buffer.baseAddress)
            BandThreads.run(bands) { band in
                let rows = bands == 1 ? 0..<h : (band == 0 ? 0..<split : split..<h)
                guard let start = UnsafePointer<UInt32>(bitPattern: source),
                    let out = UnsafeMutablePointer<UInt32>(bitPattern: target)
                else { return }
                let input = UnsafeBufferPointer(start: start, count: count)
                var reducer = AreaReducer(
                    sourceWidth: width, sourceHeight: height, width: targetWidth, height: targetHeight, band: rows)
                reducer.write(into: out + rows.lowerBound * w)
                for y in reducer.sourceRows { reducer.add(rowAt: y, of: input, pitch: width) }
                reducer.finishWriting()
            }
            initialized = w * h
        }
        return PixelBuffer(width: w, height: h, pixels: result)
    }
}
