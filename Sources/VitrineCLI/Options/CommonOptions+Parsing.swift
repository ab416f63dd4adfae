import Foundation
import VitrineCore

extension CommonOptions {
    /// Help lines for the shared options.
    public static let help = """
          --interval SECONDS             seconds each slide is shown (default 8)
          --transition fade|zoom|slide|none
                                         how slides change (default fade)
          --transition-duration SECONDS  length of a transition (default 0.8)
          --curve linear|easeIn|easeOut|easeInOut
                                         easing of transitions (default easeInOut)
          --slide-axis horizontal|vertical
                                         direction of the slide transition (default horizontal)
          --motion still|kenburns        motion while a slide is shown (default still)
          --order name|mtime|shuffle     order of a folder's images (default name); shuffle is fair:
                                         every photo once before any again, new photos next, what
                                         was shown kept across restarts beside the resume position
          --seed N                       seed for --order shuffle (default 0)
          --favour recent                with --order shuffle: photos within a month (a year) of the
                                         folder's newest come earlier in each cycle, 4× (2×) as likely
          --no-loop                      stop on the last slide instead of starting over
          --sync                         the show follows the wall clock: screens with the same
                                         playlist and a clock set by NTP change slides together
          --wait-for-images              a folder with no images shows a "No images yet" screen
                                         and is watched for them, instead of an error
          --keep-going                   for kiosks: never stop for bad input at start; show what is
                                         wrong (no images yet, a folder not there yet, a playlist that
                                         cannot be played) and start once it is fixed (implies
                                         --wait-for-images)
          --fit contain|cover            letterbox the whole image, or fill and crop (default contain)
          --background #RRGGBB           colour around and behind images (default #000000)
          --fill black|blur|#RRGGBB      what fills the screen around a letterboxed photo: black, the
                                         photo itself enlarged, blurred and dimmed, or a colour
                                         (default black)
          --pair, --no-pair              two portrait photos share a landscape screen side by side
                                         (two landscape ones a portrait screen, stacked), the next
                                         of its kind brought forward, one taken the same day
                                         preferred (default off; on in the shipped configuration)
          --long-photo-ratio N           a photo more than N times as elongated as the screen (a tall
                                         screenshot, a panorama) is shown across it and scrolled
                                         (default 2, 0: off)
          --no-video                     leave video clips (mp4, m4v, mov, mkv, webm) out of the show
          --max-video-seconds SECONDS    the longest a clip plays when its item sets no duration
                                         (default: its whole length)
          --audio-device NAME            where clips with "audio": true play their sound (libmpv's
                                         device name, e.g. alsa/hdmi; default: the system's)
          --rotate 0|90|180|270          turn the picture clockwise, for portrait or upside-down screens (default 0)
          --cache-dir DIR                where photos from the network are mirrored (default
                                         /var/cache/vitrine when writable, else ~/.cache/vitrine)
          --cache-size SIZE              how much the mirror may take on disk, as 500M or 2G (default 2G)

        Overlays:
        """ + OverlayOptions.help

    /// Applies `option` if it is one of the shared ones; returns false otherwise.
    public mutating func apply(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        if try overlay.apply(option, from: &scanner) { return true }
        switch option {
        case "--interval": show.interval = try scanner.seconds(for: option)
        case "--transition": show.transition = try scanner.choice(for: option, as: TransitionKind.self)
        case "--transition-duration": show.transitionDuration = try scanner.seconds(for: option, allowZero: true)
        case "--curve": show.curve = try scanner.choice(for: option, as: Curve.self)
        case "--slide-axis": show.slideAxis = try scanner.choice(for: option, as: SlideAxis.self)
        case "--motion": show.motion = try scanner.choice(for: option, as: DwellMotion.self)
        case "--order": order = try scanner.choice(for: option, as: SlideOrder.self)
        case "--seed":
            let text = try scanner.value(for: option)
            guard let value = UInt64(text) else { throw UsageError("--seed \(text): expected a whole number ≥ 0") }
            seed = value
        case "--favour": favour = try scanner.choice(for: option, as: ShuffleFavour.self)
        case "--no-loop": show.loop = false
        case "--sync": sync = true
        case "--wait-for-images": waitForImages = true
        case "--keep-going":
            keepGoing = true
            waitForImages = true
        case "--fit": show.fit = try scanner.choice(for: option, as: FitMode.self)
        case "--pair": show.pair = true
        case "--no-pair": show.pair = false
        case "--background":
            let text = try scanner.value(for: option)
            guard let color = RGBColor(hex: text) else {
                throw UsageError("--background \(text): expected a colour as #RRGGBB, for example #202020")
            }
            show.background = color
        case "--fill":
            let text = try scanner.value(for: option)
            guard let fill = FillStyle(text) else {
                throw UsageError("--fill \(text): expected \(FillStyle.spellings), for example blur")
            }
            show.fill = fill
        case "--long-photo-ratio":
            let text = try scanner.value(for: option)
            guard let value = Double(text), value.isFinite, value == 0 || value >= 1 else {
                throw UsageError("--long-photo-ratio \(text): expected a number of at least 1, like 2, or 0 for off")
            }
            show.longPhotoRatio = value
        case "--no-video": show.videos = false
        case "--max-video-seconds": show.maxVideoSeconds = try scanner.seconds(for: option)
        case "--audio-device":
            let text = try scanner.value(for: option)
            guard !text.isEmpty else { throw UsageError("--audio-device needs a device name, like alsa/hdmi") }
            show.audioDevice = text
        case "--rotate":
            let text = try scanner.value(for: option)
            guard let rotation = ScreenRotation(degrees: text) else {
                throw UsageError("--rotate \(text): expected 0, 90, 180 or 270 (degrees clockwise)")
            }
            self.rotation = rotation
        case "--cache-dir":
            let text = try scanner.value(for: option)
            guard !text.isEmpty else { throw UsageError("--cache-dir needs a folder") }
            cacheDirectory = text
        case "--cache-size":
            let text = try scanner.value(for: option)
            guard let bytes = Self.byteSize(text), bytes >= 1 << 20 else {
                throw UsageError("--cache-size \(text): expected a size of at least 1M, like 500M or 2G")
            }
            cacheBytes = bytes
        default:
            return false
        }
        return true
    }

    /// `500M`, `2G`, `2GB`, `1.5G`, `100K` or a number of bytes; nil when it is none of these.
    static func byteSize(_ text: String) -> Int64? {
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var unit: Double = 1
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][String(last)] {
            unit = pow(1024, Double(power))
            digits.removeLast()
        }
        guard let value = Double(digits), value.isFinite, value >= 0, value * unit < 9e18 else { return nil }
        return Int64(value * unit)
    }

    /// Checks combinations once everything is parsed.
    public func validate() throws(UsageError) {
        if show.transitionDuration >= show.interval {
            throw UsageError(
                "--transition-duration \(show.transitionDuration.value) must be shorter than --interval \(show.interval.value)"
            )
        }
    }
}
