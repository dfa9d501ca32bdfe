import ContainerKit
import Foundation
import Testing

/// The behaviour corpus: the engine's behaviour on 10,000 random sequences of the randomized suite,
/// frozen as one hash per seed in `Tests/Corpus/random-sequences.txt`, so that a redesign of the
/// engine can show it changes nothing (issue 20, point 1).
///
/// Each hash is FNV-1a 64 over a sequence's canonical text (``CorpusSequence``): the transcript
/// lines, the contract violations, and the end state.
///
/// - `swift test` checks one seed in 10 (the first, the 11th, …: 1,000 sequences, about 25 s in a
///   debug build), so that the everyday test command stays quick.
/// - `CONTAINERKIT_CORPUS_EVERY=N` checks one seed in N instead; `CONTAINERKIT_CORPUS_EVERY=1`
///   checks them all, as `.ci/run`'s internal-checks step does (about 4 minutes). Check them all
///   before committing a change to the engine.
/// - `CONTAINERKIT_SEED=<seed>` prints the canonical text of that seed and checks its hash, if the
///   file lists it. Run it on two commits and diff the outputs to see what changed.
/// - `CONTAINERKIT_UPDATE_CORPUS=1` rewrites the file from the engine as it is. Do it only for a
///   change of behaviour the spec allows, in a commit of its own that lists the seeds and why.
/// - `CONTAINERKIT_CORPUS_DUMP=<file>` writes every seed's canonical text to `<file>` (about 3
///   minutes). Dump on the commit before a change and on the change, and
///   `Tests/Corpus/compare-dumps before after` lists the seeds that differ and how.
@Suite @MainActor struct BehaviourCorpusTests {
    nonisolated static let environment = ProcessInfo.processInfo.environment

    /// One sequence in this many is checked when `CONTAINERKIT_CORPUS_EVERY` is not set.
    static let defaultEvery = 10

    /// Async, and yields the main actor between sequences, like the randomized suite, so that other
    /// main-actor tests running in parallel are not starved for the whole run.
    @Test func everyRandomSequenceMatchesTheCorpus() async throws {
        CrashReporter.install()
        if Self.environment["CONTAINERKIT_UPDATE_CORPUS"] == "1" {
            try await Self.update()
            return
        }
        if let path = Self.environment["CONTAINERKIT_CORPUS_DUMP"] {
            try await Self.dump(to: URL(fileURLWithPath: path))
            return
        }
        let corpus = try CorpusFile(text: String(contentsOf: Self.fileURL, encoding: .utf8))
        #expect(corpus.base == CorpusFile.base && corpus.steps == CorpusSequence.steps)
        #expect(corpus.entries.count >= 10_000, "the corpus holds \(corpus.entries.count) sequences")
        if let seed = Self.environment["CONTAINERKIT_SEED"].flatMap({ UInt64($0) }) {
            replay(seed: seed, corpus: corpus)
            return
        }
        let every = max(1, Self.environment["CONTAINERKIT_CORPUS_EVERY"].flatMap { Int($0) } ?? Self.defaultEvery)
        let clock = ContinuousClock()
        let start = clock.now
        var checked = 0
        var broken = 0
        var mismatches: [(seed: UInt64, expected: UInt64, actual: UInt64)] = []
        var firstMismatchText: String?
        for (index, entry) in corpus.entries.enumerated() where index % every == 0 {
            let sequence = CorpusSequence(seed: entry.seed, steps: corpus.steps)
            let hash = sequence.hash
            checked += 1
            if sequence.failure != nil { broken += 1 }
            if hash != entry.hash {
                mismatches.append((entry.seed, entry.hash, hash))
                if firstMismatchText == nil { firstMismatchText = sequence.text }
            }
            await Task.yield()
        }
        let elapsed = RandomizedModelTests.seconds(clock.now - start)
        print(
            "Behaviour corpus: \(checked) of \(corpus.entries.count) sequences checked, "
                + "\(mismatches.count) differ, \(broken) broke an invariant (\(elapsed) s)")
        guard let first = mismatches.first, let text = firstMismatchText else { return }
        Self.show("Behaviour corpus: the canonical text of seed \(first.seed), now:\n\(text)")
        let listed = mismatches.prefix(20).map {
            "  \($0.seed): expected \(FNV1a64.hex($0.expected)), got \(FNV1a64.hex($0.actual))"
        }
        Issue.record(
            Comment(
                rawValue: """
                    The engine's behaviour differs from the corpus (Tests/Corpus/random-sequences.txt) \
                    on \(mismatches.count) of \(checked) sequences\(mismatches.count > 20 ? "; the first 20" : ""):
                    \(listed.joined(separator: "\n"))
                    The canonical text of seed \(first.seed) is printed above. To see what changed, run on \
                    this commit and on one that matches the corpus, and diff the outputs:
                      CONTAINERKIT_SEED=\(first.seed) swift test --filter BehaviourCorpusTests
                    To step through it with the randomized suite: CONTAINERKIT_SEED=\(first.seed) \
                    CONTAINERKIT_VERBOSE=1 swift test --filter RandomizedModelTests
                    A change the spec allows: CONTAINERKIT_UPDATE_CORPUS=1 swift test --filter \
                    BehaviourCorpusTests, in a commit of its own that lists each seed and the rule.
                    """))
    }

    @Test func fnv1aGivesItsPublishedValues() {
        #expect(FNV1a64.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a64.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a64.hash("foobar") == 0x8594_4171_F739_67E8)
        #expect(FNV1a64.hex(0xAB) == "00000000000000ab")
    }

    @Test func theCorpusFileRoundTrips() throws {
        let file = CorpusFile(entries: [(1, 0xAB), (UInt64(Int64.max), 0xFFFF_FFFF_FFFF_FFFF)])
        let read = try CorpusFile(text: file.text)
        #expect(read.base == CorpusFile.base && read.steps == CorpusSequence.steps)
        #expect(read.entries.map(\.seed) == [1, UInt64(Int64.max)])
        #expect(read.entries.map(\.hash) == [0xAB, 0xFFFF_FFFF_FFFF_FFFF])
    }

    private func replay(seed: UInt64, corpus: CorpusFile) {
        let sequence = CorpusSequence(seed: seed, steps: corpus.steps)
        Self.show("Behaviour corpus, seed \(seed), hash \(FNV1a64.hex(sequence.hash)):\n\(sequence.text)")
        guard let entry = corpus.entries.first(where: { $0.seed == seed }) else {
            print("Behaviour corpus: seed \(seed) is not in the corpus")
            return
        }
        #expect(
            sequence.hash == entry.hash,
            "seed \(seed): the corpus has \(FNV1a64.hex(entry.hash)), the engine gives \(FNV1a64.hex(sequence.hash))")
    }

    /// Writes `text` to standard output at once, unbuffered, so that the test library's own lines
    /// do not land in the middle of a canonical text (`print` buffers).
    private static func show(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Rewrites the file from the engine as it is.
    private static func update() async throws {
        var entries: [(seed: UInt64, hash: UInt64)] = []
        for index in 0..<CorpusFile.sequences {
            let seed = SeededGenerator.sequenceSeed(base: CorpusFile.base, index: index)
            entries.append((seed, CorpusSequence(seed: seed).hash))
            await Task.yield()
        }
        try CorpusFile(entries: entries).text.write(to: fileURL, atomically: true, encoding: .utf8)
        print("Behaviour corpus: wrote \(entries.count) hashes to \(fileURL.path)")
    }

    /// Writes every seed's canonical text to `url`, each after a line `=== <seed>`, in the corpus's
    /// order.
    private static func dump(to url: URL) async throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            Issue.record("Behaviour corpus: cannot create \(url.path)")
            return
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        for index in 0..<CorpusFile.sequences {
            let seed = SeededGenerator.sequenceSeed(base: CorpusFile.base, index: index)
            let text = CorpusSequence(seed: seed).text
            try file.write(contentsOf: Data("=== \(seed)\n\(text)\(text.hasSuffix("\n") ? "" : "\n")".utf8))
            await Task.yield()
        }
        print("Behaviour corpus: wrote \(CorpusFile.sequences) canonical texts to \(url.path)")
    }

    /// `Tests/Corpus/random-sequences.txt`, found from this file's path.
    static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus").appendingPathComponent("random-sequences.txt")
}

/// `Tests/Corpus/random-sequences.txt`: comment lines (`#`), `base` and `steps` lines that say
/// which sequences the seeds name, then `<seed> <hash>` a line, the hash in 16 hexadecimal digits.
struct CorpusFile {
    /// The randomized suite's base seed: the corpus's first 1,000 seeds are the suite's sequences.
    static let base = RandomizedSettings.defaultBase
    static let sequences = 10_000

    struct FormatError: Error, CustomStringConvertible {
        let line: String
        var description: String { "Tests/Corpus/random-sequences.txt: cannot read the line \"\(line)\"" }
    }

    var base = CorpusFile.base
    var steps = CorpusSequence.steps
    var entries: [(seed: UInt64, hash: UInt64)]

    init(entries: [(seed: UInt64, hash: UInt64)]) {
        self.entries = entries
    }

    init(text: String) throws {
        entries = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 else { throw FormatError(line: String(line)) }
            switch fields[0] {
            case "base": base = try UInt64(fields[1]) ?? { throw FormatError(line: String(line)) }()
            case "steps": steps = try Int(fields[1]) ?? { throw FormatError(line: String(line)) }()
            default:
                guard let seed = UInt64(fields[0]), let hash = UInt64(fields[1], radix: 16) else {
                    throw FormatError(line: String(line))
                }
                entries.append((seed, hash))
            }
        }
    }

    var text: String {
        let header = """
            # ContainerKit behaviour corpus (issue 20): for each seeded random sequence of the randomized
            # suite (SeededGenerator.sequenceSeed(base:index:), index 0 up, `steps` steps each), the FNV-1a 64
            # hash of its canonical text: transcript lines, contract violations (kind, severity, controllers)
            # and end state (Tests/ContainerKitTests/Corpus/CorpusSequence.swift).
            # Checked by BehaviourCorpusTests. Print one seed's text: CONTAINERKIT_SEED=<seed> swift test
            # --filter BehaviourCorpusTests. Regenerate, only for a change of behaviour the spec allows:
            # CONTAINERKIT_UPDATE_CORPUS=1 swift test --filter BehaviourCorpusTests
            base \(base)
            steps \(steps)

            """
        return header + entries.map { "\($0.seed) \(FNV1a64.hex($0.hash))\n" }.joined()
    }
}
