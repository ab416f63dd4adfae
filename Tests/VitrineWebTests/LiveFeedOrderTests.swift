import Foundation
import Synchronization
import Testing
import VitrineCore

@testable import VitrineHTTP
@testable import VitrineWeb

/// The Now page's stream never gets an older picture of the screen after a newer one: a page
/// opened while the picture changed once kept the old one (the setup screen) until the screen
/// next changed, which at rest can be many minutes.
@Suite struct LiveFeedOrderTests {
    /// The picture numbers of the `frame` events a stream has waiting, in order.
    static func framesSent(_ stream: HTTPEventStream) -> [Int] {
        var bytes = [CChar](repeating: 0, count: 1 << 16)
        var text = ""
        while true {
            let count = stream.read(into: &bytes, max: bytes.count, now: MonotonicInstant(seconds: 0))
            guard count > 0 else { break }
            text += String(decoding: bytes[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text.components(separatedBy: "event: frame\ndata: {\"frame\":").dropFirst().compactMap {
            Int($0.prefix { $0.isNumber })
        }
    }

    final class Counter: Sendable {
        private let count = Mutex(1)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    static func feed(pictures: @escaping @Sendable () -> Int) -> LiveFeed {
        LiveFeed(
            message: { "{}" },
            frame: { _ in EncodedImage(bytes: Data([1]), type: "image/png", number: pictures()) },
            stillSignedIn: { _ in true })
    }

    @Test func anOlderPictureIsNotSentAfterANewerOne() {
        // The picture asked for after the stream opened is older than the one it got.
        let answers = Mutex([7, 6])
        let feed = Self.feed { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        let stream = HTTPEventStream(client: "127.0.0.1", now: MonotonicInstant(seconds: 0))
        feed.add(stream, session: "s", width: nil)
        feed.changed()
        #expect(Self.framesSent(stream) == [7])
    }

    @Test func streamsOpenedWhilePicturesChangeGetThemInOrder() {
        let latest = Counter()
        // Making a picture takes a while (it is scaled and encoded for the stream's width).
        let feed = Self.feed {
            let number = latest.value
            var spin = 0
            for step in 0..<20_000 { spin &+= step ^ number }
            return spin == -1 ? 0 : number
        }
        let streams = (0..<100).map { _ in HTTPEventStream(client: "127.0.0.1", now: MonotonicInstant(seconds: 0)) }
        // One thread opens streams while another changes the picture and tells the feed.
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for stream in streams {
                if side == 0 {
                    feed.add(stream, session: "s", width: nil)
                } else {
                    latest.increment()
                    feed.changed()
                }
            }
        }
        feed.changed()
        let final = latest.value
        for stream in streams {
            let frames = Self.framesSent(stream)
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $0 < $1 }, "\(frames)")
            #expect(frames.last == final)
        }
    }
}
