// A bare remote-control client for the tests: connects with the options given (the same as
// `vitrine play`'s remote ones), says `ready` on standard error once the broker accepted it,
// prints each command it takes, and runs until killed. The tests kill it with SIGKILL to see
// the last will.
import Foundation
import VitrineCLI
import VitrineCore
import VitrineRemote

var options = RemoteOptions()
var scanner = ArgumentScanner(Array(CommandLine.arguments.dropFirst()))
do {
    while let option = scanner.nextOption() {
        guard try options.apply(option, from: &scanner) else { throw UsageError("unknown option \(option)") }
    }
    let remote = try RemoteControl(options: options, version: "probe", hostname: "probe")
    var said = false
    var state = RemoteState()
    state.version = "probe"
    while true {
        for command in remote.take() {
            Log.write("command: \(command.json.rendered)\n")
            if case .goTo(let index) = command { state.index = index }
        }
        remote.publish(state: state)
        if !said, remote.bridge?.isConnected ?? true {
            said = true
            Log.write("ready\n")
        }
        usleep(10_000)
    }
} catch {
    Log.write("vitrine-remote-probe: \(error)\n")
    exit(2)
}
