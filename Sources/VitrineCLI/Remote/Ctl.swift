import Foundation
import VitrineCore
import VitrineRemote

/// `vitrine ctl COMMAND [ARGS]`: sends one command to a playing vitrine's control API, or
/// prints its state. Exit codes: 0 done, 1 refused or not reachable, 2 usage error.
public enum Ctl {
    public static let help = """
        Usage: vitrine ctl [OPTIONS] COMMAND [ARGS]

        Controls a vitrine that plays with --control (for scripts, motion sensors and cron).

        Commands:
          next | previous | first        change the slide
          pause | resume                 stop or restart the slideshow's advance
          goto INDEX                     show the slide at INDEX (counted from 0)
          goto-file NAME                 show the slide whose file is NAME
          playlist NAME|auto             play a named playlist, or go back to the schedule
          display on|off|auto            switch the display, or hand it back to the schedule
          notice TEXT [SECONDS]          show TEXT over the slides (default: the notice duration,
                                         30 s at first); an empty TEXT takes the notice away
          notice-duration SECONDS        how long notices without SECONDS stay from now on
          reload                         read the sources and playlist again
          interval SECONDS               seconds each slide is shown
          transition fade|zoom|slide|none
          hide FILE | unhide FILE        leave a photo out of the show for good, or show it again
          favourite FILE | unfavourite FILE
                                         mark a photo as a favourite, or no longer
          send JSON                      send a command payload as written, e.g. '{"command":"next"}'
          state                          print the screen's state (JSON)
          frame FILE                     save a small picture of the screen (JPEG) to FILE

        Options:
          --host ADDRESS                 where vitrine listens (default 127.0.0.1)
          --port N                       its control port (default 8777)
          --token-file FILE              bearer token (default: the credential vitrine-control-token
                                         in $CREDENTIALS_DIRECTORY, if there)
        """

    /// Runs `vitrine ctl args…`, printing to standard output and logging problems to standard error.
    public static func run(_ args: [String]) -> Int32 {
        run(args, environment: ProcessInfo.processInfo.environment) { print($0) }
    }

    /// The same with the environment given and the output to `output`, for tests.
    public static func run(_ args: [String], environment: [String: String], output: (String) -> Void) -> Int32 {
        var host = "127.0.0.1"
        var port = RemoteOptions.defaultControlPort
        var tokenFile: String?
        var scanner = ArgumentScanner(args)
        do {
            while let option = scanner.nextOption() {
                switch option {
                case "--host": host = try scanner.value(for: option)
                case "--port":
                    let text = try scanner.value(for: option)
                    guard let value = Int(text), (1...65535).contains(value) else {
                        throw UsageError("--port \(text): expected a port number, 1…65535")
                    }
                    port = value
                case "--token-file": tokenFile = try scanner.value(for: option)
                default: throw UsageError("unknown option \(option); run 'vitrine ctl --help'")
                }
            }
            let action = try action(scanner.positionals)
            let token = try CredentialFile.read(
                path: tokenFile, credential: "vitrine-control-token", environment: environment)
            let client = ControlClient(host: host, port: port, token: token)
            return try perform(action, client, output)
        } catch let error as UsageError {
            Log.write("vitrine ctl: \(error.message)\n")
            return 2
        } catch let error as RemoteError {
            Log.write("vitrine ctl: \(error.message)\n")
            return 1
        } catch {
            Log.write("vitrine ctl: \(error)\n")
            return 1
        }
    }

    enum Action: Equatable {
        case command(String)
        case state
        case frame(String)
    }

    /// The action the words ask for; the payload is checked here with the player's own parser.
    static func action(_ words: [String]) throws -> Action {
        guard let name = words.first else { throw UsageError("which command? run 'vitrine ctl --help'") }
        let rest = Array(words.dropFirst())
        func one(_ what: String) throws -> String {
            guard rest.count == 1 else { throw UsageError("\(name): expected \(what)") }
            return rest[0]
        }
        let command: RemoteCommand
        switch name {
        case "state":
            guard rest.isEmpty else { throw UsageError("state takes no arguments") }
            return .state
        case "frame": return .frame(try one("the FILE to write"))
        case "send":
            let payload = try one("one JSON payload")
            _ = try RemoteCommandParser.parse(payload)
            return .command(payload)
        case "next", "previous", "first", "pause", "resume", "reload":
            guard rest.isEmpty else { throw UsageError("\(name) takes no arguments") }
            return .command(RemoteCommandJSON.plain(name))
        case "goto":
            let text = try one("a slide INDEX")
            guard let index = Int(text) else { throw UsageError("goto \(text): expected a whole number") }
            command = .goTo(index: index)
        case "goto-file": command = .goToFile(name: try one("a file NAME"))
        case "playlist": command = .playPlaylist(.init(try one("a playlist NAME or auto")))
        case "display":
            let text = try one("on, off or auto")
            guard let request = RemoteCommand.DisplayRequest(rawValue: text) else {
                throw UsageError("display \(text): expected on, off or auto")
            }
            command = .display(request)
        case "notice":
            guard rest.count == 1 || rest.count == 2 else { throw UsageError("notice: expected TEXT [SECONDS]") }
            var seconds: Seconds?
            if rest.count == 2 {
                guard let value = Double(rest[1]) else { throw UsageError("notice: \(rest[1]) is not a number") }
                seconds = Seconds(value)
            }
            command = .notice(text: rest[0], seconds: seconds)
        case "interval":
            let text = try one("a number of SECONDS")
            guard let seconds = Double(text) else { throw UsageError("interval \(text): expected seconds") }
            command = .setInterval(seconds: Seconds(seconds))
        case "notice-duration":
            let text = try one("a number of SECONDS")
            guard let seconds = Double(text) else { throw UsageError("notice-duration \(text): expected seconds") }
            command = .setNoticeDuration(seconds: Seconds(seconds))
        case "transition":
            let text = try one("fade, zoom, slide or none")
            guard let kind = TransitionKind(rawValue: text) else {
                throw UsageError("transition \(text): expected fade, zoom, slide or none")
            }
            command = .setTransition(kind)
        case "hide": command = .hide(name: try one("a FILE name or path"))
        case "unhide": command = .unhide(name: try one("a FILE name or path"))
        case "favourite": command = .favourite(name: try one("a FILE name or path"), on: true)
        case "unfavourite": command = .favourite(name: try one("a FILE name or path"), on: false)
        default:
            throw UsageError("unknown command '\(name)'; run 'vitrine ctl --help'")
        }
        let payload = command.json.rendered
        do {
            _ = try RemoteCommandParser.parse(payload)
        } catch {
            throw UsageError("\(name): \(error.description)")
        }
        return .command(payload)
    }

    private static func perform(_ action: Action, _ client: ControlClient, _ output: (String) -> Void) throws -> Int32 {
        switch action {
        case .state:
            let reply = try client.request("GET", "/api/state")
            return finish(reply, output)
        case .frame(let file):
            let reply = try client.request("GET", "/api/frame.jpg")
            guard reply.status == 200 else { return finish(reply, output) }
            guard FileManager.default.createFile(atPath: file, contents: Data(reply.body)) else {
                throw RemoteError("\(file): cannot be written")
            }
            return 0
        case .command(let payload):
            let reply = try client.request("POST", "/api/cmd", body: Array(payload.utf8))
            return finish(reply, output)
        }
    }

    /// Prints a good reply's body; logs a refusal's message.
    private static func finish(_ reply: ControlClient.Reply, _ output: (String) -> Void) -> Int32 {
        let text = reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if (200..<300).contains(reply.status) {
            output(text)
            return 0
        }
        let message = (try? JSONParser.parse(text))?["message"]?.string ?? text
        Log.write("vitrine ctl: refused (HTTP \(reply.status)): \(message)\n")
        return 1
    }
}
