import Dispatch
import Glibc

/// Runs a row decoder and the area downscale side by side: the calling thread
/// decodes chunks of rows into a small ring of buffers while a second thread
/// prepares them (flattening, for PNG) and feeds them to the reducer. Memory
/// stays a few chunks of source rows plus the output; the downscale's time
/// hides behind the decode's.
final class ReducingPipeline: @unchecked Sendable {
    /// Rows a chunk holds.
    let chunkRows: Int
    /// The source row width.
    let width: Int
    private let depth = 4
    private var reducer: AreaReducer
    private let prepare: (@Sendable (UnsafeMutableBufferPointer<UInt32>) -> Void)?
    private let storage: UnsafeMutableBufferPointer<UInt32>
    /// Rows in each slot; 0 ends the stream. Each slot is handed over through the semaphores.
    private var counts: [Int]
    private let filled = DispatchSemaphore(value: 0)
    /// Starts at 0 and is signalled once a slot (libdispatch traps when a semaphore is
    /// freed below its initial value).
    private let emptied = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private static let cores = Cores.active

    /// A pipeline into `reducer`; `prepare` runs on each chunk (`chunkRows` × `width`
    /// words, rows packed) before its rows are added.
    init(
        reducer: AreaReducer, chunkRows: Int = 16,
        prepare: (@Sendable (UnsafeMutableBufferPointer<UInt32>) -> Void)? = nil
    ) {
        self.reducer = reducer
        self.chunkRows = chunkRows
        self.width = reducer.sourceWidth
        self.prepare = prepare
        self.counts = [Int](repeating: 0, count: depth)
        self.storage = .allocate(capacity: depth * chunkRows * reducer.sourceWidth)
        storage.initialize(repeating: 0)
        for _ in 0..<depth { emptied.signal() }
    }

    deinit {
        storage.deallocate()
    }

    /// Calls `produce` with a chunk to fill (room for `chunkRows` rows) until it
    /// returns 0 rows or throws; returns the reduced image. On one core the
    /// chunks are reduced in turn on the calling thread.
    func run(
        _ produce: (UnsafeMutableBufferPointer<UInt32>) throws(DecodeError) -> Int
    ) throws(DecodeError) -> PixelBuffer {
        // On one core, or when no thread can be made, the chunks are reduced on this thread.
        guard Self.cores >= 2, DetachedThread.start({ [self] in reduceUntilEnd() }) == nil
        else {
            let slot = self.slot(0)
            while true {
                let n = try produce(slot)
                guard n > 0 else { break }
                consume(slot, rows: n)
            }
            return reducer.finish()
        }
        var index = 0
        var failure: DecodeError?
        while true {
            emptied.wait()
            var n = 0
            do throws(DecodeError) {
                n = try produce(slot(index))
            } catch {
                failure = error
            }
            counts[index] = n
            filled.signal()
            if n == 0 { break }
            index = (index + 1) % depth
        }
        done.wait()
        if let failure { throw failure }
        return reducer.finish()
    }

    private func slot(_ index: Int) -> UnsafeMutableBufferPointer<UInt32> {
        let size = chunkRows * width
        return UnsafeMutableBufferPointer(rebasing: storage[(index * size)..<((index + 1) * size)])
    }

    private func reduceUntilEnd() {
        var index = 0
        while true {
            filled.wait()
            let n = counts[index]
            if n == 0 { break }
            consume(slot(index), rows: n)
            emptied.signal()
            index = (index + 1) % depth
        }
        done.signal()
    }

    private func consume(_ chunk: UnsafeMutableBufferPointer<UInt32>, rows: Int) {
        let used = UnsafeMutableBufferPointer(rebasing: chunk[0..<(rows * width)])
        prepare?(used)
        let rowsIn = UnsafeBufferPointer(used)
        for i in 0..<rows { reducer.add(rowAt: i, of: rowsIn, pitch: width) }
    }
}
