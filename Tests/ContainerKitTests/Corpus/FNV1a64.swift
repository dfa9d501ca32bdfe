/// The 64-bit FNV-1a hash (Fowler, Noll and Vo), over bytes: the same value in every process, on
/// every platform, unlike Swift's `Hasher`, which is seeded per process. The behaviour corpus
/// stores one per random sequence.
struct FNV1a64 {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    private(set) var value = offsetBasis

    /// Adds the UTF-8 bytes of `text`.
    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value = (value ^ UInt64(byte)) &* Self.prime
        }
    }

    /// The hash of the UTF-8 bytes of `text`.
    static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a64()
        hasher.add(text)
        return hasher.value
    }

    /// `value` as 16 lowercase hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
