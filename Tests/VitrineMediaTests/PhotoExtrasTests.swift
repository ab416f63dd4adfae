import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// What a decode adds when asked: the faces dlib finds (near the top of the demo's
/// astronaut, none in a picture without a face) and the backdrop of `--fill blur`, in
/// process and through the worker, whose hostile files are still refused.
@Suite struct PhotoExtrasTests {
    static let astronaut = Repository.path("assets/demo/astronaut.png")
    static let output = Size(width: 1920, height: 1080)

    static func request(_ path: String, faces: Bool = true, backdrop: Bool = true) -> DecodeRequest {
        DecodeRequest(path: path, output: output, fit: .contain, background: .black, backdrop: backdrop, faces: faces)
    }

    @Test func findsTheAstronautsFaceNearTheTop() throws {
        let image = try MediaDecoder().decode(Self.request(Self.astronaut))
        let faces = try #require(image.metadata?.faces)
        #expect(faces.count == 1, "\(faces)")
        let face = try #require(faces.first)
        // Her face: left of the middle, in the top third, about a fifth of the photo wide.
        #expect(face.center.x > 0.3 && face.center.x < 0.6, "\(face)")
        #expect(face.center.y > 0.1 && face.center.y < 0.4, "\(face)")
        #expect(face.width > 0.1 && face.width < 0.35, "\(face)")
    }

    @Test func aPortraitCropKeepsItsFaceOnALandscapeScreen() throws {
        // The astronaut cut to a portrait (288 x 512 around her face). dlib's own threshold also
        // reports a "face" on her suit, which would pull the crop down to her chest.
        let folder = try Fixtures.scratchFolder("portrait-face")
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try MediaDecoder().decode(Self.request(Self.astronaut, faces: false, backdrop: false)).pixels
        let path = folder.appendingPathComponent("astronaut-portrait.bmp").path
        try TestPictures.writeBMP(path, width: 288, height: 512) { x, y in
            let pixel = full[x + 90, y]
            return (UInt8((pixel >> 16) & 0xFF), UInt8((pixel >> 8) & 0xFF), UInt8(pixel & 0xFF))
        }
        let image = try MediaDecoder().decode(Self.request(path, backdrop: false))
        let faces = try #require(image.metadata?.faces)
        #expect(faces.count == 1, "\(faces)")
        let face = try #require(faces.first)
        #expect(face.minY > 0.05 && face.maxY < 0.45, "\(face)")
        // On 1920x1080 with --fit cover the middle of the photo would show her chest only.
        let screen = Rect(size: Self.output)
        let centred = FitMode.cover.rect(for: image.sourceSize, in: screen)
        let onScreen = { (rect: Rect) in
            Rect(
                x: rect.x + face.x * rect.width, y: rect.y + face.y * rect.height, width: face.width * rect.width,
                height: face.height * rect.height)
        }
        #expect(onScreen(centred).minY < 0)
        let framed = FaceFraming.framed(centred, faces: faces, in: screen)
        #expect(onScreen(framed).minY >= 0 && onScreen(framed).maxY <= screen.maxY, "\(framed)")
    }

    @Test func findsNoFaceInAPictureWithoutOne() throws {
        let folder = try Fixtures.scratchFolder("no-face")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("gradient.jpg")
        try Data(HostileFiles.goodJPEG()).write(to: url)
        let image = try MediaDecoder().decode(Self.request(url.path))
        #expect(image.metadata?.faces == [])
        // Not asked: not looked for, no backdrop, the pixels the same.
        let plain = try MediaDecoder().decode(Self.request(url.path, faces: false, backdrop: false))
        #expect(plain.metadata?.faces == nil)
        #expect(plain.backdrop == nil)
        #expect(plain.pixels == image.pixels)
    }

    @Test func backdropIsTheBlurredDimmedPhoto() throws {
        // Red above, blue below: the backdrop is reddish at its top, bluish at its bottom, darker.
        let folder = try Fixtures.scratchFolder("backdrop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("halves.bmp").path
        try TestPictures.writeBMP(path, width: 300, height: 400) { _, y in y < 200 ? (220, 40, 30) : (20, 50, 230) }
        let image = try MediaDecoder().decode(Self.request(path, faces: false))
        let backdrop = try #require(image.backdrop)
        #expect(backdrop.width == 240 && backdrop.height == 135)
        func channels(_ pixel: UInt32) -> (Int, Int, Int) {
            (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
        }
        let top = channels(backdrop[120, 2])
        let bottom = channels(backdrop[120, 132])
        let middle = channels(backdrop[120, 67])
        #expect(top.0 > 90 && top.0 < 200 && top.2 < 60, "\(top)")
        #expect(bottom.2 > 90 && bottom.2 < 200 && bottom.0 < 60, "\(bottom)")
        // Blurred: the middle is a mix of both.
        #expect(middle.0 > 30 && middle.2 > 30, "\(middle)")
    }

    @Test func workerSendsTheFacesAndTheBackdrop() throws {
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let request = Self.request(Self.astronaut)
        let isolated = try decoder.decode(request)
        let local = try MediaDecoder().decode(request)
        #expect(isolated.metadata?.faces == local.metadata?.faces)
        #expect(isolated.metadata?.faces?.isEmpty == false)
        #expect(isolated.backdrop == local.backdrop)
        #expect(isolated.backdrop != nil)
        #expect(isolated.pixels == local.pixels)
    }

    /// A worker started for a show that wants faces makes dlib's detector as it starts, before
    /// the display process sends its first request (so not within that decode's deadline); one
    /// started without makes it inside the first decode that asks for faces.
    @Test(arguments: [true, false]) func theFaceDetectorIsMadeAsTheWorkerStartsWhenFacesAreWanted(faces: Bool) throws {
        let decoder = WorkerBinary.decoder(faces: faces)
        defer { decoder.shutdown() }
        #expect(decoder.prepare())
        let first = try decoder.decode(Self.request(Self.astronaut, backdrop: false))
        #expect(first.metadata?.faces?.isEmpty == false)
        #expect(decoder.detectorWasReady == faces)
        // The second photo finds it made either way.
        _ = try decoder.decode(Self.request(Self.astronaut, backdrop: false))
        #expect(decoder.detectorWasReady == true)
    }

    @Test func hostileFilesAreStillRefusedWhenFacesAreWanted() throws {
        let folder = try Fixtures.scratchFolder("hostile-faces")
        defer { try? FileManager.default.removeItem(at: folder) }
        try HostileFiles.write(into: folder)
        let decoder = WorkerBinary.decoder(deadline: 10)
        defer { decoder.shutdown() }
        for name in HostileFiles.names {
            let path = folder.appendingPathComponent(name).path
            let error = #expect(throws: DecodeError.self) { _ = try decoder.decode(Self.request(path)) }
            let expected = try #require(HostileFileTests.expectedReasons[name])
            #expect(error?.reason.contains(expected) == true, "\(name): \(error?.reason ?? "no error")")
        }
        let good = try decoder.decode(Self.request(folder.appendingPathComponent(HostileFiles.good).path))
        #expect(good.pixels.width == 96)
        #expect(good.metadata?.faces != nil)
    }
}
