import Foundation

/// The schedule as a running show meets it: which playlist plays and whether
/// the display is on, as show time advances; and a touch that wakes the
/// display during an off window. Show time and wall time are both passed in:
/// the wall clock may jump (NTP setting the time after boot), and the
/// programme follows it, while snapshots pass origin + show time exactly.
public struct Programme: Sendable {
    public private(set) var schedule: Schedule
    /// How long a touch keeps the display on during an off window.
    public var wakeDuration: Seconds
    /// The scheduled state at the last update.
    public private(set) var scheduled: ScheduleState
    /// Show time until which a touch keeps the display on.
    public private(set) var wakeUntil: ShowTime?
    /// Show time of the last update.
    public private(set) var time = ShowTime.zero
    /// Wall time minus show time at the last update, in seconds since the Unix epoch (kept as a
    /// number so that a wall time is computed as the schedule always computed it).
    private var offset: TimeInterval
    /// Wall time of the next scheduled change, cached because finding it is not cheap.
    private var nextChange: Date?

    /// Clock jumps larger than this are followed at once rather than played through.
    public static let jumpTolerance: TimeInterval = 2

    public init(schedule: Schedule, wallOrigin: Date, wakeDuration: Seconds = Seconds(300)) {
        self.schedule = schedule
        self.wakeDuration = wakeDuration
        self.scheduled = schedule.state(at: wallOrigin)
        self.offset = wallOrigin.timeIntervalSince1970
        self.nextChange = schedule.nextChange(after: wallOrigin)
    }

    public var playlist: String { scheduled.playlist }
    /// Wall time of the next scheduled change, nil when the schedule never changes.
    public var nextChangeTime: Date? { nextChange }
    public var isAwake: Bool { wakeUntil.map { time < $0 } ?? false }
    /// Whether the display is on: scheduled on, or woken by a touch.
    public var displayOn: Bool { scheduled.displayOn || isAwake }
    /// The wall time at show time `showTime`, going by the last update.
    public func wallTime(at showTime: ShowTime) -> Date { Date(timeIntervalSince1970: offset + showTime.seconds) }

    /// Moves to show time `showTime`, at which the wall clock reads `wall`.
    /// Returns the changes on the way, each at its show time, in order.
    public mutating func advance(to showTime: ShowTime, wall: Date) -> [ProgrammeChange] {
        var changes: [ProgrammeChange] = []
        let newOffset = wall.timeIntervalSince1970 - showTime.seconds
        if abs(newOffset - offset) > Self.jumpTolerance {
            // The clock jumped: take the state at the new time without replaying what lies between.
            offset = newOffset
            let before = (scheduled, displayOn)
            time = max(time, showTime)
            scheduled = schedule.state(at: wall)
            nextChange = schedule.nextChange(after: wall)
            if let change = difference(before, at: showTime) { changes.append(change) }
            return changes
        }
        offset = newOffset
        while true {
            let scheduleAt = nextChange.map { max(ShowTime(seconds: $0.timeIntervalSince1970 - offset), time) }
            let wakeEnd = wakeUntil.flatMap { $0 > time ? $0 : nil }
            guard let next = [scheduleAt, wakeEnd].compactMap({ $0 }).min(), next <= showTime else { break }
            let before = (scheduled, displayOn)
            time = next
            if let at = nextChange, at.timeIntervalSince1970 - offset <= next.seconds {
                scheduled = schedule.state(at: at)
                nextChange = schedule.nextChange(after: at)
            }
            if let change = difference(before, at: next) { changes.append(change) }
        }
        time = max(time, showTime)
        return changes
    }

    /// A touch at `showTime`: during an off window the display wakes (or stays
    /// awake) for `wakeDuration`. Returns the change when the display turned on.
    public mutating func wake(at showTime: ShowTime) -> ProgrammeChange? {
        guard !scheduled.displayOn else { return nil }
        let wasOn = displayOn
        time = max(time, showTime)
        wakeUntil = showTime + wakeDuration
        return wasOn ? nil : ProgrammeChange(time: showTime, displayOn: true)
    }

    /// Puts a new schedule in place (the playlist file was edited) at show time `showTime`.
    public mutating func replaceSchedule(_ newSchedule: Schedule, at showTime: ShowTime) -> ProgrammeChange? {
        let before = (scheduled, displayOn)
        schedule = newSchedule
        time = max(time, showTime)
        let wall = wallTime(at: time)
        scheduled = schedule.state(at: wall)
        nextChange = schedule.nextChange(after: wall)
        return difference(before, at: time)
    }

    private func difference(_ before: (ScheduleState, Bool), at time: ShowTime) -> ProgrammeChange? {
        let playlistChanged = before.0.playlist != scheduled.playlist
        let displayChanged = before.1 != displayOn
        guard playlistChanged || displayChanged else { return nil }
        return ProgrammeChange(
            time: time, playlist: playlistChanged ? scheduled.playlist : nil,
            displayOn: displayChanged ? displayOn : nil)
    }
}
