import VitrineBase

extension DecodeWorker {
    /// What the worker's arguments mean, for `vitrine-decoder` and `vitrine decode-worker`.
    public static let usage = """
        [--channel FD] [--pixels FD] [--memory-limit BYTES] [--deadline SECONDS]
        [--priority normal|idle|NICE] [--faces]
        """

    /// What the worker does, for the help of `vitrine-decoder` and `vitrine decode-worker`.
    public static let about = """
        Started by 'vitrine play' and 'vitrine snapshot' to decode images in a
        separate process. It reads requests from the socket FD (default 3) and
        writes pixels to the shared memory FD (default 4). It lowers its own priority
        (default: SCHED_BATCH at nice 10) so that decoding never delays a frame.
        With --faces it makes its face detector first and says so on the socket.
        Not meant to be run by hand.
        """

    /// A worker argument that cannot be used, said as the usage error.
    public struct ArgumentProblem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The options `arguments` give (`--option VALUE` or `--option=VALUE`, as the player passes them).
    public static func options(_ arguments: [String]) throws(ArgumentProblem) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var option = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                option = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func value() throws(ArgumentProblem) -> String {
                if let inline { return inline }
                guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                    throw ArgumentProblem("\(option) needs a value")
                }
                return next
            }
            switch option {
            case "--channel", "--pixels":
                let text = try value()
                guard let fd = Int32(text), fd >= 0 else {
                    throw ArgumentProblem("\(option) \(text): expected a file descriptor")
                }
                if option == "--channel" { options.channel = fd } else { options.pixels = fd }
            case "--memory-limit":
                let text = try value()
                guard let bytes = Int(text), bytes >= 0 else {
                    throw ArgumentProblem("--memory-limit \(text): expected a number of bytes")
                }
                options.memoryLimit = bytes
            case "--deadline":
                let text = try value()
                guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                    throw ArgumentProblem("--deadline \(text): expected a positive number of seconds")
                }
                options.deadline = Seconds(seconds)
            case "--priority":
                let text = try value()
                guard let priority = WorkerPriority(text) else {
                    throw ArgumentProblem("--priority \(text): expected normal, idle or a nice level 1-19")
                }
                options.priority = priority
            case "--faces" where inline == nil: options.faces = true
            case "--fault":
                let text = try value()
                guard let fault = Fault(text) else {
                    throw ArgumentProblem("--fault \(text): expected crash|hang|hog:FILENAME")
                }
                options.fault = fault
            default: throw ArgumentProblem("unknown option \(argument) for the decode worker")
            }
        }
        return options
    }
}
