import VitrineCore
import VitrineSDL

/// `vitrine displays`: can a display be opened here, and with which driver.
enum DisplaysCommand {
    static let command = CLI.Command(
        name: "displays",
        summary: "tell whether a display can be opened here, and with which video driver",
        help: """
            Usage: vitrine displays [--video-driver NAME] [--quiet]

            Lists SDL's video drivers and tries to open the display, as 'play' would.
            Exit 0 when a display opened, 1 when none could.

            Options:
              --video-driver NAME   try this driver (kmsdrm, x11, wayland, …) instead of SDL's choice
              --quiet               print nothing; only the exit code tells
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var driver: String?
        var quiet = false
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            switch option {
            case "--video-driver": driver = try scanner.value(for: option)
            case "--quiet": quiet = true
            default: throw UsageError("unknown option \(option); run 'vitrine displays --help'")
            }
        }
        if let extra = scanner.positionals.first { throw UsageError("displays takes no argument, got '\(extra)'") }
        let probe = DisplayProbe.run(driver: driver)
        if !quiet {
            print("video drivers: \(probe.drivers.joined(separator: ", "))")
            if let opened = probe.opened {
                print("display: \(opened.driver), \(opened.width)x\(opened.height)")
            } else {
                print("display: none (\(probe.failure ?? "unknown reason"))")
            }
        }
        return probe.opened == nil ? 1 : 0
    }
}
