import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// The decode worker's own program, `vitrine-decoder`: the player starts it from its own
/// folder, and it maps the decoders' libraries only (no SDL until a rare format asks for it,
/// no network or TLS, no Foundation).
@Suite struct LeanWorkerTests {
    /// The libraries a process has mapped, by file name.
    static func mappedLibraries(_ pid: Int32) throws -> Set<String> {
        let maps = try #require(readProcFile("/proc/\(pid)/maps"))
        var names = Set<String>()
        for line in maps.split(separator: "\n") {
            guard let slash = line.lastIndex(of: "/") else { continue }
            names.insert(String(line[line.index(after: slash)...]))
        }
        return names
    }

    static let forbidden = [
        "libSDL2", "libcurl", "libgnutls", "libssl", "libsystemd", "libdbus", "libFoundation.so",
        "libFoundationInternationalization", "lib_FoundationICU",
    ]

    @Test func thePlayerStartsTheDecoderBesideItsOwnProgram() throws {
        let command = IsolatedDecoder.workerCommand()
        let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = (running as NSString).deletingLastPathComponent
        #expect(command == [folder + "/" + IsolatedDecoder.decoderName])
    }

    @Test func aWorkerThatDecodedAPhotoMapsNoSDLNetworkOrFoundation() throws {
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let path = Fixtures.exif.appendingPathComponent("hopper_orientation_6.jpg").path
        let request = DecodeRequest(path: path, output: Size(width: 60, height: 40), fit: .cover, background: .black)
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
        let pid = try #require(decoder.workerProcessID)
        let mapped = try Self.mappedLibraries(pid)
        #expect(mapped.contains { $0.hasPrefix("libturbojpeg") }, "\(mapped.sorted())")
        for name in Self.forbidden {
            #expect(!mapped.contains { $0.hasPrefix(name) }, "the worker maps \(name): \(mapped.sorted())")
        }
    }

    /// The worker's messages are its own JSON: it maps no Foundation library at all, not even
    /// FoundationEssentials (Swift's runtime and the decoders only).
    @Test func aWorkerMapsNoFoundationEssentials() throws {
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let path = Fixtures.exif.appendingPathComponent("hopper_orientation_6.jpg").path
        let request = DecodeRequest(path: path, output: Size(width: 60, height: 40), fit: .cover, background: .black)
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
        let pid = try #require(decoder.workerProcessID)
        let mapped = try Self.mappedLibraries(pid)
        #expect(mapped.contains { $0.hasPrefix("libturbojpeg") }, "\(mapped.sorted())")
        #expect(!mapped.contains { $0.hasPrefix("libFoundation") }, "\(mapped.sorted())")
    }

    /// After a decode the worker gives back the file pages it touched: the code of libheif, which
    /// it loaded at the start (and whose symbols were looked up then) but a JPEG never calls, is
    /// no longer resident, while the worker still decodes the next photo.
    @Test func aWorkerGivesBackTheFilePagesAfterADecode() throws {
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let path = Fixtures.exif.appendingPathComponent("hopper_orientation_6.jpg").path
        let request = DecodeRequest(path: path, output: Size(width: 60, height: 40), fit: .cover, background: .black)
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
        let pid = try #require(decoder.workerProcessID)
        #expect(try Self.mappedLibraries(pid).contains { $0.hasPrefix("libheif") })
        // The give-back follows the reply, on a loaded machine some time after it.
        let gone = eventually(timeout: 60) { residentFilePagesKiB(pid: pid, library: "libheif") == 0 }
        #expect(gone, "libheif's code still resident: \(residentFilePagesKiB(pid: pid, library: "libheif") ?? -1) KiB")
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
    }

    /// A BMP has no decoder of its own: SDL2_image is loaded for it, in the worker only then,
    /// and decodes it as in the calling process.
    @Test func aRareFormatLoadsSDLImageInTheWorker() throws {
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let path = Fixtures.folder.appendingPathComponent("pngsuite/bmp/ps1n2c16.bmp").path
        let request = Fixtures.fullSize(path)
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
        let pid = try #require(decoder.workerProcessID)
        let mapped = try Self.mappedLibraries(pid)
        #expect(mapped.contains { $0.hasPrefix("libSDL2_image") }, "\(mapped.sorted())")
    }

    /// The fallback when `vitrine-decoder` is missing: `vitrine decode-worker` runs the same loop.
    @Test func vitrineDecodeWorkerStillDecodes() throws {
        let decoder = IsolatedDecoder(.init(command: [Repository.vitrine, "decode-worker"]))
        defer { decoder.shutdown() }
        let path = Fixtures.exif.appendingPathComponent("hopper_orientation_6.jpg").path
        let request = DecodeRequest(path: path, output: Size(width: 60, height: 40), fit: .cover, background: .black)
        #expect(try decoder.decode(request) == MediaDecoder().decode(request))
    }
}
