import Foundation
import VitrineCore
import VitrineMedia
import VitrineSDL

/// `vitrine play`: the slideshow on a display.
enum PlayCommand {
    static let command = CLI.Command(
        name: "play",
        summary: "show the slideshow fullscreen (or in a window)",
        help: """
            Usage: vitrine play [SOURCE…|PLAYLIST.json] [options]

            Shows the images of each SOURCE (a folder, sorted by name, or an image file)
            one after another, forever. With no SOURCE it plays the bundled demo.
            A playlist file (see README) is checked first, then played with its schedule;
            its folders and the file itself are watched, and the position is resumed.

            Display options:
              --windowed WxH                 a window of that size instead of fullscreen
              --video-driver NAME            SDL video driver (kmsdrm, x11, wayland, …; default: SDL's choice)
              --renderer auto|software|opengles2|opengl
                                             renderer (default auto: hardware with vsync, else software)
              --quit-after SECONDS           quit after this many seconds of show time (default: never)
            Playlist options:
            \(PlaylistOptions.playHelp)
            \(CommonOptions.help)

            Keys: Right/Left next/previous, Space pause/resume, Home/End first/last,
                  f toggle fullscreen, Esc or q quit.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var common = CommonOptions()
        var display = DisplayOptions()
        var playlist = PlaylistOptions()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            if try playlist.apply(option, from: &scanner, play: true) { continue }
            if try common.apply(option, from: &scanner) { continue }
            switch option {
            case "--windowed": display.windowed = try scanner.size(for: option)
            case "--video-driver": display.videoDriver = try scanner.value(for: option)
            case "--renderer": display.renderer = try scanner.choice(for: option, as: RendererChoice.self)
            case "--quit-after": display.quitAfter = try scanner.seconds(for: option)
            default: throw UsageError("unknown option \(option); run 'vitrine play --help'")
            }
        }
        try common.validate()
        if PlaylistOptions.isPlaylistFile(scanner.positionals) {
            let (live, origin) = try PlaylistPlay.live(scanner.positionals[0], common: common, playlist: playlist)
            let player = Player(
                slides: [], options: common.show, overlays: common.overlay, display: display,
                decoder: SDLImageDecoder(), wallClockOrigin: origin.timeIntervalSince1970, live: live)
            return try player.run()
        }
        let sources = scanner.positionals.isEmpty ? [CLI.demoFolder()] : scanner.positionals
        let sourceScanner = common.scanner
        let paths = try sourceScanner.scan(sources)
        let player = Player(
            slides: paths.map { Slide(source: $0) }, options: common.show, overlays: common.overlay,
            display: display, decoder: SDLImageDecoder(), wallClockOrigin: Date().timeIntervalSince1970)
        if common.waitForImages {
            player.waitForImages(in: sources) { (try? sourceScanner.scan(sources))?.map { Slide(source: $0) } ?? [] }
        }
        return try player.run()
    }
}
