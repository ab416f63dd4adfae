import Foundation
import VitrineCore
import VitrineSDL

/// `vitrine schedule PLAYLIST`: what plays when, and when the display is off.
enum ScheduleCommand {
    static let command = CLI.Command(
        name: "schedule",
        summary: "print what a playlist file plays when, and when the display is off",
        help: """
            Usage: vitrine schedule PLAYLIST.json [--from TIME] [--days N] [--png FILE.png]

            Prints, day by day in the playlist's time zone, which playlist plays when
            and when the display is off.

            Options:
              --from TIME     first day to show (\(WallClockText.help), or YYYY-MM-DD; default today)
              --days N        how many days (default 7, at most 366)
              --png FILE.png  also draw it: a row per day, a coloured block per playlist,
                              grey where the display is off
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var fromText: String?
        var days = 7
        var png: String?
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            switch option {
            case "--from": fromText = try scanner.value(for: option)
            case "--days":
                let text = try scanner.value(for: option)
                guard let n = Int(text), (1...366).contains(n) else {
                    throw UsageError("--days \(text): expected a whole number of days from 1 to 366")
                }
                days = n
            case "--png": png = try scanner.value(for: option)
            default: throw UsageError("unknown option \(option); run 'vitrine schedule --help'")
            }
        }
        guard scanner.positionals.count == 1 else {
            throw UsageError("schedule takes one playlist file, for example 'vitrine schedule shop.json'")
        }
        let path = scanner.positionals[0]
        let document = try PlaylistLoading.load(path, log: Log("playlist"))
        let zone = document.timeZone()
        let schedule = document.schedule()
        var from = Date()
        if let fromText {
            guard let parsed = WallClockText.parse(fromText, defaultZone: zone) else {
                throw UsageError("--from \(fromText): expected a date as YYYY-MM-DD or a time as \(WallClockText.help)")
            }
            from = parsed
        }
        let firstDay = schedule.clock.local(from).date
        let chart = ScheduleChart(schedule: schedule, playlists: document.playlists.map(\.name))
        print("\(path): \(days) day\(days == 1 ? "" : "s") from \(firstDay), time zone \(zone.identifier)")
        for (day, segments) in chart.days(from: firstDay, count: days) {
            print("\(day.weekday.shortName) \(day)")
            for segment in segments {
                let start = schedule.clock.local(segment.start).time
                let endLocal = schedule.clock.local(segment.end)
                let end = endLocal.date > day ? "24:00" : endLocal.time.description
                let what = segment.state.displayOn ? segment.state.playlist : "display off"
                print("  \(start)–\(end)  \(what)")
            }
        }
        if let png {
            let scene = chart.scene(from: firstDay, count: days)
            let canvas = try OffscreenCanvas(width: Int(scene.size.width), height: Int(scene.size.height))
            canvas.draw(scene) { _ in nil }
            try canvas.savePNG(to: png)
            let legend = document.playlists.map { "\($0.name) \(chart.color(of: $0.name).hex)" }
            print("wrote \(png): " + (legend + ["display off \(ScheduleChart.off.hex)"]).joined(separator: ", "))
        }
        return 0
    }
}
