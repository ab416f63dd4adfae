import Dispatch
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
        case weak(String)
        case expiredCode
        case busy
        case cannotSave(String)

        public var description: String {
            switch self {
            case .wrongCode: return "wrong code; the setup code is shown on the screen"
            case .wrongPassword: return "the current password is not right"
            case .alreadySet: return "a password is set already; sign in instead"
            case .weak(let why): return why
            case .expiredCode:
                return "the setup code has expired; the screen shows a new one when it shows its first screen again"
            case .busy: return "busy checking another password; try again in a moment"
            case .cannotSave(let why): return "the password could not be saved: \(why)"
            }
        }
    }

    /// How long a setup code works after the screen first shows it (renewed while it shows it).
    public static let setupCodeLifetime: Seconds = 3600
    /// One password hash at a time in the whole program: each takes the hash's memory (64 MiB
    /// at the interactive cost) and a core for a moment.
    static let hashing = DispatchSemaphore(value: 1)
    /// How long a sign-in waits for the hash another one is making before it gets 429.
    public static let hashWait: Seconds = 2
    /// Passwords longer than this are refused before hashing (the hash's cost is per byte).
    public static let maximumPasswordBytes = 1024

    /// The state file.
    public let path: String
    let cost: Sodium.HashCost
    private let state: Mutex<(hash: String?, setupCode: String?)>
    /// Until when the setup code works.
    private let codeValidUntil: Mutex<Date>
    private let now: @Sendable () -> Date
    /// One password write at a time, so the file and the memory agree.
    private let writing = Mutex(())
    private let log = Log("web")

    /// Reads the state file at `path` when there is one; without a password a fresh setup code is drawn.
    public init(
        path: String, cost: Sodium.HashCost = .interactive, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.cost = cost
        self.now = now
        codeValidUntil = Mutex(now() + Self.setupCodeLifetime)
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
                Self.save(Self.setupCodeText(fresh), to: path, log: log)
            }
        }
        state = Mutex((hash, code))
    }

    /// Whether a password has been set.
    public var hasPassword: Bool { state.withLock { $0.hash != nil } }

    /// The code to show on the screen while no password is set (8 digits); nil once one is.
    public var setupCode: String? { state.withLock { $0.setupCode } }

    /// The screen shows the setup code now: the first time, or again after it had gone, the code
    /// works for another `setupCodeLifetime`; an expired one is replaced by a fresh code first.
    public func setupCodeShown(again: Bool) {
        guard !hasPassword else { return }
        let moment = now()
        let expired = codeValidUntil.withLock { $0 <= moment }
        if expired {
            writing.withLock { _ in
                guard !hasPassword else { return }
                let fresh = Self.newSetupCode()
                Self.save(Self.setupCodeText(fresh), to: path, log: log)
                state.withLock { $0.setupCode = fresh }
                log.info("the setup code expired; a new one is on the screen")
            }
        }
        if expired || again { codeValidUntil.withLock { $0 = moment + Self.setupCodeLifetime } }
    }

    /// Sets the first password, given the setup code from the screen. The code works once, and
    /// only until it expires.
    public func setFirstPassword(_ password: String, confirmation: String? = nil, setupCode code: String)
        throws(Refusal)
    {
        try writing.withLock { _ throws(Refusal) in
            let expected = state.withLock { $0.setupCode }
            guard hasPassword == false, let expected else { throw .alreadySet }
            guard codeValidUntil.withLock({ $0 > now() }) else { throw .expiredCode }
            let typed = code.filter(\.isNumber)
            guard Sodium.equalSecrets(typed, expected) else { throw .wrongCode }
            try store(password, confirmation: confirmation, replacingCode: expected)
        }
    }

    /// Replaces the password, given the current one.
    public func changePassword(from old: String, to new: String, confirmation: String? = nil) throws(Refusal) {
        if let problem = PasswordRules.problem(new, confirmation: confirmation) { throw .weak(problem) }
        switch check(old) {
        case .some(true): break
        case .some(false): throw .wrongPassword
        case .none: throw .busy
        }
        try writing.withLock { _ throws(Refusal) in try store(new, confirmation: confirmation, replacingCode: nil) }
    }

    /// Whether `password` is the page's password.
    public func verify(_ password: String) -> Bool { check(password) == true }

    /// Whether `password` is the page's password; nil when another hash is being made and did
    /// not end within `hashWait` (the caller answers 429).
    public func check(_ password: String) -> Bool? {
        guard password.utf8.count <= Self.maximumPasswordBytes, let hash = state.withLock({ $0.hash }) else {
            return false
        }
        return Self.oneHashAtATime { Sodium.verifyPassword(password, hash: hash) }
    }

    static func oneHashAtATime<T>(_ work: () -> T) -> T? {
        guard hashing.wait(timeout: .now() + hashWait.value) == .success else { return nil }
        defer { hashing.signal() }
        return work()
    }

    private func store(_ password: String, confirmation: String?, replacingCode code: String?) throws(Refusal) {
        if let problem = PasswordRules.problem(password, confirmation: confirmation) { throw .weak(problem) }
        guard password.utf8.count <= Self.maximumPasswordBytes else { throw .cannotSave("it is too long") }
        guard let made = Self.oneHashAtATime({ Sodium.hashPassword(password, cost: cost) }) else { throw .busy }
        guard let hash = made else { throw .cannotSave("out of memory") }
        let text = JSONOutput.object([("version", .integer(1)), ("passwordHash", .string(hash))]).rendered + "\n"
        if let problem = Self.save(text, to: path, log: log) { throw .cannotSave(problem) }
        state.withLock { $0 = (hash, nil) }
        log.info("password \(code == nil ? "changed" : "set")")
    }

    /// The state file while no password is set.
    static func setupCodeText(_ code: String) -> String {
        JSONOutput.object([("version", .integer(1)), ("setupCode", .string(code))]).rendered + "\n"
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
