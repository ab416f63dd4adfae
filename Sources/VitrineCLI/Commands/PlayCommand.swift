import Foundation
import VitrineCore
import VitrineMedia
import VitrineRemote
import VitrineSDL
import VitrineSystem

/// `vitrine play`: the slideshow on a display.
enum PlayCommand {
    static let command = CLI.Command(
        name: "play",
        summary: "show the slideshow fullscreen (or in a window)",
        help: """
            Usage: vitrine play [SOURCE…|PLAYLIST.json] [options]

            Shows the images of each SOURCE (a folder, sorted by name, or an image file)
            one after another, forever; video clips (mp4, m4v, mov, mkv, webm) play as
            slides, each as long as the clip (on the opengl and opengles2 renderers through
            libmpv's OpenGL API, with hardware decoding where there is one, unless auto chose
            a software rasteriser). With no SOURCE it plays the bundled demo.
            Folders are watched: photos copied in join the show once fully written,
            deleted ones leave it. Started again, it carries on from the photo it showed.
            A playlist file (docs/playlists-and-schedules.md) is checked first, then
            played with its schedule; its folders and the file itself are watched, and
            the position is resumed.

            Display options:
              --windowed WxH                 a window of that size instead of fullscreen
              --video-driver NAME            SDL video driver (kmsdrm, x11, wayland, …; default: SDL's choice)
              --renderer auto|software|opengles2|opengl
                                             renderer (default auto: hardware with vsync, else software;
                                             on KMS/DRM opengles2, then opengl, then software; elsewhere
                                             OpenGL on a software rasteriser (llvmpipe) gives way to software;
                                             one that shows only black where the first photo should be
                                             is replaced)
              --quit-after SECONDS           quit after this many seconds of show time (default: never)
              --print-state                  print the show's state as one JSON line on standard output
                                             each time the slide or the display's power changes
              --config FILE                  read options from a JSON file (default \(ConfigFile.defaultPath)
                                             when it exists; 'none' for no file); the command line wins
            Playlist options:
            \(RunOptions.playHelp)
            \(CommonOptions.help)
            \(DecodeOptions.help)
            Touch and mouse:
            \(TouchOptions.help)
              --record-input FILE            write what the user does to FILE as an input trace
              --last-frame FILE.png          when the show ends, write the frame on the screen to FILE.png
            Remote control (MQTT with Home Assistant discovery, and the HTTP control API for 'vitrine ctl'):
            \(RemoteOptions.help)
            The web page (for the screen's owner, from a phone):
            \(WebOptions.help)

            Keys: Right/Left next/previous, Space pause/resume, Home/End first/last,
                  g grid of thumbnails, f toggle fullscreen, Esc or q quit.
            Touch (or mouse: left button drags, wheel zooms): a touch stops the show and
            browses the photo; swipe pages, double-tap zooms, pinch zooms 1x-3x, drag pans
            a zoomed photo, pull down puts it away; idle, the show resumes.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        // Before SDL starts, so SIGTERM and SIGHUP come to us and not to SDL's own handlers.
        ServiceSignals.install()
        // Under a tight address-space limit, a clear error now rather than no thread to be had later.
        try ProcessResources.checkAddressSpace()
        let setup = try PlaySetup(args)
        let input = try setup.options.touch.loadInput()
        var recorder: InputTraceRecorder?
        if let recordPath = setup.options.recordPath {
            do {
                recorder = try InputTraceRecorder(path: recordPath)
            } catch {
                throw UsageError(error.description)
            }
        }
        let now = Date()
        if setup.options.web.enabled { WebShow.prepareUploadFolder(setup.sources) }
        let positions = setup.sources.positions()
        // What a power cut left in the state folder goes now, and again every hour.
        let marks = setup.sources.marks()
        let noneOfOurOwn: @Sendable (String) -> Int32? = { _ in nil }
        let folder: (path: String, alsoOurs: @Sendable (String) -> Int32?) =
            positions?.leftoverFolder ?? (LeftoverFiles.folder(of: marks.path), noneOfOurOwn)
        let leftovers = LeftoverSweeper(folders: [folder])
        leftovers.sweepNow()
        leftovers.start()
        defer { leftovers.stop() }
        let first = try setup.playerSetup(now: now)
        let director = setup.sources.director(
            first.feed, setup: first.setup, output: Size(width: 1280, height: 720), now: now,
            positions: positions, input: input, marks: marks)
        var hooks = ServiceHooks.make { try PlaySetup(args).playerSetup(now: Date()) }
        hooks.displayDevices = PowerDevices.make()
        if setup.options.printState {
            hooks.printState = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        }
        let remote = try RemoteLink.start(
            setup.options.remote, keepGoing: setup.options.common.keepGoing, hooks: &hooks)
        defer { remote?.stop() }
        let presence = PresenceLink.start(remote: remote, hooks: &hooks)
        defer { presence.stop() }
        let web = try WebLink.start(setup, arguments: args, hooks: &hooks)
        defer { web?.stop() }
        remote?.setConfigurationURL(web?.address)
        var display = setup.options.display
        // Which OpenGL driver there is is asked of a process of its own: a software rasteriser
        // the player will not draw with then never loads here.
        display.glProbe = { GLProbe.ask() }
        // A cover fit or Ken Burns looks for faces: the workers make their detector as they start.
        let style = director.engine.show.options
        let faces = style.fit == .cover || style.motion == .kenburns
        let player = Player(
            director: director, display: display, decoder: setup.options.decoding.isolatedDecoder(faces: faces),
            hooks: hooks, recorder: recorder)
        return try player.run()
    }

    /// What the options of `play` set.
    struct Options {
        var common = CommonOptions()
        var decoding = DecodeOptions()
        var display = DisplayOptions()
        var playlist = RunOptions()
        var touch = TouchOptions()
        var recordPath: String?
        var quitAfter: Seconds?
        var printState = false
        var remote = RemoteOptions()
        var web = WebOptions()
        var positionals: [String] = []
    }

    /// Parses play's options (from the configuration file and the command line, in that order).
    static func parseOptions(_ args: [String]) throws -> Options {
        var o = Options()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            if try o.playlist.apply(option, from: &scanner, play: true) { continue }
            if try o.common.apply(option, from: &scanner) { continue }
            if try o.decoding.apply(option, from: &scanner) { continue }
            if try o.touch.apply(option, from: &scanner) { continue }
            if try o.remote.apply(option, from: &scanner) { continue }
            if try o.web.apply(option, from: &scanner) { continue }
            switch option {
            case "--record-input": o.recordPath = try scanner.value(for: option)
            case "--last-frame": o.display.lastFrame = try scanner.value(for: option)
            case "--windowed": o.display.windowed = try scanner.size(for: option)
            case "--video-driver": o.display.videoDriver = try scanner.value(for: option)
            case "--renderer": o.display.renderer = try scanner.choice(for: option, as: RendererChoice.self)
            case "--quit-after": o.quitAfter = try scanner.seconds(for: option)
            case "--print-state": o.printState = true
            default: throw UsageError("unknown option \(option); run 'vitrine play --help'")
            }
        }
        try o.remote.validate()
        o.positionals = scanner.positionals
        return o
    }
}
