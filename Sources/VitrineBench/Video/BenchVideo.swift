import Foundation
import Glibc
import VitrineCore
import VitrineMedia
import VitrineSDL
import VitrineSystem

/// The video row of `vitrine bench`: a 1080p H.264 clip played in real time on
/// the software path (libmpv decodes, its software renderer scales and converts
/// each frame into memory, as `play` hands it to the drawer), measured for CPU,
/// dropped frames, memory, and the time from a transition's start to the clip's
/// first moving frame.
enum BenchVideo {
    static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    /// User + system CPU seconds of this process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Measures `file`, or a generated clip (with ffmpeg, when it is installed).
    static func measure(file: String?, output: Size, seconds: Double) {
        let log = Log("bench")
        var clipPath = file
        var scratch: String?
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        if clipPath == nil {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-\(getpid()).mp4")
                .path
            guard generate(path, seconds: seconds + 1) else {
                print("Video: skipped (no clip: pass --video FILE.mp4, or install ffmpeg to generate one)\n")
                return
            }
            scratch = path
            clipPath = path
            print("Video input: a generated 1920x1080 30 fps H.264 clip (testsrc2, \(Int(seconds + 1)) s)")
        }
        guard let clipPath else { return }
        print("Load average while measuring: \(loadAverage())")
        print(
            "Video, software path (libmpv software render into memory at up to \(Int(output.width))x\(Int(output.height)))"
        )
        guard let software = play(clipPath, output: output, seconds: seconds, gl: nil, log: log) else { return }
        let copy = frameCopyCost(width: Int(output.width), height: Int(output.height))
        print("    a worker process would add one frame copy: \(BenchCommand.ms(copy)) a \(software.frameSize) frame")
        measureGL(clipPath, output: output, seconds: seconds, log: log)
        print("")
    }

    /// The GL path: a window on the OpenGL renderer, clips rendered by libmpv's OpenGL API into
    /// its textures (as `play` does there), when a display with OpenGL can be opened.
    private static func measureGL(_ clipPath: String, output: Size, seconds: Double, log: Log) {
        var options = DisplayOptions()
        options.windowed = output
        options.renderer = .opengl
        let display: Display
        let target: RendererVideoTextures
        do {
            display = try Display(options)
            target = try RendererVideoTextures(display: display)
        } catch {
            print("Video, GL path: skipped (\(error))")
            return
        }
        print(
            "Video, GL path (libmpv OpenGL render into a texture of SDL's \(display.rendererName) renderer, "
                + "hwdec=auto-safe, GL: \(target.glRenderer))"
        )
        _ = play(clipPath, output: output, seconds: seconds, gl: target, log: log)
        withExtendedLifetime(display) {}
    }

    struct Played {
        var frameSize: String
    }

    /// Opens the clip three times (to first frame, as prefetch does before the transition), then
    /// plays it for `seconds` and prints the figures.
    private static func play(
        _ clipPath: String, output: Size, seconds: Double, gl: RendererVideoTextures?, log: Log
    ) -> Played? {
        var opens: [Double] = []
        var blocking: [Double] = []
        for _ in 0..<3 {
            let start = now()
            guard let clip = try? VideoClip(path: clipPath, gl: gl, output: output, now: start, openDeadline: 10)
            else { break }
            let created = now() - start
            clip.waitUntilSettled(now: now)
            guard clip.state == .ready else {
                log.error("the clip did not open: \(clip.state)")
                return nil
            }
            opens.append(now() - start)
            blocking.append(created + clip.renderThreadSeconds)
        }
        let residentBefore = ProcessResources.residentBytes() ?? 0
        guard let clip = try? VideoClip(path: clipPath, gl: gl, output: output, now: now(), openDeadline: 10)
        else { return nil }
        clip.waitUntilSettled(now: now)
        guard clip.state == .ready, let info = clip.info else {
            print("    the clip did not open\n")
            return nil
        }
        // The transition starts: the clip runs; the first new frame is the first moving one.
        let cpuStart = cpuSeconds()
        let start = now()
        clip.setPlaying(true)
        let framesAtStart = clip.framesRendered
        var firstMoving: Double?
        var renders: [Double] = []
        var peakResident = residentBefore
        let length = min(seconds, info.length?.value ?? seconds)
        while now() - start < length {
            if clip.poll(now: now()) {
                renders.append(clip.lastRenderSeconds)
                if firstMoving == nil, clip.framesRendered > framesAtStart { firstMoving = now() - start }
            }
            peakResident = max(peakResident, ProcessResources.residentBytes() ?? 0)
            usleep(4_000)
        }
        let played = now() - start
        let cpu = cpuSeconds() - cpuStart
        let rendered = clip.framesRendered - framesAtStart
        let expected = Int((played * (info.frameRate ?? 30)).rounded(.down))
        let fitted = VideoClip.renderSize(
            width: Int(info.size.width), height: Int(info.size.height), inside: output)
        let frameSize = "\(fitted.width)x\(fitted.height)"
        print("    clip \(Int(info.size.width))x\(Int(info.size.height)), frames rendered at \(frameSize)")
        print("    open to first frame (median of \(opens.count))   \(BenchCommand.ms(BenchCommand.median(opens)))")
        print(
            "    of which on the render thread     \(BenchCommand.ms(BenchCommand.median(blocking))) "
                + "(render context and load; libmpv starts on its own thread; first open "
                + "\(blocking.first.map(BenchCommand.ms) ?? "-"))")
        print(
            String(
                format: "    CPU per second of video          %.2f s (%.0f%% of one core)", cpu / played,
                cpu / played * 100))
        print(
            "    frames shown / due                \(rendered) / \(expected) (dropped \(max(0, expected - rendered)))")
        print(
            "    memory while playing              +\(BenchCommand.megabytes(max(0, peakResident - residentBefore))) resident"
        )
        print("    transition start to first moving frame  \(firstMoving.map(BenchCommand.ms) ?? "none")")
        print(
            "    render thread per frame (median, p99, max)  \(BenchCommand.ms(BenchCommand.median(renders))), "
                + "\(BenchCommand.ms(BenchCommand.percentile(renders, 0.99))), \(BenchCommand.ms(renders.max() ?? 0))")
        if gl != nil {
            print("    hardware decoding in use (hwdec-current)  \(clip.property("hwdec-current") ?? "unknown")")
        }
        return Played(frameSize: frameSize)
    }

    private static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }

    /// The cost of copying one frame, as a worker's shared memory would take.
    static func frameCopyCost(width: Int, height: Int) -> Double {
        let source = [UInt32](repeating: 0xFF20_4060, count: width * height)
        var target = [UInt32](repeating: 0, count: width * height)
        var times: [Double] = []
        for _ in 0..<20 {
            let start = now()
            target.withUnsafeMutableBytes { to in source.withUnsafeBytes { from in to.copyMemory(from: from) } }
            times.append(now() - start)
        }
        return target[0] == source[0] ? BenchCommand.median(times) : .nan
    }

    private static func generate(_ path: String, seconds: Double) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = [
            "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=1920x1080:r=30:d=\(Int(seconds))", "-c:v", "libx264",
            "-preset", "veryfast", "-pix_fmt", "yuv420p", path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
