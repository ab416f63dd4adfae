import Foundation
import Synchronization
import VitrineCore

/// The page's password, kept as a libsodium `crypto_pwhash_str` hash in a state file only its
/// owner can read (mode 0600), and the one-time setup code that lets the first visitor set it.
public final class CredentialStore: Sendable {
    /// Why a password was not set.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case wrongCode
        case wrongPassword
        case alreadySet
        case tooShort(Int)
        case cannotSave(String)

        public var description: String {
            switch self {
            case .wrongCode: return "wrong code; the setup code is shown on the screen"
            case .wrongPassword: return "the current password is not right"
            case .alreadySet: return "a password is set already; sign in instead"
            case .tooShort(let minimum): return "choose a password of at least \(minimum) characters"
            case .cannotSave(let why): return "the password could not be saved: \(why)"
            }
        }
    }

    public static let minimumPasswordLength = 8
    /// Passwords longer than this are refused before hashing (the hash's cost is per byte).
    public static let maximumPasswordBytes = 1024

    /// The state file.
    public let path: String
    let cost: Sodium.HashCost
    private let state: Mutex<(hash: String?, setupCode: String?)>
    /// One password write at a time, so the file and the memory agree.
    private let writing = Mutex(())
    private let log = Log("web")

    /// Reads the state file at `path` when there is one; without a password a fresh setup code is drawn.
    public init(path: String, cost: Sodium.HashCost = .interactive) {
        self.path = path
        self.cost = cost
        let hash = Self.readHash(path)
        var code: String?
        if hash == nil {
            // Kept in the state file (mode 0600) until a password is set: the same code after a
            // restart, and readable by the device's administrator, never written to a log.
            if let kept = Self.readSetupCode(path) {
                code = kept
            } else {
                let fresh = Self.newSetupCode()
                code = fresh
                Self.save("{\"version\":1,\"setupCode\":\"\(fresh)\"}\n", to: path, log: log)
            }
        }
        state = Mutex((hash, code))
    }

    /// Whether a password has been set.
    public var hasPassword: Bool { state.withLock { $0.hash != nil } }

    /// The code to show on the screen while no password is set (8 digits); nil once one is.
    public var setupCode: String? { state.withLock { $0.setupCode } }

    /// Sets the first password, given the setup code from the screen. The code works once.
    public func setFirstPassword(_ password: String, setupCode code: String) throws(Refusal) {
        try writing.withLock { _ throws(Refusal) in
            let expected = state.withLock { $0.setupCode }
            guard hasPassword == false, let expected else { throw .alreadySet }
            let typed = code.filter(\.isNumber)
            guard Sodium.equalSecrets(typed, expected) else { throw .wrongCode }
            try store(password, replacingCode: expected)
        }
    }

    /// Replaces the password, given the current one.
    public func changePassword(from old: String, to new: String) throws(Refusal) {
        guard verify(old) else { throw .wrongPassword }
        try writing.withLock { _ throws(Refusal) in try store(new, replacingCode: nil) }
    }

    /// Whether `password` is the page's password.
    public func verify(_ password: String) -> Bool {
        guard password.utf8.count <= Self.maximumPasswordBytes, let hash = state.withLock({ $0.hash }) else {
            return false
        }
        return Sodium.verifyPassword(password, hash: hash)
    }

    private func store(_ password: String, replacingCode code: String?) throws(Refusal) {
        guard password.count >= Self.minimumPasswordLength else { throw .tooShort(Self.minimumPasswordLength) }
        guard password.utf8.count <= Self.maximumPasswordBytes else { throw .cannotSave("it is too long") }
        guard let hash = Sodium.hashPassword(password, cost: cost) else { throw .cannotSave("out of memory") }
        let text = "{\"version\":1,\"passwordHash\":\(JSONText.quote(hash))}\n"
        if let problem = Self.save(text, to: path, log: log) { throw .cannotSave(problem) }
        state.withLock { $0 = (hash, nil) }
        log.info("password \(code == nil ? "changed" : "set")")
    }

    /// Writes the state file atomically with mode 0600 (its folder 0700 when made); the problem, if any.
    @discardableResult
    static func save(_ text: String, to path: String, log: Log) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        do {
            try AtomicFile.write(Data(text.utf8), to: path, mode: 0o600)
            return nil
        } catch {
            log.error("cannot write \(path): \(error)")
            return error.description
        }
    }

    static func readSetupCode(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let node = try? JSONParser.parse(String(decoding: data, as: UTF8.self)),
            let code = node["setupCode"]?.string, code.count == 8, code.allSatisfy(\.isNumber)
        else { return nil }
        return code
    }

    static func readHash(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let node = try? JSONParser.parse(String(decoding: data, as: UTF8.self)),
            let hash = node["passwordHash"]?.string, hash.hasPrefix("$")
        else { return nil }
        return hash
    }

    static func newSetupCode() -> String {
        (0..<8).map { _ in String(Sodium.uniform(10)) }.joined()
    }
}
