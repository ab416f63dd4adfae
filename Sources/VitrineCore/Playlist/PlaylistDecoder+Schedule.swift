/// The `schedule` section (and the time windows the `display` section uses too).
extension PlaylistDecoder {
    static let scheduleFields = ["default", "rules"]
    static let ruleFields = ["playlist", "days", "from", "to", "dates", "priority"]
    static let windowFields = ["days", "from", "to", "dates"]
    static let dateRangeFields = ["from", "to"]

    mutating func decodeSchedule(_ node: JSONNode, names: [String]) -> (String, [ScheduleRule]) {
        var defaultName = names.first ?? ""
        guard let f = reader.object(node, "schedule", fields: Self.scheduleFields) else { return (defaultName, []) }
        if let name = playlistName(f["default"], "schedule.default", names: names) { defaultName = name }
        var rules: [ScheduleRule] = []
        if let list = reader.list(f["rules"], "schedule.rules", of: "rules ({ \"playlist\": …, \"days\": … })") {
            for (i, element) in list.enumerated() {
                let path = "schedule.rules[\(i)]"
                guard let rf = reader.object(element, path, fields: Self.ruleFields) else { continue }
                let name = playlistName(rf["playlist"], path + ".playlist", names: names)
                if rf["playlist"] == nil {
                    reader.error(path, "needs \"playlist\": the name of the playlist it plays", at: element.position)
                }
                let window = decodeWindow(rf, path, at: element.position)
                let priority = reader.integer(rf["priority"], path + ".priority") ?? 0
                if let name, let window {
                    rules.append(ScheduleRule(playlist: name, window: window, priority: priority))
                }
            }
        }
        return (defaultName, rules)
    }

    mutating func playlistName(_ node: JSONNode?, _ path: String, names: [String]) -> String? {
        guard let node, let name = reader.string(node, path, what: "the name of a playlist") else { return nil }
        guard names.contains(name) else {
            var message = "no playlist is named '\(name)'; the playlists are \(names.joined(separator: ", "))"
            if let guess = DocumentReader.closest(name, in: names) { message += " (did you mean '\(guess)'?)" }
            reader.error(path, message, at: node.position)
            return nil
        }
        return name
    }

    /// Days, from, to and dates of a rule or an off window; nil after an error.
    mutating func decodeWindow(_ f: [String: JSONNode], _ path: String, at position: TextPosition) -> TimeWindow? {
        var window = TimeWindow()
        var ok = true
        if let node = f["days"] {
            if let days = decodeDays(node, path + ".days") { window.days = days } else { ok = false }
        }
        for key in ["from", "to"] {
            guard let node = f[key] else { continue }
            guard let text = node.string, let time = TimeOfDay(text) else {
                reader.error("\(path).\(key)", "must be a time of day as HH:MM, from 00:00 to 24:00", at: node.position)
                ok = false
                continue
            }
            if key == "from" { window.from = time } else { window.to = time }
        }
        if let from = f["from"], let to = f["to"], window.from == window.to, from.string != nil {
            reader.error(path + ".to", "is the same as from; leave both out for the whole day", at: to.position)
            ok = false
        }
        if window.from == .endOfDay {
            reader.error(
                path + ".from", "24:00 is the end of a day; a window starts at 00:00–23:59", at: f["from"]?.position)
            ok = false
        }
        if let node = f["dates"] {
            if let range = decodeDates(node, path + ".dates") { window.dates = range } else { ok = false }
        }
        return ok ? window : nil
    }

    mutating func decodeDays(_ node: JSONNode, _ path: String) -> Set<Weekday>? {
        let names = "mon, tue, wed, thu, fri, sat, sun, weekdays, weekend or daily"
        let elements: [JSONNode] = node.string != nil ? [node] : (node.elements ?? [])
        guard node.string != nil || node.elements != nil else {
            reader.error(path, "must be a list of days (\(names))", at: node.position)
            return nil
        }
        var days: Set<Weekday> = []
        var ok = true
        for (i, element) in elements.enumerated() {
            let elementPath = node.string != nil ? path : "\(path)[\(i)]"
            switch element.string?.lowercased() {
            case "weekdays"?: days.formUnion([.mon, .tue, .wed, .thu, .fri])
            case "weekend"?: days.formUnion([.sat, .sun])
            case "daily"?: days.formUnion(Weekday.allCases)
            case let text?:
                if let day = Weekday(rawValue: String(text.prefix(3))),
                    text.count == 3 || Self.fullDayNames.contains(text)
                {
                    days.insert(day)
                } else {
                    reader.error(elementPath, "'\(text)' is not a day; use \(names)", at: element.position)
                    ok = false
                }
            case nil:
                reader.error(elementPath, "must be a day name (\(names))", at: element.position)
                ok = false
            }
        }
        if ok, days.isEmpty {
            reader.error(path, "is empty; list at least one day", at: node.position)
            ok = false
        }
        return ok ? days : nil
    }

    static let fullDayNames: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    mutating func decodeDates(_ node: JSONNode, _ path: String) -> ClosedRange<LocalDate>? {
        guard let f = reader.object(node, path, fields: Self.dateRangeFields) else { return nil }
        var from = LocalDate(year: 1, month: 1, day: 1)
        var to = LocalDate(year: 9999, month: 12, day: 31)
        var ok = true
        for key in ["from", "to"] {
            guard let element = f[key] else { continue }
            guard let text = element.string, let date = LocalDate(text) else {
                reader.error("\(path).\(key)", "must be a date as YYYY-MM-DD", at: element.position)
                ok = false
                continue
            }
            if key == "from" { from = date } else { to = date }
        }
        if f.isEmpty {
            reader.error(path, "needs \"from\" and/or \"to\" (YYYY-MM-DD)", at: node.position)
            ok = false
        }
        guard ok, let from, let to else { return nil }
        guard from <= to else {
            reader.error(path + ".to", "\(to) is before from (\(from))", at: f["to"]?.position)
            return nil
        }
        return from...to
    }

    mutating func command(_ node: JSONNode?, _ path: String) -> HookCommand? {
        guard let node else { return nil }
        if let line = node.string, !line.trimmingCharacters(in: .whitespaces).isEmpty { return .shell(line) }
        if let elements = node.elements, !elements.isEmpty, elements.allSatisfy({ $0.string?.isEmpty == false }) {
            return .arguments(elements.compactMap(\.string))
        }
        reader.error(
            path, "must be a command line (a string run by /bin/sh) or a list of strings (program and arguments)",
            at: node.position)
        return nil
    }
}
