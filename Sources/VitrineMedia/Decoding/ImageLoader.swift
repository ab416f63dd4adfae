import Dispatch
import Synchronization
import VitrineCore

/// Decodes images off the render thread, one at a time, most urgent first,
/// and hands the results back when the render thread asks (`drain`). Decoded
/// images also go into a `DecodedImageCache`, so an image asked for again
/// (going back a slide) comes back without decoding while it is still there.
public final class ImageLoader: Sendable {
    private let decoder: any ImageDecoding
    private let run: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let state: Mutex<State>
    /// Signalled each time a decode finishes, for callers that wait instead of drawing frames.
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var pending: [DecodeRequest] = []
        var inFlight: DecodeRequest?
        var done: [(DecodeRequest, Result<DecodedImage, DecodeError>)] = []
        var cache: DecodedImageCache
    }

    /// A loader whose cache keeps at most `cacheBudget` bytes of pixels. Decodes
    /// run one at a time through `run` (by default a serial background queue;
    /// tests pass one that runs them when they choose).
    public init(
        decoder: any ImageDecoding, cacheBudget: Int,
        run: (@Sendable (@escaping @Sendable () -> Void) -> Void)? = nil
    ) {
        self.decoder = decoder
        self.state = Mutex(State(cache: DecodedImageCache(budget: cacheBudget)))
        if let run {
            self.run = run
        } else {
            // Below the frames' threads: copying a decoded image out of shared memory (and
            // faulting in its pages) waits for a frame, not the other way round.
            let queue = DispatchQueue(label: "vitrine.decode", qos: .utility)
            self.run = { queue.async(execute: $0) }
        }
    }

    /// A loader with the default budget for a 1920x1080 output.
    public convenience init(decoder: any ImageDecoding) {
        self.init(decoder: decoder, cacheBudget: DecodedImageCache.defaultBudget(for: Size(width: 1920, height: 1080)))
    }

    /// The cache's budget in bytes (three output-sized images by default).
    public var cacheBudget: Int {
        get { state.withLock { $0.cache.budget } }
        set { state.withLock { $0.cache.budget = newValue } }
    }

    /// Bytes of pixels the cache holds now.
    public var cachedBytes: Int { state.withLock { $0.cache.bytes } }

    /// Makes sure `request` comes out of `drain`: at once from the cache, or
    /// after a decode, queued behind the requests made before it.
    public func request(_ request: DecodeRequest) {
        var fromCache = false
        let schedule = state.withLock { state -> Bool in
            if let image = state.cache.image(for: request) {
                if !state.done.contains(where: { $0.0 == request }) {
                    state.done.append((request, .success(image)))
                    fromCache = true
                }
                return false
            }
            guard state.inFlight != request, !state.pending.contains(request) else { return false }
            state.pending.append(request)
            return true
        }
        if fromCache { finished.signal() }
        if schedule { run { [self] in decodeNext() } }
    }

    /// Forgets queued requests that are not in `wanted` (the show moved on); a decode already running finishes.
    public func keepOnly(_ wanted: Set<DecodeRequest>) {
        state.withLock { $0.pending.removeAll { !wanted.contains($0) } }
    }

    /// The results finished since the last call, in the order they finished.
    public func drain() -> [(DecodeRequest, Result<DecodedImage, DecodeError>)] {
        state.withLock {
            let done = $0.done
            $0.done.removeAll()
            return done
        }
    }

    private func decodeNext() {
        let next = state.withLock { state -> DecodeRequest? in
            guard !state.pending.isEmpty else { return nil }
            let request = state.pending.removeFirst()
            state.inFlight = request
            return request
        }
        guard let request = next else { return }
        let result = Result { () throws(DecodeError) -> DecodedImage in try decoder.decode(request) }
        state.withLock { state in
            state.inFlight = nil
            if case .success(let image) = result { state.cache.insert(image, for: request) }
            state.done.append((request, result))
        }
        finished.signal()
    }

    /// Blocks until every request made so far is decoded (and waits in `drain`),
    /// or `seconds` pass without a decode finishing (for headless runs; the player
    /// never waits). Returns false on timeout.
    public func waitUntilIdle(seconds: Seconds) -> Bool {
        while state.withLock({ $0.inFlight != nil || !$0.pending.isEmpty }) {
            guard waitForDecode(seconds: seconds) else { return false }
        }
        return true
    }

    /// Blocks until a decode finishes or `seconds` pass (for headless runs; the player never waits).
    /// Returns false on timeout. A finish signalled before the call returns at once.
    @discardableResult
    public func waitForDecode(seconds: Seconds) -> Bool {
        finished.wait(timeout: .now() + seconds.value) == .success
    }
}
