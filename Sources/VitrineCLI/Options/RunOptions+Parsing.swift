import Foundation
import VitrineCore

extension RunOptions {
    public static let snapshotHelp = """
          --clock TIME                   wall time at t = 0, for schedules (\(WallClockText.help);
                                         default: now)
        """

    public static let playHelp = """
        \(snapshotHelp)
          --wake-minutes N               a touch wakes the display for N minutes during an off window (default 5)
          --state-file FILE              where the position is saved for resuming (default
                                         $XDG_STATE_HOME/vitrine/position.json or /var/lib/vitrine/position.json)
          --no-resume                    start from the first slide; do not save the position
        """

    /// Applies `option` if it is one of these; otherwise records it as given and returns false.
    public mutating func apply(_ option: String, from scanner: inout ArgumentScanner, play: Bool) throws(UsageError)
        -> Bool
    {
        switch option {
        case "--clock":
            let text = try scanner.value(for: option)
            guard WallClockText.parse(text, defaultZone: .current) != nil else {
                throw UsageError(
                    "--clock \(text): expected a time as \(WallClockText.help), for example 2026-12-24T18:00:00")
            }
            clock = text
        case "--state-file" where play:
            stateFile = try scanner.value(for: option)
        case "--no-resume" where play:
            noResume = true
        case "--wake-minutes" where play:
            let text = try scanner.value(for: option)
            guard let minutes = Double(text), minutes > 0, minutes.isFinite else {
                throw UsageError("--wake-minutes \(text): expected a positive number of minutes")
            }
            wakeMinutes = minutes
        default:
            given.insert(option)
            return false
        }
        return true
    }

    /// The wall time at show time 0: `--clock` read in `zone` when it names none, or `now`.
    public func wallOrigin(zone: TimeZone, now: Date) -> Date {
        clock.flatMap { WallClockText.parse($0, defaultZone: zone) } ?? now
    }

    /// Whether the command line's sources are one playlist file.
    public static func isPlaylistFile(_ sources: [String]) -> Bool {
        sources.count == 1 && sources[0].lowercased().hasSuffix(".json") && !NetworkAddress.isHTTP(sources[0])
    }
}
