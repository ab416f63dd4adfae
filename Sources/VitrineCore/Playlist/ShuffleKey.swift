/// A keyed 64-bit hash (FNV-1a then SplitMix64's finaliser) of a seed and a path:
/// stable across runs and machines, unlike Swift's `Hasher`.
public enum ShuffleKey {
    public static func key(_ text: String, seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        h ^= h >> 30
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 27
        h &*= 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
