import Foundation
import Testing

@testable import VitrineCore

@Suite struct FolderIndexTests {
    @Test func globsMatchNamesFoldersAndSets() throws {
        let cases: [(String, String, Bool)] = [
            ("*.jpg", "a.jpg", true), ("*.jpg", "sub/deep/A.JPG", true), ("*.jpg", "a.png", false),
            ("img?.png", "img1.png", true), ("img?.png", "img10.png", false),
            ("[ab]*.jpg", "b1.jpg", true), ("[!ab]*.jpg", "b1.jpg", false), ("[a-c]x.jpg", "cx.jpg", true),
            ("drafts/**", "drafts/x/y.jpg", true), ("drafts/**", "other/drafts/y.jpg", false),
            ("**/drafts/*", "drafts/y.jpg", true), ("**/drafts/*", "a/b/drafts/y.jpg", true),
            ("**/x.jpg", "ax.jpg", false), ("**/x.jpg", "a/x.jpg", true),
            ("a/*.jpg", "a/b/c.jpg", false), ("a/*/c.jpg", "a/b/c.jpg", true),
            ("\\*.jpg", "*.jpg", true), ("\\*.jpg", "a.jpg", false),
        ]
        for (pattern, path, expected) in cases {
            #expect(try Glob(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
        }
        #expect(throws: Glob.Invalid(reason: "'[' is not closed by ']'")) { try Glob("[ab") }
        #expect(throws: Glob.Invalid(reason: "range z-a is reversed")) { try Glob("[z-a]") }
        #expect(throws: Glob.Invalid(reason: "empty pattern")) { try Glob("") }
    }

    @Test func folderSourcesAcceptImagesByTheirRules() throws {
        var folder = FolderSource(path: "/p")
        #expect(folder.accepts("a.jpg"))
        #expect(!folder.accepts("a.txt"))
        #expect(!folder.accepts(".hidden.jpg"))
        #expect(!folder.accepts("sub/a.jpg"))
        folder.recursive = true
        #expect(folder.accepts("sub/a.jpg"))
        #expect(!folder.accepts(".cache/a.jpg"))
        folder.include = [try Glob("*.png")]
        folder.exclude = [try Glob("**/old/*")]
        #expect(folder.accepts("sub/a.png"))
        #expect(!folder.accepts("sub/a.jpg"))
        #expect(!folder.accepts("sub/old/a.png"))
    }

    @Test func naturalOrderComparesNumbersAsNumbers() {
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "a/z.jpg", "a.jpg", "b", "img02.jpg", "a/b/c.jpg"]
        let sorted = names.sorted(by: NaturalOrder.pathPrecedes)
        #expect(sorted == ["a/b/c.jpg", "a/z.jpg", "a.jpg", "b", "img1.jpg", "IMG2.jpg", "img02.jpg", "img10.jpg"])
    }

    @Test func theIndexKeepsNameOrderWhateverOrderFilesArriveIn() {
        var index = FolderIndex(order: .name, seed: 0)
        index.insert([
            FolderEntry(relative: "b/2.jpg", mtime: Date(unixSeconds: 0)),
            FolderEntry(relative: "a.jpg", mtime: Date(unixSeconds: 0)),
        ])
        index.insert([FolderEntry(relative: "b/10.jpg", mtime: Date(unixSeconds: 0))])
        index.insert([
            FolderEntry(relative: "b/1.jpg", mtime: Date(unixSeconds: 0)),
            FolderEntry(relative: "a.jpg", mtime: Date(unixSeconds: 5)),
        ])
        #expect(index.entries.map(\.relative) == ["a.jpg", "b/1.jpg", "b/2.jpg", "b/10.jpg"])
        let removed = index.remove("b/2.jpg")
        let removedAgain = index.remove("b/2.jpg")
        let removedFolder = index.removeAll(under: "b")
        #expect(removed && !removedAgain && removedFolder)
        #expect(index.entries.map(\.relative) == ["a.jpg"])
    }

    @Test func mtimeOrderIsOldestFirstAndFollowsRewrites() {
        var index = FolderIndex(order: .mtime, seed: 0)
        index.insert([
            FolderEntry(relative: "new.jpg", mtime: Date(unixSeconds: 300)),
            FolderEntry(relative: "old.jpg", mtime: Date(unixSeconds: 100)),
            FolderEntry(relative: "mid.jpg", mtime: Date(unixSeconds: 200)),
        ])
        #expect(index.entries.map(\.relative) == ["old.jpg", "mid.jpg", "new.jpg"])
        index.insert([FolderEntry(relative: "old.jpg", mtime: Date(unixSeconds: 400))])
        #expect(index.entries.map(\.relative) == ["mid.jpg", "new.jpg", "old.jpg"])
    }

    @Test func shuffleIsRepeatableAndStableWhenFilesComeAndGo() {
        let names = (1...50).map { "photo\($0).jpg" }
        var a = FolderIndex(order: .shuffle, seed: 7)
        a.insert(names.map { FolderEntry(relative: $0, mtime: Date(unixSeconds: 0)) })
        var b = FolderIndex(order: .shuffle, seed: 7)
        b.insert(names.reversed().map { FolderEntry(relative: $0, mtime: Date(unixSeconds: 0)) })
        #expect(a.entries == b.entries)
        #expect(a.entries.map(\.relative) != names)
        var c = FolderIndex(order: .shuffle, seed: 8)
        c.insert(names.map { FolderEntry(relative: $0, mtime: Date(unixSeconds: 0)) })
        #expect(c.entries != a.entries)
        let before = a.entries.map(\.relative)
        a.insert([FolderEntry(relative: "added.jpg", mtime: Date(unixSeconds: 0))])
        a.remove("photo3.jpg")
        #expect(a.entries.map(\.relative).filter { $0 != "added.jpg" } == before.filter { $0 != "photo3.jpg" })
    }
}
