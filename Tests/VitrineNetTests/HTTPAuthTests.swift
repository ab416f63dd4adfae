import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// Fewer wasted requests: Basic authentication sent at once after the server first asked for it
/// (counted in a real Apache's access log), and a cut download from a server without `Range`
/// support started again at once.
@Suite(.serialized) struct HTTPAuthTests {
    let folder = TemporaryFolder()

    @Test func aWebDAVServerAsksForThePasswordOnceNotForEveryRequest() throws {
        try #require(ApacheWebDAV.isAvailable, "Debian's apache2-bin is needed (deploy/test-packages.txt)")
        let password = "pw-\(UUID().uuidString.prefix(8))"
        let dav = try ApacheWebDAV(in: folder, user: "ann", password: password)
        defer { dav.stop() }
        for i in 1...3 { dav.put("Photos/p\(i).jpg", fakeJPEG(i)) }
        let source = NetworkSource.webdav(
            WebDAVSource(
                url: dav.base + "/Photos", user: "ann", passwordFile: folder.write("pw", Data("\(password)\n".utf8))))
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [source])
        mirror.start()
        #expect(eventually(timeout: 30) { mirror.snapshot(source).filter(\.isPlayable).count == 3 })
        mirror.stop()
        let lines = try String(contentsOfFile: dav.accessLog, encoding: .utf8).split(separator: "\n")
        // PROPFIND answered 401 once, then PROPFIND 207 and three GETs 200 with the password sent at once.
        #expect(lines.filter { $0.hasSuffix(" 401") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("GET ") && $0.hasSuffix(" 200") }.count == 3, "\(lines)")
        #expect(lines.count == 5, "\(lines)")
    }

    @Test func aCutDownloadWithoutRangeSupportStartsAgainAtOnce() throws {
        let www = folder.sub("www")
        folder.write("www/p.jpg", fakeJPEG(3, size: 50_000))
        let server = try ServerProcess([python3, serversFolder + "/recording_server.py", "--root", www])
        let cache = folder.sub("cache")
        let transfer = MirrorTransfer(directory: cache, fileBytes: 1_000_000, timeouts: NetworkTimeouts(connect: 5))
        let job = DownloadJob(
            id: MirrorEntryID(source: "s", remote: "r"), url: server.base + "/files/p.jpg?cut=1", preview: false,
            stem: CacheName.stem(source: "s", id: "r"), resumeFrom: 0, partValidators: nil, conditional: nil,
            access: SourceAccess(), host: "h", oldFile: nil)
        // One run of the job: the cut first answer, then the whole file, no attempt lost to a backoff.
        guard case .done(let file, let bytes, _) = transfer.run(job, observer: { _, _ in true }) else {
            Issue.record("the download should have been started again and finished")
            return
        }
        #expect(bytes == 50_000)
        #expect(FileManager.default.contents(atPath: cache + "/" + file) == fakeJPEG(3, size: 50_000))
        let seen = try JSONParser.parse(fetchText(server.base + "/control/requests")).elements ?? []
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { $0["headers"]?["range"] == nil }, "no Range asked of a server that has none")
        #expect(
            !((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).contains { $0.hasSuffix(".part") })
    }
}
