import CLinuxConsole
import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Rings when the wall clock is set (by NTP at boot, by hand, by `timedatectl`): a timer on
/// the wall clock armed with `TFD_TIMER_CANCEL_ON_SET`, read by a thread of its own, which the
/// kernel cancels at each set. Gradual corrections (`adjtime`, NTP's slewing) do not ring it;
/// they move no deadline by much. With it, a resting loop need not wake every minute to see
/// whether its wall-clock deadlines (the schedule, the clock overlay) moved.
public enum ClockSetBell {
    /// Starts the thread that calls `ring` after each set of the wall clock. Returns false when
    /// the kernel has no such timer or no thread could be started (the caller keeps looking
    /// every minute).
    public static func start(_ ring: @escaping @Sendable () -> Void) -> Bool {
        let fd = vitrine_clock_set_watch()
        guard fd >= 0 else {
            Log("clock").info("the wall clock's changes cannot be watched (\(Errno.current)); looking every minute")
            return false
        }
        do {
            try WorkerThread.start { wait(fd, ring: ring) }
            return true
        } catch {
            close(fd)
            Log("clock").info("the wall clock's changes cannot be watched (\(error)); looking every minute")
            return false
        }
    }

    /// Blocks in `read`; each cancel is a set of the clock. The descriptor lives as the process does.
    private static func wait(_ fd: Int32, ring: @Sendable () -> Void) {
        var expirations: UInt64 = 0
        while true {
            let count = read(fd, &expirations, MemoryLayout<UInt64>.size)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno != ECANCELED {
                Log("clock").warning("stopped watching the wall clock's changes: \(Errno.current)")
                return
            }
            // Cancelled (the clock was set) or, past the far time, fired: armed again either way.
            let code = vitrine_clock_set_rearm(fd)
            if count < 0 {
                Log("clock").info("the wall clock was set; the show's deadlines are taken from it again")
                ring()
            }
            guard code == 0 else {
                Log("clock").warning("stopped watching the wall clock's changes: \(Errno(rawValue: code))")
                return
            }
        }
    }
}
