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

            Started by 'vitrine play' and 'vitrine snapshot' to decode images in a
            separate process. It reads requests from the socket FD (default 3) and
            writes pixels to the shared memory FD (default 4). It lowers its own priority
            (default: SCHED_BATCH at nice 10) so that decoding never delays a frame.
            With --faces it makes its face detector first and says so on the socket.
            Not meant to be run by hand.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        var options = DecodeWorker.Options()
        var scanner = ArgumentScanner(args)
        while let option = scanner.nextOption() {
            switch option {
            case "--channel": options.channel = try descriptor(for: option, &scanner)
            case "--pixels": options.pixels = try descriptor(for: option, &scanner)
            case "--memory-limit":
                let text = try scanner.value(for: option)
                guard let bytes = Int(text), bytes >= 0 else {
                    throw UsageError("--memory-limit \(text): expected a number of bytes")
                }
                options.memoryLimit = bytes
            case "--deadline": options.deadline = try scanner.seconds(for: option).value
            case "--priority":
                let text = try scanner.value(for: option)
                guard let priority = WorkerPriority(text) else {
                    throw UsageError("--priority \(text): expected normal, idle or a nice level 1-19")
                }
                options.priority = priority
            case "--faces": options.faces = true
            case "--fault":
                let text = try scanner.value(for: option)
                guard let fault = DecodeWorker.Fault(text) else {
                    throw UsageError("--fault \(text): expected crash|hang|hog:FILENAME")
                }
                options.fault = fault
            default: throw UsageError("unknown option \(option) for decode-worker")
            }
        }
        return DecodeWorker.run(options)
    }

    private static func descriptor(for option: String, _ scanner: inout ArgumentScanner) throws -> Int32 {
        let text = try scanner.value(for: option)
        guard let fd = Int32(text), fd >= 0 else { throw UsageError("\(option) \(text): expected a file descriptor") }
        return fd
    }
}
