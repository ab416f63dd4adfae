import Foundation
import VitrineCore

/// Turns the SOURCE arguments (folders and image files) into an ordered list of image paths.
public struct SourceScanner: Sendable {
    /// Why a source cannot be used.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case missing(String)
        case noImages(String)
        case notAnImage(String)

        public var description: String {
            switch self {
            case .missing(let path):
                return "\(path): no such file or folder; give a folder of images or an image file"
            case .noImages(let path):
                return "\(path): holds no images; copy JPEG, PNG or WebP files (or MP4, WebM clips) there"
            case .notAnImage(let path):
                return "\(path): not an image file (expected one of: \(SourceScanner.extensionList))"
            }
        }
    }

    static var extensionList: String { ImageFileNames.extensionList + "; clips: " + VideoFileNames.extensionList }

    public var order: SlideOrder
    public var seed: UInt64
    /// Accept folders with no images yet (the show waits for some) instead of failing.
    public var allowEmpty: Bool

    public init(order: SlideOrder = .name, seed: UInt64 = 0, allowEmpty: Bool = false) {
        self.order = order
        self.seed = seed
        self.allowEmpty = allowEmpty
    }

    /// Whether `path` names a file the show takes: an image or a video clip.
    public static func isImagePath(_ path: String) -> Bool {
        ImageFileNames.isImagePath(path) || VideoFileNames.isVideoPath(path)
    }

    /// Checks each source and says whether it is a folder: a missing one is
    /// taken as a folder still to come when `allowMissing` (the show waits for it).
    /// Throws the first unusable source.
    public func classify(_ sources: [String], allowMissing: Bool = false) throws(Problem) -> [(
        path: String, isFolder: Bool
    )] {
        var out: [(path: String, isFolder: Bool)] = []
        for source in sources {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
                guard allowMissing else { throw .missing(source) }
                out.append((source, !Self.isImagePath(source)))
                continue
            }
            if isDirectory.boolValue {
                guard allowEmpty || !folderImages(source).isEmpty else { throw .noImages(source) }
            } else {
                guard Self.isImagePath(source) else { throw .notAnImage(source) }
            }
            out.append((source, isDirectory.boolValue))
        }
        return out
    }

    /// The images of all sources, each folder's images ordered by `order`,
    /// sources kept in the order given. Throws the first unusable source.
    public func scan(_ sources: [String]) throws(Problem) -> [String] {
        var all: [String] = []
        for source in sources {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
                throw .missing(source)
            }
            if isDirectory.boolValue {
                let images = folderImages(source)
                guard !images.isEmpty || allowEmpty else { throw .noImages(source) }
                all += images
            } else {
                guard Self.isImagePath(source) else { throw .notAnImage(source) }
                all.append(source)
            }
        }
        return order == .shuffle ? shuffled(all) : all
    }

    /// The image files directly inside `folder` (hidden files skipped), in `order`.
    public func folderImages(_ folder: String) -> [String] {
        // Read as the folder walk reads (any bytes in a name), not through FileManager.
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var paths: [String] = []
        for (name, isDirectory) in DirectoryWalk.list(base) where !isDirectory && Self.isImagePath(name) {
            let path = base + "/" + name
            if DirectoryWalk.fileStamp(path) != nil { paths.append(path) }
        }
        switch order {
        case .name, .shuffle:
            return paths.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        case .mtime:
            let dated = paths.map { ($0, DirectoryWalk.mtime($0)) }
            return dated.sorted { $0.1 == $1.1 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.0)
        }
    }

    /// A Fisher–Yates shuffle driven by the seed.
    public func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var generator = SeededGenerator(seed: seed)
        guard items.count > 1 else { return items }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int(generator.next() % UInt64(i + 1))
            items.swapAt(i, j)
        }
        return items
    }
}

extension CommonOptions {
    /// The scanner for SOURCE arguments these options ask for.
    public var scanner: SourceScanner {
        SourceScanner(order: order, seed: seed, allowEmpty: waitForImages)
    }
}
