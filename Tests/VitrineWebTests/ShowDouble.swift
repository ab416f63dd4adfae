import Foundation
import Synchronization
import VitrineCLI
import VitrineCore
import VitrineWeb

/// A test double of the running show (the real one needs the player's frame loop): it records the
/// commands it is sent and keeps its files in a temporary folder. Playlist checks use the real checker.
final class ShowDouble: ShowControlling {
    let root: String
    let uploadFolder: String
    let playlistPath: String?
    let configPath: String?
    private let sent = Mutex<[ShowCommand]>([])
    /// The photos hidden from the screen, as the real show reads them from its marks file.
    let hidden = Mutex<[String]>([])
    /// The photos asked to be shown again.
    let restored = Mutex<[String]>([])

    func hiddenPhotos() -> [String] { hidden.withLock { $0 } }

    func showAgain(_ path: String) -> String? {
        guard hiddenPhotos().contains(path) else { return "that photo is not hidden" }
        restored.withLock { $0.append(path) }
        return nil
    }

    init(withPlaylist: Bool = true) {
        root = NSTemporaryDirectory() + "vitrine-web-\(UUID().uuidString)"
        uploadFolder = root + "/photos"
        try? FileManager.default.createDirectory(atPath: uploadFolder, withIntermediateDirectories: true)
        playlistPath = withPlaylist ? root + "/playlist.json" : nil
        configPath = root + "/config.json"
        if let playlistPath {
            _ = FileManager.default.createFile(atPath: playlistPath, contents: Data(Self.goodPlaylist.utf8))
        }
        _ = FileManager.default.createFile(
            atPath: root + "/config.json",
            contents: Data("{\n  \"sources\": [\"/srv/photos\"],\n  \"interval\": 10\n}\n".utf8))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The configuration file's reader of the command line: JSON and key problems.
    func check(config text: String) -> [EditProblem] {
        do {
            let (_, problems) = try ConfigDocument.parse(Data(text.utf8), path: configPath ?? "config.json")
            return problems.map { EditProblem(line: nil, column: nil, message: $0.description) }
        } catch {
            return [EditProblem(line: nil, column: nil, message: error.description)]
        }
    }

    static let goodPlaylist = """
        {
          "version": 1,
          "items": [
            { "folder": "photos", "duration": 5 }
          ]
        }

        """

    var commands: [ShowCommand] { sent.withLock { $0 } }

    func stateJSON() -> JSONOutput {
        let photos = folderNames.filter { !$0.hasPrefix(".") }
        return .object([
            ("mode", .string("attract")), ("index", .integer(0)), ("count", .integer(photos.count)),
            ("paused", .bool(false)), ("source", .optional(photos.first.map { uploadFolder + "/" + $0 })),
            ("playlist", .null), ("display", .string("on")), ("uptime", .integer(3725)),
            ("warnings", .array([.string("broken.jpg: not a picture; skipped")])),
        ])
    }

    /// The first photo of the folder stands for the frame on the screen.
    func currentFrame() -> EncodedImage? {
        for name in folderNames where !name.hasPrefix(".") {
            if let data = FileManager.default.contents(atPath: uploadFolder + "/" + name),
                let type = PhotoFolder.sniff(data)
            {
                return EncodedImage(bytes: data, type: type)
            }
        }
        return EncodedImage(bytes: TestImages.png, type: "image/png")
    }
    func send(_ command: ShowCommand) -> String? {
        sent.withLock { $0.append(command) }
        return nil
    }
    func preview(at moment: Date) -> Data? {
        guard let frame = currentFrame(), frame.type == "image/png" else { return TestImages.png }
        return frame.bytes
    }
    func scheduleChart() -> Data? { nil }
    /// The decode probe: a picture whose bytes say BROKEN does not decode.
    func canDecode(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data("BROKEN".utf8)) == nil
    }

    /// Every name in the upload folder, hidden ones included.
    var folderNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: uploadFolder)) ?? []).sorted()
    }
}

enum TestImages {
    /// The first bytes of a JPEG, enough for the magic-byte check and the double's probe.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x42, count: 300)
    static let png = PNGWriter.gray(width: 2, height: 2, pixels: [0, 255, 255, 0])
}
