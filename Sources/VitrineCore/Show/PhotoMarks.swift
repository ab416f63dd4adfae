/// The photos a person hid or made favourites from the screen (or the web page), by path.
/// A hidden photo is left out of every slide list until it is shown again; favourites
/// are kept for the shuffle and the page. Bounded: past `capacity` entries of a kind the
/// oldest are dropped, so a kept file never grows without end.
public struct PhotoMarks: Equatable, Sendable {
    /// In the order they were marked, oldest first.
    public private(set) var hidden: [String] = []
    public private(set) var favourites: [String] = []
    private var hiddenSet: Set<String> = []
    private var favouriteSet: Set<String> = []

    /// The most paths kept of each kind.
    public static let capacity = 50_000

    public init(hidden: [String] = [], favourites: [String] = []) {
        for path in hidden { _ = hide(path) }
        for path in favourites { _ = setFavourite(path, true) }
    }

    public func isHidden(_ path: String) -> Bool { hiddenSet.contains(path) }
    public func isFavourite(_ path: String) -> Bool { favouriteSet.contains(path) }

    /// Hides `path`; false when it already was.
    public mutating func hide(_ path: String) -> Bool {
        guard !path.isEmpty, hiddenSet.insert(path).inserted else { return false }
        hidden.append(path)
        if hidden.count > Self.capacity { hiddenSet.remove(hidden.removeFirst()) }
        return true
    }

    /// Shows `path` again; false when it was not hidden.
    public mutating func unhide(_ path: String) -> Bool {
        guard hiddenSet.remove(path) != nil else { return false }
        hidden.removeAll { $0 == path }
        return true
    }

    /// Makes `path` a favourite or not; false when nothing changed.
    public mutating func setFavourite(_ path: String, _ on: Bool) -> Bool {
        guard !path.isEmpty else { return false }
        if on {
            guard favouriteSet.insert(path).inserted else { return false }
            favourites.append(path)
            if favourites.count > Self.capacity { favouriteSet.remove(favourites.removeFirst()) }
        } else {
            guard favouriteSet.remove(path) != nil else { return false }
            favourites.removeAll { $0 == path }
        }
        return true
    }

    /// The slides not hidden.
    public func visible(_ slides: [Slide]) -> [Slide] {
        hiddenSet.isEmpty ? slides : slides.filter { !hiddenSet.contains($0.path) }
    }

    // MARK: The file

    /// `{"hidden": [...], "favourites": [...]}`.
    public var json: JSONOutput {
        .object([
            ("hidden", .array(hidden.map { .string($0) })),
            ("favourites", .array(favourites.map { .string($0) })),
        ])
    }

    /// Reads the file's text; nil with the reason when it is not one.
    public static func parse(_ text: String) -> Result<PhotoMarks, PhotoMarksError> {
        let node: JSONNode
        do {
            node = try JSONParser.parse(text)
        } catch {
            return .failure(PhotoMarksError(reason: "not valid JSON (\(error))"))
        }
        guard let members = node.members else { return .failure(PhotoMarksError(reason: "not a JSON object")) }
        var marks = PhotoMarks()
        for member in members {
            guard member.key == "hidden" || member.key == "favourites" else { continue }
            guard let list = member.value.elements else {
                return .failure(PhotoMarksError(reason: "\(member.key) is not a list"))
            }
            for element in list {
                guard let path = element.string else {
                    return .failure(PhotoMarksError(reason: "\(member.key) holds \(element.typeName), not a path"))
                }
                if member.key == "hidden" { _ = marks.hide(path) } else { _ = marks.setFavourite(path, true) }
            }
        }
        return .success(marks)
    }
}
