import VitrineRemote

/// `vitrine ctl`: the command's logic and help live in VitrineRemote.
enum CtlCommand {
    static let command = CLI.Command(
        name: "ctl", summary: "control a playing vitrine (next, pause, display off, notice, …)", help: Ctl.help,
        run: { Ctl.run($0) })
}
