/// A small, fast, seedable random number generator (SplitMix64), so that a randomized run can be
/// replayed from its seed alone. No package dependency: the algorithm fits in a few lines.
///
/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014)
/// passes BigCrush and is what `java.util.SplittableRandom` uses; it is more than enough to pick
/// operations.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole output is determined by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of `choices`, each as likely as its weight.
    mutating func weighted<Choice>(_ choices: [(weight: Int, value: Choice)]) -> Choice {
        let total = choices.reduce(0) { $0 + $1.weight }
        var roll = below(total)
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        preconditionFailure("weighted(_:) rolled past its choices")
    }

    /// The seed of sequence `index` of a run based on `base`: consecutive indices give unrelated
    /// seeds, and each is printed in full so it can be replayed on its own.
    static func sequenceSeed(base: UInt64, index: Int) -> UInt64 {
        var mixer = SeededGenerator(seed: base &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        return mixer.next() >> 1  // positive as an Int64 too, so it reads well in an environment variable
    }
}
