import Synchronization
import Testing
import VitrineCore
import VitrineMedia

@Suite struct DecodedImageCacheTests {
    static func request(_ n: Int) -> DecodeRequest {
        DecodeRequest(path: "/photos/\(n).jpg", output: Size(width: 64, height: 64), fit: .contain, background: .black)
    }

    static func image(width: Int, height: Int) -> DecodedImage {
        DecodedImage(
            pixels: PixelBuffer(width: width, height: height, color: 0xFF00_0000),
            sourceSize: Size(width: Double(width), height: Double(height)))
    }

    @Test func budgetHoldsOverALongRun() {
        let budget = DecodedImageCache.defaultBudget(for: Size(width: 64, height: 64))
        var cache = DecodedImageCache(budget: budget)
        var generator = SeededGenerator(seed: 42)
        var peak = 0
        for step in 0..<5000 {
            let n = Int.random(in: 0..<40, using: &generator)
            if Bool.random(using: &generator), cache.image(for: Self.request(n)) != nil { continue }
            let w = Int.random(in: 1...64, using: &generator)
            let h = Int.random(in: 1...64, using: &generator)
            cache.insert(Self.image(width: w, height: h), for: Self.request(n))
            #expect(cache.bytes <= budget, "step \(step)")
            #expect(cache.contains(Self.request(n)), "the image just inserted is kept (step \(step))")
            peak = max(peak, cache.bytes)
        }
        // The budget was actually reached, so eviction was exercised.
        #expect(peak > budget / 2)
    }

    @Test func leastRecentlyUsedGoesFirst() {
        var cache = DecodedImageCache(budget: 3 * 100 * 4)
        for n in 0..<3 { cache.insert(Self.image(width: 10, height: 10), for: Self.request(n)) }
        _ = cache.image(for: Self.request(0))
        cache.insert(Self.image(width: 10, height: 10), for: Self.request(3))
        #expect(cache.contains(Self.request(0)))
        #expect(!cache.contains(Self.request(1)))
        #expect(cache.contains(Self.request(2)) && cache.contains(Self.request(3)))
    }

    @Test func imageLargerThanTheBudgetIsNotKept() {
        var cache = DecodedImageCache(budget: 100)
        cache.insert(Self.image(width: 10, height: 10), for: Self.request(0))
        #expect(cache.count == 0 && cache.bytes == 0)
    }

    @Test func shrinkingTheBudgetEvicts() {
        var cache = DecodedImageCache(budget: 4000)
        for n in 0..<4 { cache.insert(Self.image(width: 10, height: 10), for: Self.request(n)) }
        cache.budget = 800
        #expect(cache.bytes <= 800 && cache.count == 2)
    }
}

/// A decoder that makes images of the requested output size and counts its calls.
final class CountingDecoder: ImageDecoding {
    let calls = Mutex<[String]>([])

    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        calls.withLock { $0.append(request.path) }
        if request.path.hasSuffix(".bad") { throw DecodeError(path: request.path, reason: "broken") }
        return DecodedImageCacheTests.image(width: Int(request.output.width), height: Int(request.output.height))
    }
}

/// Runs queued decodes only when the test says so.
final class ManualRunner: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])

    var run: @Sendable (@escaping @Sendable () -> Void) -> Void {
        { job in self.jobs.withLock { $0.append(job) } }
    }

    func runAll() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { job() }
    }
}

@Suite struct ImageLoaderTests {
    @Test func aLongShowKeepsTheCacheWithinBudgetAndDeliversEveryImage() {
        let decoder = CountingDecoder()
        let output = Size(width: 64, height: 48)
        let budget = DecodedImageCache.defaultBudget(for: output)
        let loader = ImageLoader(decoder: decoder, cacheBudget: budget, run: { $0() })
        var delivered: Set<String> = []
        for index in 0..<500 {
            // Like the player: the current slide, one ahead, one behind.
            let wanted = [index, index + 1, max(0, index - 1)].map {
                DecodeRequest(path: "/show/\($0 % 37).jpg", output: output, fit: .contain, background: .black)
            }
            for request in wanted { loader.request(request) }
            loader.keepOnly(Set(wanted))
            for (request, result) in loader.drain() {
                if case .success = result { delivered.insert(request.path) }
            }
            #expect(loader.cachedBytes <= budget)
        }
        #expect(delivered.count == 37)
        // Going back a slide was served from the cache: fewer decodes than requests made.
        #expect(decoder.calls.withLock { $0.count } < 500 * 3)
    }

    @Test func requestsTheShowMovedPastAreDropped() {
        let decoder = CountingDecoder()
        let runner = ManualRunner()
        let loader = ImageLoader(decoder: decoder, cacheBudget: 1 << 20, run: runner.run)
        let requests = (0..<5).map {
            DecodeRequest(path: "/show/\($0).jpg", output: Size(width: 8, height: 8), fit: .contain, background: .black)
        }
        for request in requests { loader.request(request) }
        loader.keepOnly([requests[4]])
        runner.runAll()
        #expect(decoder.calls.withLock { $0 } == ["/show/4.jpg"])
        #expect(loader.drain().map(\.0) == [requests[4]])
    }

    @Test func failuresComeBackOnceAndAreNotCached() {
        let decoder = CountingDecoder()
        let loader = ImageLoader(decoder: decoder, cacheBudget: 1 << 20, run: { $0() })
        let request = DecodeRequest(
            path: "/show/x.bad", output: Size(width: 8, height: 8), fit: .contain, background: .black)
        loader.request(request)
        let results = loader.drain()
        #expect(results.count == 1)
        if case .success = results.first?.1 { Issue.record("a broken file decoded") }
        #expect(loader.cachedBytes == 0)
        #expect(loader.drain().isEmpty)
    }
}
