import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// Each fault the fault server injects, met by the real libcurl client.
@Suite(.serialized) struct HTTPFaultTests {
    let folder = ServedFolder()
    let server: ServerProcess

    init() throws {
        let root = folder.sub("www")
        folder.write("www/photo.jpg", TestPictures.fakeJPEG(1, size: 20_000))
        folder.write("www/text.jpg", Data("I am text with a .jpg name".utf8))
        server = try ServerProcess.faults(root: root)
    }

    private func get(_ path: String, limit: Int64 = 1_000_000) -> (HTTPResponse, Data) {
        HTTPClient().data(
            HTTPRequest(url: server.base + path, maximumBytes: limit, timeouts: NetworkTimeouts(connect: 5)))
    }

    @Test func statusErrorsAreNamed() {
        #expect(get("/status/404").0.failure == .http(status: 404))
        #expect(get("/status/500").0.failure == .http(status: 500))
        #expect(TransferFailure.http(status: 404).description.contains("Not Found"))
        #expect(NetworkCheck.check(.feed(FeedSource(url: server.base + "/status/401"))).contains("401 Unauthorized"))
    }

    @Test func redirectLoopsAndOtherSchemesAreRefused() {
        #expect(get("/loop/0").0.failure == .tooManyRedirects)
        #expect(get("/redirect?to=file:///etc/passwd").0.failure == .forbiddenScheme)
        #expect(get("/redirect?to=ftp://127.0.0.1/x.jpg").0.failure == .forbiddenScheme)
        let (ok, data) = get("/redirect?to=/files/photo.jpg")
        #expect(ok.succeeded && data == TestPictures.fakeJPEG(1, size: 20_000))
    }

    @Test func aDeclared2GBBodyIsRefusedFromItsHeaders() {
        let (response, data) = get("/huge", limit: 100 * 1024 * 1024)
        #expect(response.failure == .tooLarge(limit: 100 * 1024 * 1024))
        #expect(data.isEmpty)
    }

    @Test func aBodyWithoutLengthIsCutAtTheLimitWhileItArrives() {
        let limit: Int64 = 256 * 1024
        let (response, data) = get("/endless", limit: limit)
        #expect(response.failure == .tooLarge(limit: limit))
        #expect(Int64(data.count) <= limit)
        #expect(response.bytesReceived < limit + 128 * 1024)
    }

    @Test func aWrongContentLengthIsAnInterruptedTransfer() {
        guard case .interrupted = get("/wrong-length/photo.jpg").0.failure else {
            Issue.record("expected an interrupted transfer")
            return
        }
    }

    @Test func aDroppedConnectionIsResumedWithRange() throws {
        let cache = folder.sub("cache")
        let transfer = MirrorTransfer(directory: cache, fileBytes: 1_000_000, timeouts: NetworkTimeouts(connect: 5))
        var job = DownloadJob(
            id: MirrorEntryID(source: "s", remote: "r"), url: server.base + "/files/photo.jpg?drop=1", preview: false,
            stem: CacheName.stem(source: "s", id: "r"), resumeFrom: 0, partValidators: nil, conditional: nil,
            access: SourceAccess(), host: "h", oldFile: nil)
        guard case .failed(.interrupted, let kept?) = transfer.run(job, observer: { _, _ in true }) else {
            Issue.record("the first, dropped transfer should keep its part")
            return
        }
        let partSize = MirrorTransfer.size(of: cache + "/" + CacheName.part(job.stem))
        #expect(partSize == 10_000)
        job.resumeFrom = partSize
        job.partValidators = kept
        guard case .done(let file, let bytes, _) = transfer.run(job, observer: { _, _ in true }) else {
            Issue.record("the resumed transfer should finish")
            return
        }
        #expect(bytes == 20_000)
        #expect(FileManager.default.contents(atPath: cache + "/" + file) == TestPictures.fakeJPEG(1, size: 20_000))
        let seen = fetchText(server.base + "/control/requests")
        #expect(seen.contains("\"range\": \"bytes=10000-\""))
    }

    @Test func textNamedJpgIsNotAnImage() {
        let cache = folder.sub("cache2")
        let transfer = MirrorTransfer(directory: cache, fileBytes: 1_000_000, timeouts: NetworkTimeouts(connect: 5))
        let job = DownloadJob(
            id: MirrorEntryID(source: "s", remote: "t"), url: server.base + "/files/text.jpg", preview: false,
            stem: "0123456789abcdef0123456789abcdef", resumeFrom: 0, partValidators: nil, conditional: nil,
            access: SourceAccess(), host: "h", oldFile: nil)
        guard case .failed(.notAnImage, nil) = transfer.run(job, observer: { _, _ in true }) else {
            Issue.record("text must be refused")
            return
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: cache)) == [])
    }

    @Test func unreachableServersAreNamedInTheCheck() {
        let port = freePort()
        let line = NetworkCheck.check(.url(URLSource(url: "http://127.0.0.1:\(port)/a.jpg")))
        #expect(line.contains("could not connect to 127.0.0.1:\(port)"))
        let dns = NetworkCheck.check(.feed(FeedSource(url: "http://no-such-host.invalid/feed.json")))
        #expect(dns.contains("DNS"))
        #expect(NetworkCheck.check(.url(URLSource(url: server.base + "/files/photo.jpg"))).contains("reachable"))
    }
}
