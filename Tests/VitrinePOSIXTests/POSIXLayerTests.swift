import Foundation
import Testing
import VitrinePOSIX
import VitrineTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct POSIXLayerTests {
    @Test func anErrnoSaysTheSystemsMessage() {
        #expect(Errno.noSuchFile.description == "No such file or directory")
        #expect(Errno(rawValue: EACCES) == .permissionDenied)
        #expect(Errno(rawValue: 9999).description.contains("9999"))
    }

    @Test func aFailedCallThrowsItsErrno() throws {
        let folder = try TemporaryFolder()
        #expect(throws: Errno.noSuchFile) { _ = try FileDescriptor.open(folder.path + "/missing", O_RDONLY) }
        #expect(throws: Errno.exists) {
            _ = try FileDescriptor.open(folder.path, O_WRONLY | O_CREAT | O_EXCL)
        }
    }

    @Test func aDescriptorIsClosedWhenItsOwnerGoes() throws {
        let folder = try TemporaryFolder()
        var number: Int32 = -1
        do {
            let file = try FileDescriptor.open(folder.path + "/a", O_WRONLY | O_CREAT)
            number = file.rawValue
            #expect(fcntl(number, F_GETFD) >= 0)
        }
        #expect(fcntl(number, F_GETFD) == -1 && errno == EBADF)
    }

    @Test func aDescriptorIsOpenedCloseOnExec() throws {
        let folder = try TemporaryFolder()
        let file = try FileDescriptor.open(folder.path + "/a", O_WRONLY | O_CREAT)
        #expect(fcntl(file.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        let number = file.rawValue
        try file.close()
        #expect(fcntl(number, F_GETFD) == -1)
    }

    @Test func aDuplicateIsAnotherOwnerOfTheSameFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/a"
        let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT)
        var number: Int32 = -1
        do {
            let copy = try file.duplicate(atLeast: 20)
            number = copy.rawValue
            #expect(number >= 20 && number != file.rawValue)
            #expect(fcntl(number, F_GETFD) & FD_CLOEXEC != 0)
            try copy.writeAll(Array("shared".utf8))
        }
        // The copy is closed with its owner; the original stays open and writes on after it.
        #expect(fcntl(number, F_GETFD) == -1 && errno == EBADF)
        try file.writeAll(Array(" file".utf8))
        try file.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "shared file")
        #expect(throws: Errno(rawValue: EBADF)) { _ = try FileDescriptor(owning: -1).duplicate(atLeast: 0) }
    }

    @Test func writeAllWritesEveryByteOfAnyCollection() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/a"
        let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT)
        let bytes = (0..<300_000).map { UInt8($0 % 251) }
        try file.writeAll(bytes)
        try file.writeAll(Data([1, 2, 3]))
        try file.writeAll(bytes[0..<10].reversed())
        try file.sync()
        try file.close()
        let back = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(back == Data(bytes + [1, 2, 3] + bytes[0..<10].reversed()))
    }

    @Test func aDurableWriteLeavesTheWholeFileOrNothing() throws {
        let folder = try TemporaryFolder()
        let temporary = folder.path + "/.a.tmp"
        let path = folder.path + "/a"
        try DurableWrite.writeFlushed(Data("new".utf8), to: temporary, mode: 0o600, exactMode: true)
        var info = stat()
        #expect(stat(temporary, &info) == 0 && info.st_mode & 0o777 == 0o600)
        try DurableWrite.rename(temporary, to: path)
        try DurableWrite.syncFolder(folder.path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(!FileManager.default.fileExists(atPath: temporary))

        // An exclusive write to a taken name fails at its first step and leaves the file alone.
        #expect(throws: DurableWrite.Failure(step: .create, path: path, errno: .exists)) {
            try DurableWrite.writeFlushed([1, 2], to: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")

        // A failed rename removes the temporary.
        try DurableWrite.writeFlushed([1], to: temporary)
        #expect(throws: Errno.noSuchFile) { try DurableWrite.rename(temporary, to: folder.path + "/no/such/b") }
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }

    @Test func aFolderThatCannotBeOpenedIsAnError() {
        #expect(throws: Errno.noSuchFile) { try DurableWrite.syncFolder("/no/such/folder") }
    }
}
