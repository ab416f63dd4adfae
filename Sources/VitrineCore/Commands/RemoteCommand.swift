/// One thing a remote (MQTT, the HTTP control API, `vitrine ctl`, Home Assistant) asks the show to do.
/// The same value whichever way it came in; the frame loop applies it.
public enum RemoteCommand: Equatable, Sendable {
    case next
    case previous
    /// Back to the first slide.
    case first
    case pause
    case resume
    /// Show the slide at `index` (counted from 0).
    case goTo(index: Int)
    /// Show the slide whose file name (the last path component) or path is `name`.
    case goToFile(name: String)
    /// Play a named playlist of the playlist file until the next scheduled change, or back to the schedule.
    case playPlaylist(PlaylistChoice)
    /// Turn the display on or off, or hand it back to the schedule.
    case display(DisplayRequest)
    /// Show `text` over the slides for `seconds` (nil: the notice duration set last, 30 s at
    /// first); an empty text takes the notice on screen away.
    case notice(text: String, seconds: Seconds?)
    /// How long notices stay when their command gives no `seconds`, from now on.
    case setNoticeDuration(seconds: Seconds)
    /// Read the sources and playlist again.
    case reload
    /// How long each slide is shown from now on.
    case setInterval(seconds: Seconds)
    /// How slides change from now on.
    case setTransition(TransitionKind)
    /// Leave the photo whose file name or path is `name` out of the show, for good.
    case hide(name: String)
    /// Show a hidden photo again.
    case unhide(name: String)
    /// Make a photo a favourite, or no longer one.
    case favourite(name: String, on: Bool)

    /// A playlist asked for by name, or `auto`: whatever the schedule says.
    public enum PlaylistChoice: Equatable, Sendable {
        case named(String)
        case auto

        /// The name as written in commands and state: the playlist's name or `auto`.
        public var name: String {
            switch self {
            case .named(let name): return name
            case .auto: return "auto"
            }
        }

        public init(_ name: String) {
            self = name == "auto" ? .auto : .named(name)
        }
    }

    /// What the display was asked to do.
    public enum DisplayRequest: String, CaseIterable, Equatable, Sendable {
        case on, off, auto
    }

    /// The command's name in JSON payloads (`"command": "next"`).
    public var name: String {
        switch self {
        case .next: return "next"
        case .previous: return "previous"
        case .first: return "first"
        case .pause: return "pause"
        case .resume: return "resume"
        case .goTo, .goToFile: return "goto"
        case .playPlaylist: return "playlist"
        case .display: return "display"
        case .notice: return "notice"
        case .reload: return "reload"
        case .setInterval: return "interval"
        case .setTransition: return "transition"
        case .setNoticeDuration: return "notice-duration"
        case .hide: return "hide"
        case .unhide: return "unhide"
        case .favourite: return "favourite"
        }
    }

    /// The JSON payload that `RemoteCommandParser` reads back as this command.
    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [("command", .string(name))]
        switch self {
        case .next, .previous, .first, .pause, .resume, .reload: break
        case .goTo(let index): members.append(("index", .integer(index)))
        case .goToFile(let name): members.append(("file", .string(name)))
        case .playPlaylist(let choice): members.append(("name", .string(choice.name)))
        case .display(let request): members.append(("state", .string(request.rawValue)))
        case .notice(let text, let seconds):
            members.append(("text", .string(text)))
            if let seconds { members.append(("seconds", .number(seconds.value))) }
        case .setInterval(let seconds): members.append(("seconds", .number(seconds.value)))
        case .setTransition(let kind): members.append(("kind", .string(kind.rawValue)))
        case .setNoticeDuration(let seconds): members.append(("seconds", .number(seconds.value)))
        case .hide(let name), .unhide(let name): members.append(("file", .string(name)))
        case .favourite(let name, let on):
            members.append(("file", .string(name)))
            members.append(("on", .bool(on)))
        }
        return .object(members)
    }
}

/// A command with the optional `id` its sender gave, echoed in the reply.
public struct RemoteRequest: Equatable, Sendable {
    public var command: RemoteCommand
    public var id: String?

    public init(_ command: RemoteCommand, id: String? = nil) {
        self.command = command
        self.id = id
    }
}
