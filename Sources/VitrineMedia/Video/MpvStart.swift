import Foundation
import Synchronization

/// Starts a libmpv player (`mpv_create`, options, `mpv_initialize`: tens of milliseconds) on a
/// thread of its own, so the render thread only picks it up when it is ready. A start that is
/// never picked up ends with its thread (the player is shut down off any thread that waits).
final class MpvStart: Sendable {
    private struct Started: @unchecked Sendable {
        let player: MpvPlayer
    }

    private let result = Mutex<Result<Started, MpvPlayer.Failure>?>(nil)

    init(audio: Bool, audioDevice: String?, hwdec: String, playerRotates: Bool) {
        Thread.detachNewThread { [self] in
            let made: Result<Started, MpvPlayer.Failure>
            do throws(MpvPlayer.Failure) {
                let player = try MpvPlayer(
                    audio: audio, audioDevice: audioDevice, hwdec: hwdec, playerRotates: playerRotates)
                made = .success(Started(player: player))
            } catch {
                made = .failure(error)
            }
            result.withLock { $0 = made }
        }
    }

    /// The started player, or why it could not start; nil while it is starting (and after it was taken).
    func take() -> Result<MpvPlayer, MpvPlayer.Failure>? {
        result.withLock { value in
            defer { value = nil }
            return value.map { $0.map(\.player) }
        }
    }
}
