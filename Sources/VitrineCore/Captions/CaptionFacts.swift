import Foundation

/// What a caption template's fields are filled from, for one slide.
public struct CaptionFacts: Sendable {
    public var path: String
    public var metadata: ImageMetadata?
    /// The network source's name of the photo (a feed's title, an Immich description).
    public var title: String?
    /// The frame's wall time (UTC seconds) and the show's time zone, for `{years-ago}`.
    public var now: Date?
    public var zone: TimeZone
    public var places: PlaceNames?
    /// The date the photo's source gives, used when its metadata has none.
    public var taken: TakenDate?

    public init(
        path: String, metadata: ImageMetadata?, title: String? = nil, now: Date? = nil,
        zone: TimeZone = .current, places: PlaceNames? = nil, taken: TakenDate? = nil
    ) {
        self.taken = taken
        self.path = path
        self.metadata = metadata
        self.title = title
        self.now = now
        self.zone = zone
        self.places = places
    }

    /// The value of field `field`; nil when the photo does not have it (or the field is unknown).
    public func value(_ field: String) -> String? {
        let taken = metadata.flatMap { TakenDate($0.dateTaken, offset: $0.dateOffset) } ?? self.taken
        switch field {
        case "date": return taken?.text(.medium)
        case "camera": return metadata?.camera
        case "folder":
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? nil : (folder as NSString).lastPathComponent
        case "file": return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        case "title": return title ?? metadata?.description
        case "place":
            guard let lat = metadata?.latitude, let lon = metadata?.longitude else { return nil }
            return places?.table.place(latitude: lat, longitude: lon)
        case "years-ago":
            guard let taken, let now else { return nil }
            return taken.yearsAgoText(now: now, zone: zone)
        default:
            guard field.hasPrefix("date:"), let style = TakenDate.Style(rawValue: String(field.dropFirst(5))) else {
                return nil
            }
            return taken?.text(style)
        }
    }
}
