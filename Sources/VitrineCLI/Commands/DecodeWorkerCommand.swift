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
            \(DecodeWorker.about)
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
