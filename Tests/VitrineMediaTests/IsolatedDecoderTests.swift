import Foundation
import Testing
import VitrineCore
import VitrineMedia

/// Workers that crash, hang or run out of memory are killed and replaced; the
/// file is skipped with a reason; the next image decodes; failures are not
/// retried until the file changes.
@Suite struct IsolatedDecoderTests {
    static func folderWithGoodImages(_ names: [String]) throws -> URL {
        let folder = try Fixtures.scratchFolder("isolated")
        for name in names {
            try Data(HostileFiles.goodJPEG()).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func decodesLikeTheInProcessDecoder() throws {
        let path = Fixtures.exif.appendingPathComponent("hopper_orientation_6.jpg").path
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let request = DecodeRequest(path: path, output: Size(width: 60, height: 40), fit: .cover, background: .black)
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
    }

    /// A photo large enough to be reduced in bands on two threads inside the worker.
    @Test func largerPhotoDecodesLikeTheInProcessDecoder() throws {
        let folder = try Self.folderWithGoodImages([])
        defer { try? FileManager.default.removeItem(at: folder) }
        var pixels = PixelBuffer(width: 800, height: 600, color: 0)
        for y in 0..<600 {
            for x in 0..<800 {
                pixels[x, y] = PixelBuffer.argb(UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x * y) & 0xFF))
            }
        }
        let url = folder.appendingPathComponent("large.jpg")
        try Data(try #require(JPEGEncoder.encode(pixels))).write(to: url)
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let request = DecodeRequest(
            path: url.path, output: Size(width: 300, height: 300), fit: .contain, background: .black)
        let isolated = try decoder.decode(request)
        #expect(isolated.pixels.width == 300 && isolated.pixels.height == 225)
        #expect(isolated == (try MediaDecoder().decode(request)))
    }

    @Test(arguments: [DecodeWorker.Fault.Kind.crash, .hog])
    func crashedWorkerIsReplacedAndTheNextImageDecodes(_ kind: DecodeWorker.Fault.Kind) throws {
        let folder = try Self.folderWithGoodImages(["bad.jpg", "next.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = WorkerBinary.decoder(fault: .init(kind: kind, fileName: "bad.jpg"), memoryLimit: 512 << 20)
        defer { decoder.shutdown() }
        let bad = folder.appendingPathComponent("bad.jpg").path
        let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(bad)) }
        #expect(error?.reason.contains("crashed") == true, "\(error?.reason ?? "")")
        #expect(decoder.statistics.replaced == 1)
        let next = try decoder.decode(Fixtures.fullSize(folder.appendingPathComponent("next.jpg").path))
        #expect(next.pixels.width == 96)
    }

    /// A SIGHUP sent to the process group stops the worker in the middle of a good photo:
    /// not the file's fault, so it is tried again on a fresh worker and never remembered as bad.
    @Test func aWorkerStoppedFromOutsideDoesNotMarkTheFileBad() throws {
        let folder = try Self.folderWithGoodImages(["good.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = WorkerBinary.decoder(fault: .init(kind: .hangup, fileName: "good.jpg"))
        defer { decoder.shutdown() }
        let path = folder.appendingPathComponent("good.jpg").path
        let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(path)) }
        let reason = error?.reason ?? ""
        #expect(reason.contains("stopped from outside (SIGHUP)"), "\(reason)")
        #expect(!reason.contains("damaged"))
        #expect(decoder.statistics.replaced == 2, "tried again once, on a fresh worker")
        // Not remembered: asked again, a worker is asked again (a crash would be answered from memory).
        _ = try? decoder.decode(Fixtures.fullSize(path))
        #expect(decoder.statistics.replaced == 4)
    }

    /// A worker killed while it waits costs nothing: the next photo is decoded by a fresh one.
    @Test(arguments: [SIGHUP, SIGTERM, SIGKILL])
    func aWorkerKilledWhileIdleIsReplacedAndThePhotoDecodes(_ signal: Int32) throws {
        let folder = try Self.folderWithGoodImages(["next.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        #expect(decoder.prepare())
        let pid = try #require(decoder.workerProcessID)
        #expect(kill(pid, signal) == 0)
        let image = try decoder.decode(Fixtures.fullSize(folder.appendingPathComponent("next.jpg").path))
        #expect(image.pixels.width == 96)
        #expect(decoder.statistics.replaced == 1)
    }

    /// A worker that never answers is killed at the deadline (short here, so the test is quick).
    @Test func hungWorkerIsKilledAtTheDeadline() throws {
        let folder = try Self.folderWithGoodImages(["stuck.jpg", "next.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = WorkerBinary.decoder(deadline: 0.5, fault: .init(kind: .hang, fileName: "stuck.jpg"))
        defer { decoder.shutdown() }
        let stuck = folder.appendingPathComponent("stuck.jpg").path
        let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(stuck)) }
        #expect(error?.reason.contains("longer than 0.5 s") == true, "\(error?.reason ?? "")")
        #expect(decoder.statistics.replaced == 1)
        #expect(
            try decoder.decode(Fixtures.fullSize(folder.appendingPathComponent("next.jpg").path)).pixels.width == 96)
    }

    @Test func failureIsRememberedUntilTheFileChanges() throws {
        let folder = try Self.folderWithGoodImages(["bad.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bad.jpg")
        try Data("not an image".utf8).write(to: url)
        let decoder = WorkerBinary.decoder(fault: .init(kind: .crash, fileName: "bad.jpg"))
        defer { decoder.shutdown() }
        let first = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(url.path)) }
        let spawned = decoder.statistics.spawned
        // Asked again: the same answer, without a worker being involved (none crashes or starts).
        let second = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(url.path)) }
        #expect(second == first)
        #expect(decoder.statistics.spawned == spawned)
        #expect(decoder.statistics.replaced == 1)
    }

    @Test func changedFileIsTriedAgain() throws {
        let folder = try Self.folderWithGoodImages([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("photo.jpg")
        try Data("not an image yet".utf8).write(to: url)
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(url.path)) }
        try Data(HostileFiles.goodJPEG()).write(to: url)
        #expect(try decoder.decode(Fixtures.fullSize(url.path)).pixels.width == 96)
    }

    @Test func missingWorkerProgramIsReportedNotRemembered() throws {
        let folder = try Self.folderWithGoodImages(["a.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = IsolatedDecoder(.init(command: [folder.appendingPathComponent("no-such-program").path]))
        let path = folder.appendingPathComponent("a.jpg").path
        let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(Fixtures.fullSize(path)) }
        #expect(error?.reason.contains("cannot start the decode worker") == true)
    }
}
