/// Presence: with nobody in the room for `display.presence`'s `off-after`, the display goes off
/// (the show pauses on its photo, as for the schedule) and comes back on at the first word of
/// someone there; a slide counts as seen only when someone was present during it.
extension ShowDirector {
    /// The watch follows the document's `display.presence`: made again when it changes.
    mutating func followPresenceSpec() {
        let spec = feed.document.display.presence
        guard presence?.spec != spec else { return }
        let wasOn = displayOn
        power.room = spec.map { PresenceWatch(spec: $0, at: engine.time) }
        displayChanged(from: wasOn, at: engine.time)
    }

    /// The sources' reports since the last frame, and time passing: the display turns with the room.
    mutating func followPresence(_ reports: [PresenceReport]) {
        guard presence != nil else { return }
        let wasOn = displayOn
        for report in reports { power.room?.report(report, at: engine.time) }
        power.room?.follow(at: engine.time)
        if displayOn != wasOn {
            log.info(displayOn ? "someone is present: display on" : "nobody present for a while: display off")
        }
        displayChanged(from: wasOn, at: engine.time)
    }

    /// Whether the slide on the screen since `start` counts as seen: always without presence
    /// sources (touch alone does not decide), else when someone was present during it.
    func isSeen(since start: ShowTime) -> Bool {
        guard let presence, presence.spec.hasSources else { return true }
        return presence.wasPresent(since: start) && displayOn
    }

    /// How long until the room counts as empty (for the loop's rest), when it is not yet.
    public var presenceDeadline: Seconds? { presence?.awayAt.map { $0 - engine.time } }
}
