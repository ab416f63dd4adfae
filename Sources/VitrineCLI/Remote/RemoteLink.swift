import Dispatch
import VitrineCore
import VitrineMedia
import VitrineRemote
import VitrineSDL

/// Ties a player to its remotes: commands from MQTT and the control API go into the frame
/// loop, its state and a small picture of the screen come out.
enum RemoteLink {
    /// Starts the remote control the options ask for (nil when they ask for none) and hooks it
    /// into the player. A broker that is down does not delay anything; bad options are usage errors.
    /// With `keepGoing`, a taken control port is tried again in the background while the show plays.
    static func start(_ options: RemoteOptions, keepGoing: Bool = false, hooks: inout PlayerHooks) throws(UsageError)
        -> RemoteControl?
    {
        guard options.mqttHost != nil || options.controlEnabled else { return nil }
        let remote: RemoteControl
        do {
            remote = try RemoteControl(options: options, version: CLI.version, keepGoing: keepGoing)
        } catch {
            throw UsageError(error.description)
        }
        hooks.commands = { remote.take() }
        remote.queue.onOffer { LoopWake.ring() }
        hooks.version = CLI.version
        hooks.stateChanged = { remote.publish(state: $0) }
        hooks.marked = { remote.publish(marks: $0) }
        hooks.frameInterval = remote.frameInterval.map { Seconds($0) }
        // Scaled and compressed off the render thread.
        let encoder = DispatchQueue(label: "vitrine.frame-jpeg", qos: .utility)
        hooks.frameCaptured = { picture in
            encoder.async {
                if let jpeg = FrameJPEG.encode(argb: picture.pixels, width: picture.width, height: picture.height) {
                    remote.publish(frameJPEG: jpeg)
                }
            }
        }
        return remote
    }
}
