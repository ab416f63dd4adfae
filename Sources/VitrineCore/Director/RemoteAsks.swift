/// What remotes asked the director for: a playlist and the display over the schedule, each
/// holding until the next scheduled change or until `auto` is asked; and how long a remote's
/// notice stays when its command gives no time.
struct RemoteAsks: Equatable {
    /// A playlist a remote asked for.
    var playlist: String?
    /// The display as a remote asked (on or off).
    var display: Bool?
    /// Seconds a remote's notice stays when its command gives no time.
    var noticeSeconds = RemoteCommandParser.defaultNoticeSeconds

    /// A remote asks for the display on, off, or as the schedule says.
    mutating func ask(display request: RemoteCommand.DisplayRequest) {
        switch request {
        case .on: display = true
        case .off: display = false
        case .auto: display = nil
        }
    }

    /// The schedule switched the display `on` (or off): a remote's ask ends. Returns whether
    /// the display was on before (the programme has changed already: before, it said the opposite).
    mutating func scheduleTurnedDisplay(on: Bool) -> Bool {
        let wasOn = display ?? !on
        display = nil
        return wasOn
    }
}
