import Foundation
import VitrineCore

/// What a listing refresh found.
enum ListingOutcome: Sendable {
    /// The whole listing, in order, with the validators of the listing document (for feeds).
    case listed([RemoteEntry], validators: Validators)
    /// The feed answered 304: the last listing still holds.
    case unchanged
    /// `retryAfter`: how long a 429 or 503 answer's `Retry-After` asked to wait.
    case failed(TransferFailure, retryAfter: Seconds? = nil)
}

/// The wait a `Retry-After` header asks for (a number of seconds or an HTTP date), at most a day.
func retryAfterSeconds(_ value: String?, now: Date = Date()) -> Seconds? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Double(value), seconds >= 0 { return min(Seconds(seconds), 86_400) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return min(max(.zero, date - now), 86_400)
}
