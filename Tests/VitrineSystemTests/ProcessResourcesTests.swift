import Glibc
import Testing
import VitrineSystem

@Suite("Process resources")
struct ProcessResourcesTests {
    @Test("opening descriptors raises the count, closing lowers it")
    func descriptors() throws {
        let before = try #require(ProcessResources.openDescriptors())
        let opened = (0..<64).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        #expect(opened.allSatisfy { $0 >= 0 })
        let during = try #require(ProcessResources.openDescriptors())
        opened.forEach { close($0) }
        let after = try #require(ProcessResources.openDescriptors())
        // Other tests run alongside and open files too; 64 stands out from that.
        #expect(during - before >= 56 && during - before <= 72)
        #expect(during - after >= 56 && during - after <= 72)
    }

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
