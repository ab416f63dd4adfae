import Foundation
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// Walks a folder tree depth first, each folder's entries in natural name
/// order, so the images come out in `name` play order and the first one is
/// known after reading a single branch, however big the tree. Reads
/// directories with `readdir` (entry types without a `stat` each), and keeps
/// only the current branch in memory. Symbolic links to folders are not
/// followed, so a link loop cannot trap it.
public struct DirectoryWalk {
    public var root: String
    public var recursive: Bool
    /// Whether a file (path relative to the root) belongs to the show.
    public var accept: (String) -> Bool
    /// Whether to read modification times (a `stat` per file).
    public var needsMtime: Bool

    public init(root: String, recursive: Bool, needsMtime: Bool, accept: @escaping (String) -> Bool) {
        self.root = root
        self.recursive = recursive
        self.needsMtime = needsMtime
        self.accept = accept
    }

    /// Walks the tree. `folder` is called with each folder's absolute path
    /// before it is read (to watch it first, so nothing created meanwhile is
    /// missed); `found` with each accepted file. Either returning false stops the walk.
    public func run(folder: (String) -> Bool, found: (FolderEntry) -> Bool) {
        var stack: [(relative: String, names: [(String, Bool)], next: Int)] = []
        guard folder(root) else { return }
        stack.append(("", Self.list(root), 0))
        while !stack.isEmpty {
            let top = stack.count - 1
            let position = stack[top].next
            guard position < stack[top].names.count else {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let (name, isDirectory) = stack[top].names[position]
            let relative = stack[top].relative.isEmpty ? name : stack[top].relative + "/" + name
            let absolute = root + "/" + relative
            if isDirectory {
                guard recursive else { continue }
                guard folder(absolute) else { return }
                stack.append((relative, Self.list(absolute), 0))
            } else if accept(relative) {
                let mtime = needsMtime ? Self.mtime(absolute) : Date(unixSeconds: 0)
                guard found(FolderEntry(relative: relative, mtime: mtime)) else { return }
            }
        }
    }

    /// All accepted files, in walk order (for `vitrine check` and snapshots).
    public func all() -> [FolderEntry] {
        var out: [FolderEntry] = []
        run(
            folder: { _ in true },
            found: {
                out.append($0); return true
            })
        return out
    }

    /// The visible entries of a folder, sorted naturally, each with whether it is a folder.
    static func list(_ path: String) -> [(String, Bool)] {
        guard let dir = FileName.withSystemPath(path, { opendir($0) }) else { return [] }
        defer { closedir(dir) }
        var out: [(String, Bool)] = []
        while let entry = readdir(dir) {
            // Any bytes: a name that is not UTF-8 keeps them (`FileName`).
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { FileName.string(fromCString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            let type = entry.pointee.d_type
            let isDirectory: Bool
            switch Int32(type) {
            case Int32(DT_DIR): isDirectory = true
            case Int32(DT_REG): isDirectory = false
            case Int32(DT_LNK): isDirectory = false  // a link to a file is read as the file; to a folder, skipped later
            default: isDirectory = Self.isDirectory(path + "/" + name)
            }
            out.append((name, isDirectory))
        }
        out.sort { NaturalOrder.compare($0.0.utf8, $1.0.utf8) < 0 }
        return out
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return FileName.withSystemPath(path, { lstat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Modification time, the Unix epoch when the file cannot be read.
    public static func mtime(_ path: String) -> Date {
        var info = stat()
        guard FileName.withSystemPath(path, { stat($0, &info) }) == 0 else { return Date(unixSeconds: 0) }
        return Date(unixSeconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// Size and modification time of a regular file (following links), nil when there is none.
    public static func fileStamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard FileName.withSystemPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        return FileStamp(
            size: Int64(info.st_size),
            mtime: Date(unixSeconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec)))
    }
}
