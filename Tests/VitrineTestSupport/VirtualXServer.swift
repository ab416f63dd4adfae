import Foundation
import Glibc

/// An X server of its own for a test: Xvfb on the first free display number (it says which
/// when ready), with a window manager when asked; pictures of its whole screen through
/// ImageMagick's `import`. Stopped, and its lock and socket removed, when the value goes.
public final class VirtualXServer {
    /// `:N`, for `DISPLAY`.
    public let display: String
    public let width: Int
    public let height: Int
    private let server: Process
    private var windowManager: Process?
    private let number: Int

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Whether Xvfb and `import` are installed (deploy/test-packages.txt names them).
    public static var isAvailable: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/import"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts Xvfb with one screen of `width`×`height` and waits until it takes clients.
    public init(width: Int = 1920, height: Int = 1080) throws {
        self.width = width
        self.height = height
        server = Process()
        // The test runner's children inherit a mask that blocks SIGTERM; Xvfb is started with
        // its signals unblocked, so SIGTERM ends it cleanly and it removes its own lock and socket.
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            "-c",
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
            "/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
        ]
        let ready = Pipe()
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Xvfb writes its display number once it listens.
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("\n"), Date() < deadline {
            let data = ready.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(server.processIdentifier, SIGKILL)
            throw Failure(description: "Xvfb did not say its display number (got '\(text)')")
        }
        self.number = number
        display = ":\(number)"
    }

    deinit {
        if let windowManager {
            kill(windowManager.processIdentifier, SIGKILL)
            windowManager.waitUntilExit()
        }
        // SIGTERM: Xvfb removes its own lock and socket as it ends. Nothing here removes them:
        // once this server is gone another test's Xvfb may take the number, and its files must stay.
        kill(server.processIdentifier, SIGTERM)
        if !eventually(timeout: 10, { !server.isRunning }) {
            kill(server.processIdentifier, SIGKILL)
        }
        server.waitUntilExit()
    }

    /// Starts matchbox-window-manager on the display and waits until it manages it.
    public func startWindowManager() throws {
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/matchbox-window-manager")
        manager.arguments = ["-use_titlebar", "no"]
        manager.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-wm-\(UUID()).log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        defer { unlink(log) }
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle(forWritingAtPath: log)
        try manager.run()
        windowManager = manager
        // A window manager announces itself on the root window (_NET_SUPPORTING_WM_CHECK);
        // generous, for a machine busy with other builds.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let out = try ChildProcess.run(
                ["-root", "_NET_SUPPORTING_WM_CHECK"], executable: "/usr/bin/xprop", environment: ["DISPLAY": display])
            if out.stdout.contains("window id") { return }
            usleep(100_000)
        }
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw Failure(
            description: "matchbox-window-manager did not start on \(display) "
                + "(\(manager.isRunning ? "running" : "ended")): \(said)")
    }

    /// The whole screen as it is now: 8-bit RGB, row by row.
    public func screenshot() throws -> Screenshot {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-screen-\(UUID()).rgb").path
        defer { unlink(file) }
        let out = try ChildProcess.run(
            ["-window", "root", "-depth", "8", "rgb:" + file], executable: "/usr/bin/import",
            environment: ["DISPLAY": display])
        guard out.status == 0, let data = FileManager.default.contents(atPath: file),
            data.count == width * height * 3
        else { throw Failure(description: "import failed: \(out.stderr)") }
        return Screenshot(width: width, height: height, rgb: [UInt8](data))
    }

    /// A picture of the screen (described by its size only, so a failed expectation stays short).
    public struct Screenshot: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        public let width: Int
        public let height: Int
        public let rgb: [UInt8]

        public var description: String { "a \(width)x\(height) screenshot" }
        public var debugDescription: String { description }

        public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
            let i = (y * width + x) * 3
            return (rgb[i], rgb[i + 1], rgb[i + 2])
        }

        /// Whether the pixel at (x, y) is within `tolerance` of `color` in every channel.
        public func pixel(_ x: Int, _ y: Int, is color: (UInt8, UInt8, UInt8), tolerance: Int = 12) -> Bool {
            let p = self[x, y]
            return abs(Int(p.r) - Int(color.0)) <= tolerance && abs(Int(p.g) - Int(color.1)) <= tolerance
                && abs(Int(p.b) - Int(color.2)) <= tolerance
        }
    }
}
