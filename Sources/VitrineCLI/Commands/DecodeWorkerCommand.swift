import VitrineCore
import VitrineMedia

/// `vitrine decode-worker`: the hidden command the player starts in a separate
/// process to decode images (see `IsolatedDecoder`). Not for people.
enum DecodeWorkerCommand {
    static let command = CLI.Command(
        name: "decode-worker",
        summary: "(internal) decode images for another vitrine process",
        help: """
            Usage: vitrine decode-worker [--channel FD] [--pixels FD] [--memory-limit BYTES] [--deadline SECONDS]
                                        [--priority normal|idle|NICE] [--faces]

            The decode worker, as the player starts it when the 'vitrine-decoder' program
            is not beside it (that one runs the same loop with fewer libraries mapped).
            Started by 'vitrine play' and 'vitrine snapshot' to decode images in a
            separate process. It reads requests from the socket FD (default 3) and
            writes pixels to the shared memory FD (default 4). It lowers its own priority
            (default: SCHED_BATCH at nice 10) so that decoding never delays a frame.
            With --faces it makes its face detector first and says so on the socket.
            Not meant to be run by hand.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        do throws(DecodeWorker.ArgumentProblem) {
            return DecodeWorker.run(try DecodeWorker.options(args))
        } catch {
            throw UsageError(error.description)
        }
    }
}
