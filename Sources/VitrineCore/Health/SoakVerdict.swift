/// One measurement of a long run: how far it got and what the process held.
public struct ResourceSample: Equatable, Sendable {
    /// Transitions completed when the sample was taken.
    public var transitions: Int
    /// Resident memory in bytes.
    public var residentBytes: Int
    /// Open file descriptors.
    public var openDescriptors: Int

    public init(transitions: Int, residentBytes: Int, openDescriptors: Int) {
        self.transitions = transitions
        self.residentBytes = residentBytes
        self.openDescriptors = openDescriptors
    }
}

/// Judges a soak run: after warm-up, resident memory may grow by less than a
/// limit and open descriptors may not grow at all. Growth is measured from the
/// first sample at or after warm-up to the largest later one, so memory that
/// climbs and falls back is still caught at its peak.
public struct SoakVerdict: Equatable, Sendable {
    /// Samples before this many transitions are warm-up (caches filling, first textures).
    public var warmUpTransitions: Int
    /// Allowed memory growth after warm-up, in bytes (strictly less than).
    public var memoryLimit: Int

    public init(warmUpTransitions: Int, memoryLimit: Int = 5 * 1024 * 1024) {
        self.warmUpTransitions = warmUpTransitions
        self.memoryLimit = memoryLimit
    }

    /// The outcome of a judged run.
    public struct Outcome: Equatable, Sendable {
        /// The sample growth is measured from; nil when no sample came after warm-up.
        public var baseline: ResourceSample?
        /// Largest resident memory after the baseline, minus the baseline's.
        public var memoryGrowth: Int
        /// Largest descriptor count after the baseline, minus the baseline's.
        public var descriptorGrowth: Int
        /// Why the run failed; empty when it passed.
        public var failures: [String]

        public var passed: Bool { failures.isEmpty }
    }

    public func judge(_ samples: [ResourceSample]) -> Outcome {
        let settled = samples.filter { $0.transitions >= warmUpTransitions }
        guard let baseline = settled.first, settled.count >= 2 else {
            return Outcome(
                baseline: settled.first, memoryGrowth: 0, descriptorGrowth: 0,
                failures: [
                    "too few samples after warm-up: run more transitions than the warm-up, with a sample after it"
                ]
            )
        }
        let later = settled.dropFirst()
        let memoryGrowth = (later.map(\.residentBytes).max() ?? baseline.residentBytes) - baseline.residentBytes
        let descriptorGrowth =
            (later.map(\.openDescriptors).max() ?? baseline.openDescriptors) - baseline.openDescriptors
        var failures: [String] = []
        if memoryGrowth >= memoryLimit {
            failures.append(
                "resident memory grew by \(Self.megabytes(memoryGrowth)) after warm-up "
                    + "(limit \(Self.megabytes(memoryLimit)))")
        }
        if descriptorGrowth > 0 {
            failures.append("open file descriptors grew by \(descriptorGrowth) after warm-up (limit 0)")
        }
        return Outcome(
            baseline: baseline, memoryGrowth: memoryGrowth, descriptorGrowth: descriptorGrowth, failures: failures)
    }

    /// Bytes as megabytes with two decimals, for reports.
    public static func megabytes(_ bytes: Int) -> String {
        let hundredths = Int((Double(bytes) / 1_048_576 * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction) MB"
    }
}
