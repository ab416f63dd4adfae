import Foundation

/// A picture of a schedule as a `Scene` of rectangles: a row per day, 24 hours
/// across, a coloured block per playlist and grey where the display is off.
public struct ScheduleChart: Sendable {
    public static let hourWidth = 40.0
    public static let rowHeight = 28.0
    public static let gap = 6.0
    public static let margin = 12.0
    public static let background = RGBColor(r: 0x18, g: 0x18, b: 0x18)
    public static let off = RGBColor(r: 0x80, g: 0x80, b: 0x80)
    public static let grid = RGBColor(r: 0x00, g: 0x00, b: 0x00)
    /// Colours given to playlists in the order the file lists them.
    public static let palette: [RGBColor] = [
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f",
    ].compactMap { RGBColor(hex: $0) }

    public var schedule: Schedule
    /// Playlist names in the order their colours are given.
    public var playlists: [String]

    public init(schedule: Schedule, playlists: [String]) {
        self.schedule = schedule
        self.playlists = playlists
    }

    public func color(of playlist: String) -> RGBColor {
        let i = playlists.firstIndex(of: playlist) ?? playlists.count
        return Self.palette[i % Self.palette.count]
    }

    /// The picture's size for `days` rows.
    public static func size(days: Int) -> Size {
        Size(
            width: margin * 2 + 24 * hourWidth,
            height: margin * 2 + Double(days) * rowHeight + Double(max(days - 1, 0)) * gap)
    }

    /// The stretches of each local day from `firstDay`, for `days` days.
    public func days(from firstDay: LocalDate, count: Int) -> [(day: LocalDate, segments: [ScheduleSegment])] {
        let clock = schedule.clock
        let start = clock.instant(firstDay, .midnight)
        let end = clock.instant(firstDay.adding(days: count), .midnight)
        let all = schedule.segments(from: start, to: end)
        return (0..<count).map { offset in
            let day = firstDay.adding(days: offset)
            let dayStart = clock.instant(day, .midnight)
            let dayEnd = clock.instant(day.adding(days: 1), .midnight)
            let clipped = all.compactMap { segment -> ScheduleSegment? in
                let s = max(segment.start, dayStart)
                let e = min(segment.end, dayEnd)
                return s < e ? ScheduleSegment(start: s, end: e, state: segment.state) : nil
            }
            return (day, clipped)
        }
    }

    /// The chart of `count` days from `firstDay`.
    public func scene(from firstDay: LocalDate, count: Int) -> Scene {
        var scene = Scene(size: Self.size(days: count), background: Self.background)
        let clock = schedule.clock
        for (row, entry) in days(from: firstDay, count: count).enumerated() {
            let y = Self.margin + Double(row) * (Self.rowHeight + Self.gap)
            let dayEnd = clock.instant(entry.day.adding(days: 1), .midnight)
            for segment in entry.segments {
                let x0 = x(of: segment.start, dayEnd: dayEnd, clock: clock, isEnd: false)
                let x1 = x(of: segment.end, dayEnd: dayEnd, clock: clock, isEnd: true)
                guard x1 > x0 else { continue }
                let color = segment.state.displayOn ? color(of: segment.state.playlist) : Self.off
                scene.ops.append(
                    .fill(rect: Rect(x: x0, y: y, width: x1 - x0, height: Self.rowHeight), color: color, alpha: 1))
            }
            // Hour marks every three hours.
            for hour in stride(from: 3, to: 24, by: 3) {
                let gx = Self.margin + Double(hour) * Self.hourWidth
                scene.ops.append(.fill(rect: Rect(x: gx, y: y, width: 1, height: 5), color: Self.grid, alpha: 0.6))
            }
        }
        return scene
    }

    private func x(of instant: Date, dayEnd: Date, clock: ZoneClock, isEnd: Bool) -> Double {
        let seconds = isEnd && instant >= dayEnd ? 86_400 : clock.local(instant).time.seconds
        return Self.margin + Double(seconds) / 3600 * Self.hourWidth
    }
}
