import Foundation
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// The built decode worker, `vitrine-decoder`, beside the built `vitrine` (`VITRINE_EXECUTABLE`,
/// or the debug build next to this package): the program the player starts.
enum WorkerBinary {
    static var path: String {
        let vitrine = Repository.vitrine
        let folder = vitrine.lastIndex(of: "/").map { String(vitrine[..<$0]) } ?? "."
        return folder + "/" + IsolatedDecoder.decoderName
    }

    static func decoder(
        deadline: Seconds = 10, fault: DecodeWorker.Fault? = nil, memoryLimit: Int? = nil, faces: Bool = false
    ) -> IsolatedDecoder {
        var configuration = IsolatedDecoder.Configuration(
            command: [path], extraArguments: fault.map { ["--fault", $0.argument] } ?? [], deadline: deadline,
            faces: faces)
        if let memoryLimit { configuration.memoryLimit = memoryLimit }
        return IsolatedDecoder(configuration)
    }
}
