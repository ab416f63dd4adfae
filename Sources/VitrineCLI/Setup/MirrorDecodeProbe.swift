import VitrineCore
import VitrineMedia

/// The mirror's check of a complete download before it may play: a real decode, at a small size, in
/// the isolated decode worker (a hostile file cannot hurt the player). A file that starts like an
/// image but does not decode is refused, and never reaches the show.
enum MirrorDecodeProbe {
    /// The output the probe decodes to: small, so the check is quick and needs little memory.
    static let output = Size(width: 64, height: 64)

    /// A probe for `MirrorConfiguration.decodeProbe`, sharing one worker for all downloads.
    static func make(limits: DecodeLimits = DecodeLimits()) -> @Sendable (String) -> Bool {
        let decoder = IsolatedDecoder(IsolatedDecoder.Configuration(limits: limits))
        return { path in
            let request = DecodeRequest(
                path: path, output: output, fit: .contain, background: RGBColor(r: 0, g: 0, b: 0))
            do throws(DecodeError) {
                _ = try decoder.decode(request)
                return true
            } catch {
                Log("mirror").warning("a downloaded file does not decode (\(error.reason)); it is not shown")
                return false
            }
        }
    }
}
