import Foundation
import VitrineMedia
import VitrineTestSupport

/// The built `vitrine` program, which carries the decode worker: `VITRINE_EXECUTABLE`,
/// or the debug build next to this package.
enum WorkerBinary {
    static var path: String { Repository.vitrine }

    static func decoder(
        deadline: Double = 10, fault: DecodeWorker.Fault? = nil, memoryLimit: Int? = nil, faces: Bool = false
    ) -> IsolatedDecoder {
        var configuration = IsolatedDecoder.Configuration(
            executable: path, extraArguments: fault.map { ["--fault", $0.argument] } ?? [], deadline: deadline,
            faces: faces)
        if let memoryLimit { configuration.memoryLimit = memoryLimit }
        return IsolatedDecoder(configuration)
    }
}
