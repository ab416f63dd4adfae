/// How a show ends: it runs, counting the decodes that failed (for the verdict on a show with
/// nothing that can be decoded), until it finishes with an exit code, once.
///
///     running(failures) ──decodeFailed──▶ running(failures + 1)
///            └──────────finish(code)──────▶ finished(code)   (a later finish is ignored)
enum ShowEnding: Equatable {
    case running(failures: Int)
    case finished(exitCode: Int32)

    /// A decode failed (counted while the show runs).
    mutating func decodeFailed() {
        if case .running(let failures) = self { self = .running(failures: failures + 1) }
    }

    /// Finishes with `code`; false when the show had finished already (the first code stays).
    @discardableResult
    mutating func finish(exitCode code: Int32) -> Bool {
        guard case .running = self else { return false }
        self = .finished(exitCode: code)
        return true
    }

    /// The exit code once finished.
    var exitCode: Int32? {
        if case .finished(let code) = self { return code }
        return nil
    }

    /// Decodes that failed while the show ran.
    var failures: Int {
        if case .running(let failures) = self { return failures }
        return 0
    }
}
