import CSodium
import Foundation

/// libsodium's password hashing and random bytes, behind plain Swift values.
public enum Sodium {
    /// Whether the library could be initialised (it reads the system's random source once).
    public static let isReady: Bool = sodium_init() >= 0

    /// `count` random bytes from the system's random source.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        precondition(isReady, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { randombytes_buf(base, raw.count) }
        }
        return bytes
    }

    /// A random token for cookies and forms: 32 random bytes as 64 hex digits.
    public static func token() -> String {
        randomBytes(32).map { String(format: "%02x", $0) }.joined()
    }

    /// A uniformly drawn number below `bound`.
    public static func uniform(_ bound: UInt32) -> UInt32 {
        precondition(isReady, "libsodium failed to initialise")
        return randombytes_uniform(bound)
    }

    /// How much work a password hash costs.
    public struct HashCost: Sendable {
        public var operations: UInt64
        public var memory: Int

        /// libsodium's interactive limits: about 0.1 s and 64 MiB on a small board.
        public static let interactive = HashCost(
            operations: UInt64(crypto_pwhash_opslimit_interactive()), memory: Int(crypto_pwhash_memlimit_interactive()))
        /// The least the library accepts: for tests only.
        public static let minimum = HashCost(
            operations: UInt64(crypto_pwhash_opslimit_min()), memory: Int(crypto_pwhash_memlimit_min()))
    }

    /// A salted slow hash of `password` in libsodium's text form (`$argon2id$…`); nil when out of memory.
    public static func hashPassword(_ password: String, cost: HashCost = .interactive) -> String? {
        precondition(isReady, "libsodium failed to initialise")
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
        let chars = Array(password.utf8CString)
        let result = crypto_pwhash_str(&out, chars, UInt64(chars.count - 1), cost.operations, cost.memory)
        guard result == 0 else { return nil }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches a hash made by `hashPassword`.
    public static func verifyPassword(_ password: String, hash: String) -> Bool {
        precondition(isReady, "libsodium failed to initialise")
        guard hash.utf8.count < Int(crypto_pwhash_strbytes()) else { return false }
        let chars = Array(password.utf8CString)
        return crypto_pwhash_str_verify(hash, chars, UInt64(chars.count - 1)) == 0
    }

    /// Compares two secrets in time that does not depend on where they differ.
    public static func equalSecrets(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count, !x.isEmpty else { return false }
        return sodium_memcmp(x, y, x.count) == 0
    }
}
