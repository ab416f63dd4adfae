import Foundation
import Testing
import VitrineCore
import VitrineWeb

@Suite struct OnboardingTests {
    /// Paints the scene's filled rectangles (the QR code is drawn with them) into grey pixels.
    static func rasterize(_ scene: Scene) -> [UInt8] {
        let width = Int(scene.size.width)
        let height = Int(scene.size.height)
        let bg = scene.background
        var pixels = [UInt8](repeating: UInt8((Int(bg.r) + Int(bg.g) + Int(bg.b)) / 3), count: width * height)
        for op in scene.ops {
            guard case .fill(let rect, let color, _) = op else { continue }
            let grey = UInt8((Int(color.r) + Int(color.g) + Int(color.b)) / 3)
            for y in max(0, Int(rect.y))..<min(height, Int(rect.y + rect.height)) {
                for x in max(0, Int(rect.x))..<min(width, Int(rect.x + rect.width)) { pixels[y * width + x] = grey }
            }
        }
        return pixels
    }

    @Test func theOnboardingScreensQRCodeDecodesToThePagesAddress() throws {
        let address = "http://vitrine-kitchen.local:8080/"
        let code = try QRCode(address)
        #expect(code.width >= 21 && code.modules.count == code.width)
        let screen = OnboardingScreen(address: address, setupCode: "12345678", modules: code.modules)
        let scene = screen.scene(output: Size(width: 1280, height: 720))
        let texts = scene.ops.compactMap { op -> String? in
            if case .text(let block, _, _) = op { return block.text }
            return nil
        }
        #expect(texts.contains(address))
        #expect(texts.contains("1234 5678"))
        let png = PNGWriter.gray(width: 1280, height: 720, pixels: Self.rasterize(scene))
        let file = NSTemporaryDirectory() + "vitrine-onboarding-\(UUID().uuidString).png"
        try png.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let zbar = Process()
        zbar.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        zbar.arguments = ["--quiet", "--raw", file]
        let out = Pipe()
        zbar.standardOutput = out
        zbar.standardError = FileHandle.nullDevice
        try zbar.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        zbar.waitUntilExit()
        #expect(zbar.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == address)
    }

    /// Once a password is set, an empty folder's screen invites photos instead of a setup.
    @Test func afterSetupTheScreenAsksForPhotos() throws {
        let code = try QRCode("http://192.168.1.20:8080/")
        func texts(_ screen: OnboardingScreen) -> [String] {
            screen.scene(output: Size(width: 1920, height: 1080)).ops.compactMap {
                if case .text(let block, _, _) = $0 { return block.text }
                return nil
            }
        }
        let before = OnboardingScreen(address: "http://a/", setupCode: "12345678", modules: code.modules)
        let after = OnboardingScreen(address: "http://a/", setupCode: nil, modules: code.modules)
        #expect(texts(before).contains("Set up this screen"))
        #expect(texts(before).contains("1234 5678"))
        #expect(!texts(after).contains("Set up this screen"))
        #expect(texts(after).contains("No photos yet"))
        #expect(StatusScreen.onboarding(after).lines.title == "No photos yet")
    }

    @Test func modulesAreWholePixelsInsideTheScreen() throws {
        let code = try QRCode("http://192.168.1.20:8080/")
        for size in [Size(width: 1920, height: 1080), Size(width: 480, height: 800), Size(width: 320, height: 240)] {
            let screen = OnboardingScreen(address: "x", setupCode: nil, modules: code.modules)
            let (square, module) = screen.codeLayout(output: size)
            #expect(module >= 1 && module == module.rounded())
            #expect(square.x >= 0 && square.y >= 0)
            #expect(square.x + square.width <= size.width && square.y + square.height <= size.height)
        }
    }

    @Test func theServiceNameFollowsTheHostName() {
        #expect(MDNSAnnouncer.Service.defaultName(hostname: "kitchen.lan") == "vitrine-kitchen")
        #expect(MDNSAnnouncer.Service(name: "x", port: 80).type == "_http._tcp")
    }

    @Test func theAnnouncerIsThereExactlyWhenAvahiIs() {
        // With avahi-daemon running the service is announced; without it init logs one line and gives nil.
        let daemon = FileManager.default.fileExists(atPath: "/run/avahi-daemon/socket")
        let announcer = MDNSAnnouncer(MDNSAnnouncer.Service(name: "vitrine-test-\(getpid())", port: 8080))
        #expect((announcer != nil) == daemon)
        if let announcer { #expect(announcer.name.hasPrefix("vitrine-test-")) }
    }
}
