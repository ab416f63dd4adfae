import Glibc
import Testing
import VitrineSystem

@Suite("Process resources")
struct ProcessResourcesTests {
    @Test("touching 64 MB shows in resident memory")
    func resident() throws {
        let before = try #require(ProcessResources.residentBytes())
        #expect(before > 1_000_000)
        let size = 64 * 1_048_576
        let block = try #require(malloc(size))
        defer { free(block) }
        memset(block, 1, size)
        let during = try #require(ProcessResources.residentBytes())
        #expect(during - before >= 48 * 1_048_576)
    }
}
