import Glibc
import VitrineBase
import VitrineDecode

// The decode worker on its own: the program the player starts to decode images in a separate
// process (see IsolatedDecoder). It maps only the decoders' libraries: no SDL, no network, no
// Foundation. `vitrine decode-worker` runs the same loop.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    Log.write(
        """
        Usage: vitrine-decoder \(DecodeWorker.usage.split(separator: "\n").joined(separator: "\n                       "))

        Started by 'vitrine play' and 'vitrine snapshot' to decode images in a
        separate process. It reads requests from the socket FD (default 3) and
        writes pixels to the shared memory FD (default 4). It lowers its own priority
        (default: SCHED_BATCH at nice 10) so that decoding never delays a frame.
        With --faces it makes its face detector first and says so on the socket.
        Not meant to be run by hand.

        """)
    exit(0)
}
do throws(DecodeWorker.ArgumentProblem) {
    exit(DecodeWorker.run(try DecodeWorker.options(arguments)))
} catch {
    Log.write("vitrine-decoder: \(error)\n")
    exit(2)
}
