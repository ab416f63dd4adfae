import VitrineCore
import VitrineRemote
import VitrineSDL
import VitrineSystem

/// Ties a player to the presence sources its document's `display.presence` names: the evdev key
/// and GPIO line read on their own threads, the occupancy topic on the remote's broker; each
/// report wakes the loop, which hands them to the director once a frame.
enum PresenceLink {
    static func start(remote: RemoteControl?, hooks: inout PlayerHooks) -> PresenceSources {
        let sources = PresenceSources()
        let inbox = sources.inbox
        inbox.onPost { LoopWake.ring() }
        let log = Log("presence")
        sources.mqtt = { spec in
            let report: @Sendable (Bool) -> Void = { inbox.post(PresenceReport(source: "mqtt", present: $0)) }
            if let remote, remote.follow(presence: spec, report: report) {
                if let spec { log.info("presence from MQTT topic \(spec.topic)") }
            } else if let spec {
                log.warning(
                    "display.presence.mqtt: topic \(spec.topic) needs a broker (--mqtt HOST); presence from it is left out"
                )
            }
        }
        hooks.presence = { sources.take() }
        hooks.followPresence = { sources.follow($0) }
        return sources
    }
}
