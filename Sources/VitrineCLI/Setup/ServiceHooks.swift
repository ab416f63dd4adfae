import VitrineCore
import VitrineSDL
import VitrineSystem

/// Ties a player to its service manager and to signals: READY (once the first photo or a
/// status screen is on the screen), WATCHDOG and STATUS from presented frames (through
/// `WatchdogPolicy`), SIGTERM and SIGINT stop cleanly, SIGHUP reloads.
enum ServiceHooks {
    /// The player's hooks; `reload` builds the new show from the configuration and the sources.
    static func make(reload: @escaping () throws -> PlayerSetup) -> PlayerHooks {
        let log = Log("service")
        let notifier = SystemdNotifier()
        let state = State(policy: WatchdogPolicy(watchdogSeconds: SystemdNotifier.watchdogSeconds()))
        var hooks = PlayerHooks()
        // Frames at rest come twice a ping, so a ping is never late for want of one.
        hooks.keepAlive = state.policy.pingInterval.map { $0 * 0.5 }
        hooks.framePresented = { time, status, showsContent in
            notifier.send(state.policy.framePresented(at: time, status: status, showsContent: showsContent))
        }
        hooks.frameRested = { time, status in
            let rested = state.policy.frameRested(at: time, status: status)
            notifier.send(rested.messages)
            return rested.wait
        }
        hooks.control = {
            let signals = ServiceSignals.take()
            if signals.terminate {
                log.info("stopping on request (SIGTERM or SIGINT)")
                notifier.send([.stopping, .status("stopping")])
                return .stop
            }
            if signals.reload {
                log.info("SIGHUP: reloading the configuration and the sources")
                notifier.send([.reloading, .status("reloading")])
                state.policy.statusReplaced()
                return .reload
            }
            return .keepGoing
        }
        // Signals wake a resting loop: it need not look for them a few times a second.
        hooks.lookAround = ServiceSignals.ringOnSignal { LoopWake.ring() } ? nil : LookAround.seconds
        // So does a set of the wall clock: the loop need not look every minute whether it moved.
        hooks.clockSetRings = ClockSetBell.start { LoopWake.ring() }
        hooks.openConsole = { VirtualTerminal.open() }
        hooks.reload = {
            // READY again whatever happens: the old show goes on when the new one fails.
            defer { notifier.send([.ready]) }
            return try reload()
        }
        return hooks
    }

    /// The policy's state, shared by the hooks on the render thread.
    private final class State {
        var policy: WatchdogPolicy
        init(policy: WatchdogPolicy) { self.policy = policy }
    }
}
