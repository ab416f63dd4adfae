import Foundation
import VitrineCore

/// One download the scheduler hands to a worker thread: everything it needs, copied out of the state.
struct DownloadJob: Sendable {
    var id: MirrorEntryID
    var url: String
    var preview: Bool
    var stem: String
    var resumeFrom: Int64
    var partValidators: Validators?
    /// Set when a mirrored file is revalidated: a 304 keeps it.
    var conditional: Validators?
    var access: SourceAccess
    var host: String
    var oldFile: String?
}
