import Foundation
import VitrineCLI
import VitrineCore
import VitrineMedia
import VitrineSDL
import VitrineSystem

/// `vitrine bench-scan`: how soon a big folder tree starts playing, how long the
/// whole scan takes, and what it costs in memory. Build with `-c release`.
enum ScanBenchCommand {
    static let command = CLI.Command(
        name: "bench-scan",
        summary: "measure time to the first slide and full scan time of a big folder tree",
        help: """
            Usage: vitrine bench-scan [--files N] [--order name|mtime|shuffle] [--keep]

            Writes N small PNG files (default 50000) in nested folders (100 per folder,
            10 folders per parent) under a temporary folder, plays a playlist of that tree
            recursively as 'play' does (background scan, inotify watches), and prints the
            time to the first slide (found and decoded), the time to the full list, the
            number of folders watched and the memory used. --keep leaves the tree behind.
            Run a release build: swift build -c release && .build/release/vitrine bench-scan
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var files = 50_000
        var order = SlideOrder.name
        var keep = false
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            switch option {
            case "--files":
                let text = try scanner.value(for: option)
                guard let n = Int(text), (1...1_000_000).contains(n) else {
                    throw UsageError("--files \(text): expected a whole number from 1 to 1000000")
                }
                files = n
            case "--order": order = try scanner.choice(for: option, as: SlideOrder.self)
            case "--keep": keep = true
            default: throw UsageError("unknown option \(option); run 'vitrine bench-scan --help'")
            }
        }
        let root = FileManager.default.temporaryDirectory.path + "/vitrine-bench-scan-\(getpid())"
        defer { if !keep { try? FileManager.default.removeItem(atPath: root) } }
        let made = try makeTree(root: root, files: files)
        print("tree: \(files) PNG files in \(made) folders under \(root)")

        let playlist = root + "/bench.json"
        let text =
            "{ \"version\": 1, \"defaults\": { \"order\": \"\(order.rawValue)\" }, \"items\": [ { \"folder\": \"photos\", \"recursive\": true } ] }"
        try Data(text.utf8).write(to: URL(fileURLWithPath: playlist))
        let rssBefore = memory("VmRSS")

        let start = Date()
        func elapsed() -> Double { Date().timeIntervalSince(start) }
        let document = try PlaylistLoading.load(playlist, log: Log("bench"))
        let session = PlaylistSession(document: document) { PlaylistContent(document: $0) }
        var director = ShowDirector(
            setup: DirectorSettings(), environment: ShowEnvironment(feed: session),
            output: Size(width: 1280, height: 720),
            wallOrigin: start.timeIntervalSince1970)
        func frame(at now: Double) {
            _ = director.frame(
                FrameInput(
                    frameTime: 1.0 / 60, monotonic: now, wall: Date().timeIntervalSince1970,
                    output: Size(width: 1280, height: 720)))
        }
        var firstFound: Double?
        var firstDecoded: Double?
        let decoder = SDLImageDecoder()
        while true {
            frame(at: elapsed())
            if firstFound == nil, let source = director.engine.currentPath {
                firstFound = elapsed()
                _ = try decoder.decode(
                    DecodeRequest(
                        path: source, output: Size(width: 1280, height: 720), fit: .contain, background: .black))
                firstDecoded = elapsed()
            }
            if !session.isScanning, firstFound != nil { break }
            // A frame at 60 Hz, as the player would poll.
            usleep(16_000)
        }
        // The last list rebuild after the scan ends.
        frame(at: elapsed() + 1)
        let full = elapsed()
        let rssAfter = memory("VmRSS")
        func ms(_ s: Double?) -> String { s.map { String(format: "%.1f ms", $0 * 1000) } ?? "-" }
        print("order: \(order.rawValue)")
        print("first slide found:    \(ms(firstFound))")
        print("first slide decoded:  \(ms(firstDecoded))")
        print("full scan:            \(ms(full)) (\(director.engine.show.count) slides)")
        print("folders watched:      \(session.watcher?.watchCount ?? 0)")
        if let firstDecoded {
            print(String(format: "first slide / full scan: %.4f", firstDecoded / full))
        }
        print(
            "memory: \(rssBefore / 1024) MiB before, \(rssAfter / 1024) MiB after (peak \(memory("VmHWM") / 1024) MiB)")
        print(String(format: "memory per file: %.0f bytes", Double((rssAfter - rssBefore) * 1024) / Double(files)))

        let walkStart = Date()
        let walked = DirectoryWalk(root: root + "/photos", recursive: true, needsMtime: order == .mtime) { _ in true }
            .all()
        print("plain walk, one thread: \(ms(Date().timeIntervalSince(walkStart))) (\(walked.count) files)")
        return director.engine.show.count == files ? 0 : 1
    }

    /// Writes `files` copies of a small PNG: 10 folders per parent, 100 files per folder.
    static func makeTree(root: String, files: Int) throws -> Int {
        let canvas = try OffscreenCanvas(width: 64, height: 48)
        canvas.draw(Scene(size: Size(width: 64, height: 48), background: RGBColor(r: 40, g: 90, b: 160))) { _ in nil }
        let sample = root + "/sample.png"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try canvas.savePNG(to: sample)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sample))
        var folders = 0
        var written = 0
        var folderIndex = 0
        while written < files {
            // Folder k sits at photos/a<k/100>/b<k/10%10>/c<k%10>: three levels, ten wide.
            let k = folderIndex
            let folder = root + "/photos/a\(k / 100)/b\(k / 10 % 10)/c\(k % 10)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            folders += 1
            for i in 0..<min(100, files - written) {
                guard FileManager.default.createFile(atPath: folder + "/img\(i).png", contents: bytes) else {
                    throw UsageError("cannot write under \(root); is the disk full?")
                }
            }
            written += min(100, files - written)
            folderIndex += 1
        }
        return folders
    }

    /// A line of /proc/self/status in KiB.
    static func memory(_ key: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
