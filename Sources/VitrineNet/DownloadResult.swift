import Foundation
import VitrineCore

/// How a download ended.
enum DownloadResult: Sendable {
    case notModified
    case done(file: String, bytes: Int64, validators: Validators)
    /// `keptPart` holds the validators of a partial file kept for a `Range` resume.
    case failed(TransferFailure, keptPart: Validators?)
}
