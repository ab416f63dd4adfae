import Foundation
import VitrineCore

/// How the page is set up: where its files are, its limits, its cookies.
public struct AdminSiteOptions: Sendable {
    /// The folder holding the pages, styles and scripts (`assets/www`).
    public var assetsFolder: String
    /// The state file with the password hash (written with mode 0600).
    public var statePath: String
    /// The largest photo accepted.
    public var maximumFileBytes = 40 << 20
    /// The most one upload request may carry in all; servers stop reading a body past
    /// `maximumBodyBytes` (this plus room for the form's own lines).
    public var maximumUploadBytes = 120 << 20
    /// Files in one upload at most.
    public var maximumFilesPerUpload = 20
    /// Failed sign-ins a client may make in `loginWindow` seconds before it gets 429.
    public var loginLimit = 5
    public var loginWindow: Seconds = 60
    /// Failed sign-ins from all clients together in `globalLoginWindow` seconds before everyone
    /// not signed in gets 429 (signed-in sessions go on).
    public var globalLoginLimit = 20
    public var globalLoginWindow: Seconds = 300
    /// Mark cookies `Secure` (when the page is served over TLS).
    public var secureCookies = false
    /// The time zone of "preview this moment" dates typed on the page.
    public var timeZone = TimeZone.current
    /// The cost of the password hash (lower only in tests).
    public var hashCost = Sodium.HashCost.interactive
    /// The keys of the configuration file the Settings page edits.
    public var settings = SettingsField.standard

    public init(assetsFolder: String, statePath: String) {
        self.assetsFolder = assetsFolder
        self.statePath = statePath
    }

    /// The largest request body a server should read for this site.
    public var maximumBodyBytes: Int { max(maximumUploadBytes + (64 << 10), 8 << 20) }

    /// Where the page's files live: `VITRINE_WWW`, `assets/www` next to the executable's package
    /// checkout, or the installed share folder.
    public static func defaultAssetsFolder(executable: String = CommandLine.arguments[0]) -> String {
        if let env = ProcessInfo.processInfo.environment["VITRINE_WWW"] { return env }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("assets/www").path
            if FileManager.default.fileExists(atPath: candidate + "/now.html") { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return "/usr/local/share/vitrine/www"
    }
}

/// One key of the configuration file shown on the Settings page.
public struct SettingsField: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case number(ClosedRange<Double>)
        case choice([String])
        case text
    }

    /// The key, as in the configuration file (the long option name).
    public var key: String
    public var label: String
    public var kind: Kind
    /// What the show does when the key is not set, as the page says it ("8 s", "off").
    public var defaultText: String

    public init(key: String, label: String, kind: Kind, defaultText: String = "") {
        self.key = key
        self.label = label
        self.kind = kind
        self.defaultText = defaultText
    }

    /// The options of `vitrine play` people change most, and the MQTT connection.
    public static let standard: [SettingsField] = [
        SettingsField(key: "interval", label: "Seconds per photo", kind: .number(1...86400), defaultText: "8 s"),
        SettingsField(
            key: "transition", label: "Transition", kind: .choice(["fade", "zoom", "slide", "none"]),
            defaultText: "fade"),
        SettingsField(
            key: "transition-duration", label: "Transition seconds", kind: .number(0...30), defaultText: "0.8 s"),
        SettingsField(key: "fit", label: "Fit", kind: .choice(["contain", "cover"]), defaultText: "contain"),
        SettingsField(key: "motion", label: "Motion", kind: .choice(["still", "kenburns"]), defaultText: "still"),
        SettingsField(
            key: "caption", label: "Caption", kind: .choice(["none", "playlist", "filename", "exif-date"]),
            defaultText: "none"),
        SettingsField(key: "clock-overlay", label: "Clock (e.g. %H:%M)", kind: .text, defaultText: "no clock"),
        SettingsField(
            key: "page-indicator", label: "Page dots", kind: .choice(["browse", "always", "never"]),
            defaultText: "browse"),
        SettingsField(key: "rotate", label: "Rotation", kind: .choice(["0", "90", "180", "270"]), defaultText: "0"),
        SettingsField(key: "mqtt", label: "MQTT broker host", kind: .text, defaultText: "off"),
        SettingsField(key: "mqtt-port", label: "MQTT broker port", kind: .number(1...65535), defaultText: "1883"),
        SettingsField(key: "mqtt-username", label: "MQTT user name", kind: .text, defaultText: "none"),
    ]
}
