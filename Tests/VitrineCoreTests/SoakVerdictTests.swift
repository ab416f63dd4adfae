import Testing
import VitrineCore

@Suite("Soak verdict")
struct SoakVerdictTests {
    let mb = 1_048_576

    func samples(_ rss: [Int], fds: [Int]) -> [ResourceSample] {
        zip(rss, fds).enumerated().map { i, pair in
            ResourceSample(transitions: i * 1000, residentBytes: pair.0, openDescriptors: pair.1)
        }
    }

    @Test("flat after warm-up passes; the warm-up's own growth does not count")
    func passes() {
        let run = samples([10 * mb, 40 * mb, 41 * mb, 42 * mb, 41 * mb], fds: [5, 9, 9, 9, 9])
        let outcome = SoakVerdict(warmUpTransitions: 1000).judge(run)
        #expect(outcome.passed)
        #expect(outcome.memoryGrowth == 2 * mb)
        #expect(outcome.baseline?.transitions == 1000)
    }

    @Test("memory that grows by 5 MB or more fails, measured at its peak")
    func memoryFails() {
        let run = samples([40 * mb, 40 * mb, 46 * mb, 41 * mb], fds: [5, 5, 5, 5])
        let outcome = SoakVerdict(warmUpTransitions: 1000).judge(run)
        #expect(!outcome.passed)
        #expect(outcome.memoryGrowth == 6 * mb)
        #expect(outcome.failures.first?.contains("resident memory grew by 6.00 MB") == true)
    }

    @Test("one more descriptor fails")
    func descriptorsFail() {
        let run = samples([40 * mb, 40 * mb, 40 * mb], fds: [5, 5, 6])
        let outcome = SoakVerdict(warmUpTransitions: 1000).judge(run)
        #expect(!outcome.passed)
        #expect(outcome.descriptorGrowth == 1)
    }

    @Test("a run too short to have a sample after warm-up fails")
    func tooShort() {
        let run = samples([40 * mb, 40 * mb], fds: [5, 5])
        #expect(!SoakVerdict(warmUpTransitions: 1000).judge(run).passed)
    }

    @Test("megabytes print with two decimals")
    func megabytes() {
        #expect(SoakVerdict.megabytes(5 * mb) == "5.00 MB")
        #expect(SoakVerdict.megabytes(mb / 2) == "0.50 MB")
        #expect(SoakVerdict.megabytes(-mb / 4) == "-0.25 MB")
    }
}
