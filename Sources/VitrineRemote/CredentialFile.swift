import Foundation

/// Secrets (an MQTT password, the control API's token) read from a file, or from systemd's
/// `$CREDENTIALS_DIRECTORY/<name>` so a unit can use `LoadCredential=`. The secret never
/// appears in a message: errors name the file only.
public enum CredentialFile {
    /// Longer files are refused: a secret is a line, not a document.
    public static let maximumBytes = 4096

    /// The secret in `path`, or when `path` is nil in `$CREDENTIALS_DIRECTORY/<credential>`
    /// (nil when neither is there). Trailing white space and line breaks are dropped.
    public static func read(
        path: String?, credential: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RemoteError) -> String? {
        var file = path
        if file == nil, let folder = environment["CREDENTIALS_DIRECTORY"], !folder.isEmpty {
            let candidate = folder + "/" + credential
            if FileManager.default.fileExists(atPath: candidate) { file = candidate }
        }
        guard let file else { return nil }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw RemoteError("\(file): cannot be read; check that it exists and that vitrine may read it")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw RemoteError("\(file): cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maximumBytes else {
            throw RemoteError("\(file): longer than \(maximumBytes) bytes; it should hold one line, the secret")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RemoteError("\(file): not UTF-8 text")
        }
        let secret = String(text.reversed().drop(while: { $0.isWhitespace || $0.isNewline }).reversed())
        guard !secret.isEmpty else { throw RemoteError("\(file): is empty; write the secret on its first line") }
        return secret
    }
}
