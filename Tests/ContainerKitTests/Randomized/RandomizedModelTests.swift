import ContainerKit
import Foundation
import Testing

/// Randomized model-based testing: sequences of every public mutating operation, misuse included,
/// over a small world (``RandomWorld``), with the invariants of ``InvariantChecker`` checked after
/// every step and everything deallocated at the end.
///
/// - `swift test` runs ``RandomizedSettings/sequences`` sequences of ``RandomizedSettings/steps``
///   steps from a fixed base seed.
/// - `CONTAINERKIT_SEED=<seed>` replays one sequence (`CONTAINERKIT_KEEP=0,3,7-9` keeps only those
///   steps, as a failure prints them; `CONTAINERKIT_VERBOSE=1` prints each step and its events).
/// - `CONTAINERKIT_SOAK=1` (optionally `CONTAINERKIT_SOAK_STEPS=N`, default 1,000,000) runs random
///   sequences from a random base seed until that many steps have run, and prints its figures.
///
/// A failure records the seed, the shrunk sequence and the invariant's message.
@Suite @MainActor struct RandomizedModelTests {
    nonisolated static let settings = RandomizedSettings(environment: ProcessInfo.processInfo.environment)

    /// Async, and yields the main actor between sequences, so that other main-actor tests running
    /// in parallel (those awaiting an animation, say) are not starved for the whole run.
    @Test(.disabled(if: settings.soak))
    func randomSequencesKeepEveryInvariant() async {
        let settings = Self.settings
        CrashReporter.install()
        if let seed = settings.seed {
            replay(seed: seed)
            return
        }
        let clock = ContinuousClock()
        let start = clock.now
        var steps = 0
        for index in 0..<settings.sequences {
            let seed = SeededGenerator.sequenceSeed(
                base: settings.baseSeed ?? RandomizedSettings.defaultBase, index: index)
            let operations = SequenceRunner.operations(seed: seed, count: settings.steps)
            let outcome = run(seed: seed, operations)
            steps += outcome.stepsRun + outcome.stepsSkipped
            if let failure = outcome.failure {
                report(seed: seed, operations: operations, failure: failure)
                return
            }
            await Task.yield()
        }
        print(
            "Randomized: \(settings.sequences) sequences, \(steps) steps, every invariant held "
                + "(\(Self.seconds(clock.now - start)) s)")
    }

    @Test(.enabled(if: settings.soak))
    func soak() {
        let settings = Self.settings
        CrashReporter.install()
        var base = settings.baseSeed ?? UInt64.random(in: 1...UInt64(Int64.max))
        base &= UInt64(Int64.max)
        print("ContainerKit randomized soak: CONTAINERKIT_BASE_SEED=\(base), \(settings.soakSteps) steps")
        let clock = ContinuousClock()
        let start = clock.now
        var figures = SoakFigures()
        var reported = Set<String>()
        var index = 0
        while figures.steps < settings.soakSteps {
            let seed = SeededGenerator.sequenceSeed(base: base, index: index)
            index += 1
            let operations = SequenceRunner.operations(seed: seed, count: settings.steps)
            let outcome = run(seed: seed, operations)
            figures.add(outcome)
            if let failure = outcome.failure {
                // One report for each invariant broken by each kind of operation.
                let key = "\(failure.failure.invariant), by \(Self.kind(of: failure, in: operations))"
                figures.failures[key, default: 0] += 1
                if reported.count < 20, reported.insert(key).inserted {
                    report(seed: seed, operations: operations, failure: failure)
                }
            }
        }
        print(figures.summary(base: base, elapsed: Self.seconds(clock.now - start)))
    }

    // MARK: - Running and reporting

    private func run(seed: UInt64, _ operations: [Operation]) -> SequenceOutcome {
        CrashReporter.start(seed: seed)
        defer { CrashReporter.stop() }
        return SequenceRunner.run(seed: seed, operations: operations)
    }

    private func replay(seed: UInt64) {
        let settings = Self.settings
        let all = SequenceRunner.operations(seed: seed, count: settings.steps)
        let kept = settings.keep?.filter { all.indices.contains($0) } ?? Array(all.indices)
        let operations = kept.map { all[$0] }
        print("Replaying seed \(seed) (\(RandomWorld.Configuration(seed: seed))), \(operations.count) steps")
        CrashReporter.start(seed: seed)
        let outcome = SequenceRunner.run(seed: seed, operations: operations) { step, label, events in
            guard settings.verbose else { return }
            print("\(kept[step]). \(label)    // \(all[kept[step]].swiftSource)")
            for event in events { print("     \(event)") }
        }
        CrashReporter.stop()
        if let failure = outcome.failure {
            report(seed: seed, operations: all, kept: kept, failure: failure)
        } else {
            print("Seed \(seed): every invariant held (\(outcome.stepsRun) steps run, \(outcome.stepsSkipped) skipped)")
        }
    }

    /// Shrinks the failing sequence and records an issue with the seed, the steps left and the
    /// invariant's message.
    private func report(seed: UInt64, operations all: [Operation], kept: [Int]? = nil, failure: SequenceFailure) {
        let kept = kept ?? Array(all.indices)
        let operations = kept.map { all[$0] }
        CrashReporter.start(seed: seed)
        let shrunk = SequenceRunner.shrink(seed: seed, operations: operations, failure: failure).map { kept[$0] }
        var lines: [String] = []
        var failingEvents: [String] = []
        let outcome = SequenceRunner.run(seed: seed, operations: shrunk.map { all[$0] }) { step, label, events in
            lines.append("  \(shrunk[step]). \(label)    // \(all[shrunk[step]].swiftSource)")
            failingEvents = events
        }
        CrashReporter.stop()
        let final = outcome.failure ?? failure
        let events = failingEvents.isEmpty ? "  (none)" : failingEvents.map { "  \($0)" }.joined(separator: "\n")
        let message = """
            Randomized model test: \(final.failure.invariant) broken \
            \(final.step < 0 ? "by the setup" : final.step >= shrunk.count ? "after the teardown" : "at the last step").
            \(final.failure.message)
            Seed \(seed) (\(RandomWorld.Configuration(seed: seed))); shrunk from \(kept.count) to \(shrunk.count) steps:
            \(lines.joined(separator: "\n"))
            Events and violations of the last step:
            \(events)
            Replay: CONTAINERKIT_SEED=\(seed) CONTAINERKIT_KEEP=\(RandomizedSettings.ranges(shrunk)) \
            CONTAINERKIT_VERBOSE=1 swift test --filter Randomized
            """
        Issue.record(Comment(rawValue: message))
    }

    /// The name of the operation a failure came after: `push`, `runUntilIdle`, `the setup`, …
    static func kind(of failure: SequenceFailure, in operations: [Operation]) -> String {
        guard operations.indices.contains(failure.step) else { return failure.step < 0 ? "the setup" : "the teardown" }
        let source = operations[failure.step].swiftSource.dropFirst()
        return String(source.prefix { $0 != "(" })
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f", Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// What the environment asks of a randomized run.
struct RandomizedSettings: Sendable {
    static let defaultBase: UInt64 = 0xC0_4717_E5_2025

    var seed: UInt64?
    var keep: [Int]?
    var steps = 100
    var sequences = 1_000
    var baseSeed: UInt64?
    var soak = false
    var soakSteps = 1_000_000
    var verbose = false

    init(environment: [String: String]) {
        seed = environment["CONTAINERKIT_SEED"].flatMap { UInt64($0) }
        keep = environment["CONTAINERKIT_KEEP"].map(Self.parseRanges)
        steps = environment["CONTAINERKIT_STEPS"].flatMap { Int($0) } ?? steps
        sequences = environment["CONTAINERKIT_SEQUENCES"].flatMap { Int($0) } ?? sequences
        baseSeed = environment["CONTAINERKIT_BASE_SEED"].flatMap { UInt64($0) }
        soak = environment["CONTAINERKIT_SOAK"].map { $0 != "0" && !$0.isEmpty } ?? false
        soakSteps = environment["CONTAINERKIT_SOAK_STEPS"].flatMap { Int($0) } ?? soakSteps
        verbose = environment["CONTAINERKIT_VERBOSE"].map { $0 != "0" && !$0.isEmpty } ?? false
    }

    /// `0,3,7-9` → `[0, 3, 7, 8, 9]`.
    static func parseRanges(_ text: String) -> [Int] {
        text.split(separator: ",").flatMap { part -> [Int] in
            let bounds = part.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let first = bounds.first else { return [] }
            return Array(first...(bounds.count > 1 ? max(first, bounds[1]) : first))
        }
    }

    /// `[0, 3, 7, 8, 9]` → `0,3,7-9`.
    static func ranges(_ indices: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < indices.count {
            var end = index
            while end + 1 < indices.count, indices[end + 1] == indices[end] + 1 { end += 1 }
            parts.append(end == index ? "\(indices[index])" : "\(indices[index])-\(indices[end])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}

/// The figures a soak run prints.
struct SoakFigures {
    var sequences = 0
    var steps = 0
    var stepsRun = 0
    var quiescentSteps = 0
    var armedRuns = 0
    var armedSkips = 0
    var violations: [String: Int] = [:]
    var guardedSkips: [String: Int] = [:]
    var failures: [String: Int] = [:]

    mutating func add(_ outcome: SequenceOutcome) {
        sequences += 1
        steps += outcome.stepsRun + outcome.stepsSkipped
        stepsRun += outcome.stepsRun
        quiescentSteps += outcome.quiescentSteps
        armedRuns += outcome.armedRuns
        armedSkips += outcome.armedSkips
        violations.merge(outcome.violations, uniquingKeysWith: +)
        guardedSkips.merge(outcome.guardedSkips, uniquingKeysWith: +)
    }

    func summary(base: UInt64, elapsed: String) -> String {
        let violationLines = violations.sorted { $0.value > $1.value }.map { "    \($0.key): \($0.value)" }
        let guardLines = guardedSkips.sorted { $0.key < $1.key }.map { "    \($0.key): \($0.value)" }
        let failureLines = failures.sorted { $0.value > $1.value }.map { "    \($0.key): \($0.value)" }
        return """
            ContainerKit randomized soak (CONTAINERKIT_BASE_SEED=\(base))
              time: \(elapsed) s
              sequences: \(sequences)
              steps: \(steps) (\(stepsRun) ran; \(steps - stepsRun) skipped: they named nothing that exists, or a guard below)
              steps ending with the turn over (quiescent checks): \(quiescentSteps)
              re-entrant steps: \(armedRuns) run inside a callback by an armed hook (\(armedSkips) more skipped: named nothing then, or a guard)
              contract violations reported by the engine, by kind: \(violations.values.reduce(0, +))
            \(violationLines.joined(separator: "\n"))
              steps skipped by the guards of known engine bugs: \(guardedSkips.values.reduce(0, +))
            \(guardLines.isEmpty ? "    none" : guardLines.joined(separator: "\n"))
              sequences that broke an invariant: \(failures.values.reduce(0, +))
            \(failureLines.isEmpty ? "    none" : failureLines.joined(separator: "\n"))
            """
    }
}
