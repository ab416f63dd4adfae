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

        \(DecodeWorker.about)

        """)
    exit(0)
}
do throws(DecodeWorker.ArgumentProblem) {
    exit(DecodeWorker.run(try DecodeWorker.options(arguments)))
} catch {
    Log.write("vitrine-decoder: \(error)\n")
    exit(2)
}
