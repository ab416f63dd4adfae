import Testing
import VitrineTestSupport

@testable import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// `FilePages.giveBack()`: the pages of a read-only file mapping leave the process's page table
/// and come back, unchanged, when read again; a mapping with a page of its own (written, as a
/// library's relocated constants are) keeps it.
@Suite struct FilePagesTests {
    /// The resident kilobytes of the mapping that starts at `address`, from `/proc/self/smaps`.
    static func residentKiB(at address: UnsafeRawPointer) -> Int? {
        let text = readProcFile("/proc/self/smaps") ?? ""
        return FilePages.mappings(in: text).first { $0.start == UInt(bitPattern: address) }?.residentKiB
    }

    /// A file of `pages` pages of 4 KiB, each filled with its number, mapped with `protection`.
    static func mapped(
        _ folder: TemporaryFolder, pages: Int, protection: Int32
    ) throws -> UnsafeMutableRawPointer {
        let path = folder.path + "/pages"
        let bytes = (0..<pages * 4096).map { UInt8(truncatingIfNeeded: $0 / 4096 + 1) }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        let address = mmap(nil, bytes.count, protection, MAP_PRIVATE, fd, 0)
        return try #require(address == MAP_FAILED ? nil : address)
    }

    @Test func readOnlyPagesGoAndComeBackUnchanged() throws {
        let folder = try TemporaryFolder()
        let pages = 64
        let address = try Self.mapped(folder, pages: pages, protection: PROT_READ)
        defer { munmap(address, pages * 4096) }
        var sum = 0
        for page in 0..<pages { sum += Int(address.load(fromByteOffset: page * 4096, as: UInt8.self)) }
        #expect(sum == (1...pages).reduce(0, +))
        #expect((Self.residentKiB(at: address) ?? 0) >= pages * 4, "the pages read are resident")

        let report = try #require(FilePages.giveBack())
        #expect(report.mappings > 0 && report.residentKiB >= pages * 4)
        #expect(Self.residentKiB(at: address) == 0, "the mapping's pages left the page table")
        for page in 0..<pages {
            #expect(address.load(fromByteOffset: page * 4096, as: UInt8.self) == UInt8(page + 1))
        }
    }

    @Test func aMappingWithPagesOfItsOwnKeepsThem() throws {
        let folder = try TemporaryFolder()
        let pages = 4
        let address = try Self.mapped(folder, pages: pages, protection: PROT_READ | PROT_WRITE)
        defer { munmap(address, pages * 4096) }
        address.storeBytes(of: 0xAB, toByteOffset: 4096, as: UInt8.self)
        // Made read-only after the write, as the dynamic loader does with relocated constants.
        #expect(mprotect(address, pages * 4096, PROT_READ) == 0)
        FilePages.giveBack()
        #expect(address.load(fromByteOffset: 4096, as: UInt8.self) == 0xAB, "the written page was kept")
    }

    @Test func mappingsAreReadFromSmaps() {
        let text = """
            7f00a000-7f00c000 r-xp 00000000 08:01 123 /usr/lib/libx.so
            Rss:                   8 kB
            Anonymous:             0 kB
            VmFlags: rd ex mr mw me
            7f00c000-7f00d000 r--p 00002000 08:01 123 /usr/lib/libx.so
            Rss:                   4 kB
            Anonymous:             4 kB
            VmFlags: rd mr mw me ac
            7f00d000-7f00e000 rw-s 00000000 00:01 7 /SYSV00000000 (deleted)
            Anonymous:             0 kB
            7f00e000-7f00f000 r--s 00000000 00:05 9 /dev/dri/card0
            Anonymous:             0 kB
            7f00f000-7f010000 r--p 00000000 08:01 5 /usr/share/fonts/a font.ttf
            Anonymous:             0 kB
            VmFlags: rd mr mw me lo
            7ffd0000-7ffd1000 r--p 00000000 00:00 0 [vvar]
            Anonymous:             0 kB
            7ffd1000-7ffd2000 r--s 00000000 00:15 11 /sys/devices/pci0000:00/resource0
            Anonymous:             0 kB
            VmFlags: rd sh mr mw me io pf
            """
        let found = FilePages.mappings(in: text)
        #expect(found.count == 7)
        #expect(found[0].start == 0x7f00_a000 && found[0].end == 0x7f00_c000 && found[0].residentKiB == 8)
        #expect(found[4].path == "/usr/share/fonts/a font.ttf" && found[4].locked)
        #expect(found.map(\.canGiveBack) == [true, false, false, false, false, false, false])
    }
}
