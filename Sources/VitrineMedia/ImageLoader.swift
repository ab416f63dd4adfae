import Dispatch
import Synchronization
import VitrineCore

/// Decodes images off the render thread, one at a time, and hands the
/// results back when the render thread asks (`drain`).
public final class ImageLoader: Sendable {
    private let decoder: any ImageDecoding
    private let queue = DispatchQueue(label: "vitrine.decode")
    private let state = Mutex(State())

    private struct State {
        var inFlight: Set<DecodeRequest> = []
        var done: [(DecodeRequest, Result<DecodedImage, DecodeError>)] = []
    }

    public init(decoder: any ImageDecoding) {
        self.decoder = decoder
    }

    /// Starts decoding `request` unless it is already on its way.
    public func request(_ request: DecodeRequest) {
        let isNew = state.withLock { $0.inFlight.insert(request).inserted }
        guard isNew else { return }
        queue.async { [self] in
            let result = Result { () throws(DecodeError) -> DecodedImage in try decoder.decode(request) }
            // Still in flight until drained: a request made between finishing and
            // draining would otherwise decode the same image a second time.
            state.withLock { $0.done.append((request, result)) }
        }
    }

    public func isInFlight(_ request: DecodeRequest) -> Bool {
        state.withLock { $0.inFlight.contains(request) }
    }

    /// The decodes finished since the last call, in the order they finished.
    public func drain() -> [(DecodeRequest, Result<DecodedImage, DecodeError>)] {
        state.withLock {
            let done = $0.done
            $0.done.removeAll()
            for (request, _) in done { $0.inFlight.remove(request) }
            return done
        }
    }
}
