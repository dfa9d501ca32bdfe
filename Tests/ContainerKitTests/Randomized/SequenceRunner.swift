import ContainerKit

/// Where a sequence broke an invariant.
struct SequenceFailure {
    /// The index of the failing step among the steps run; -1 for the setup, the number of steps
    /// for the teardown.
    let step: Int
    let failure: InvariantFailure
}

/// What one sequence did.
struct SequenceOutcome {
    var stepsRun = 0
    var stepsSkipped = 0
    var quiescentSteps = 0
    /// Armed operations that ran inside a callback, and those that named nothing then.
    var armedRuns = 0
    var armedSkips = 0
    var violations: [String: Int] = [:]
    /// How many steps each known-bug guard skipped.
    var guardedSkips: [String: Int] = [:]
    var failure: SequenceFailure?
}

/// What a run keeps for the behaviour corpus (`Tests/ContainerKitTests/Corpus`).
@MainActor
final class SequenceRecording {
    /// Every event, violation and mark of the run, in order.
    var history: [RandomEventLog.HistoryItem] = []
    /// The world after the last step, one fact a line; the runner marks the lines in the history
    /// before the teardown (when no invariant broke).
    let renderEndState: (RandomWorld) -> [String]

    init(renderEndState: @escaping (RandomWorld) -> [String]) {
        self.renderEndState = renderEndState
    }
}

/// Runs sequences of operations on fresh worlds, checking every invariant after every step.
@MainActor
enum SequenceRunner {
    /// The operations of the sequence `seed` names.
    static func operations(seed: UInt64, count: Int) -> [Operation] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in Operation.random(using: &generator) }
    }

    /// Runs `operations` on a fresh world built for `seed`, then tears the world down and checks
    /// that everything was deallocated. `trace` hears each step's label and, when given, the
    /// events it delivered.
    /// `recording`, when given, keeps the run's history and end state for the behaviour corpus.
    static func run(
        seed: UInt64, operations: [Operation],
        trace: ((_ step: Int, _ label: String, _ events: [String]) -> Void)? = nil,
        recording: SequenceRecording? = nil
    ) -> SequenceOutcome {
        let log = RandomEventLog(keepingHistory: recording != nil)
        defer { recording?.history = log.history }
        return ContractViolation.withHandler(log.violationHandler) {
            LifecycleObservation.observe(with: log) {
                var outcome = SequenceOutcome()
                let survivors = runAndRelease(
                    seed: seed, operations: operations, log: log, outcome: &outcome, trace: trace,
                    recording: recording)
                if outcome.failure == nil {
                    let alive = survivors.compactMap { $0.object == nil ? nil : $0.name }
                    if !alive.isEmpty {
                        outcome.failure = SequenceFailure(
                            step: operations.count,
                            failure: InvariantFailure(
                                invariant: InvariantChecker.teardown,
                                message: "after the window's root was removed and every reference dropped, still "
                                    + "alive: \(alive.joined(separator: ", "))"))
                    }
                }
                return outcome
            }
        }
    }

    /// A weak reference, named for the message.
    struct Survivor {
        weak var object: AnyObject?
        let name: String
    }

    /// Builds the world, runs the steps, tears it down; returns weak references to all it built
    /// (none when an invariant broke on the way).
    private static func runAndRelease(
        seed: UInt64, operations: [Operation], log: RandomEventLog, outcome: inout SequenceOutcome,
        trace: ((Int, String, [String]) -> Void)?, recording: SequenceRecording?
    ) -> [Survivor] {
        log.mark("setup")
        let world = RandomWorld(configuration: RandomWorld.Configuration(seed: seed), log: log)
        let checker = InvariantChecker(world: world)
        world.checker = checker
        let survivors: [Survivor] = []  // what a failing sequence returns: no deallocation check then
        func fail(_ step: Int, _ failure: InvariantFailure?) -> Bool {
            guard let failure else { return false }
            outcome.failure = SequenceFailure(step: step, failure: failure)
            return true
        }
        let setupViolations = log.takeViolations()
        if !setupViolations.isEmpty {
            _ = fail(-1, InvariantFailure(invariant: "setup", message: "the setup reported \(setupViolations)"))
            return survivors
        }
        if fail(-1, checker.absorb(log.takeEntries()) ?? checker.check()) { return survivors }

        for (index, operation) in operations.enumerated() {
            CrashReporter.reach(step: index)
            guard let step = world.prepare(operation) else {
                log.mark("step \(index): skipped \(operation.swiftSource): \(world.skipReason)")
                outcome.stepsSkipped += 1
                trace?(index, "skipped \(operation.swiftSource): \(world.skipReason)", [])
                continue
            }
            outcome.stepsRun += 1
            log.mark("step \(index): \(step.label)")
            if fail(index, checker.absorb(log.takeEntries())) { return survivors }
            tally(log.takeViolations(), into: &outcome)
            let before = step.isSingleCall || step.mustChangeNothing ? checker.snapshot() : nil
            // A step that must fire nothing fires no hook either: a callback called directly would.
            world.hooksMayFire = !step.mustChangeNothing && !step.firesNoHooks
            world.topLevelOperation = operation
            world.topLevelFacts = step.facts
            step.run()
            world.topLevelOperation = nil
            world.topLevelFacts = nil
            world.hooksMayFire = false
            let armedRuns = world.takeArmedRuns()
            let entries = log.takeEntries()
            let violations = log.takeViolations()
            tally(violations, into: &outcome)
            for run in armedRuns {
                if run.label.hasPrefix("skipped ") { outcome.armedSkips += 1 } else { outcome.armedRuns += 1 }
            }
            trace?(index, step.label, traceLines(entries, violations, armedRuns))
            if fail(index, checker.absorb(entries)) { return survivors }
            if fail(index, armedRuns.lazy.compactMap(\.failure).first) { return survivors }
            // The events and violations of armed operations are theirs, checked inside the callback.
            // A refused call delivers no callback, so an armed operation ran inside one only when the
            // call invoked an override directly (`a.willMove(toParent: nil)` by hand): the app code
            // in it may change the world, so the snapshots are not compared then, only the events.
            let ownEntries = entries.indices.filter { index in !armedRuns.contains { $0.entries.contains(index) } }
            let own = violations.indices.filter { index in !armedRuns.contains { $0.violations.contains(index) } }
            if step.isSingleCall || step.mustChangeNothing,
                fail(
                    index,
                    refusalProblem(
                        step, before: armedRuns.isEmpty ? before : nil, checker: checker,
                        ownEntries.map { entries[$0] }, own.map { violations[$0] }))
            {
                return survivors
            }
            world.pruneGestures()
            if fail(index, checker.check()) { return survivors }
            if world.isQuiescent { outcome.quiescentSteps += 1 }
        }

        CrashReporter.reach(step: operations.count)
        if let recording {
            log.mark("end state")
            for line in recording.renderEndState(world) { log.mark("  \(line)") }
        }
        log.mark("teardown")
        outcome.guardedSkips = world.guardedSkips
        world.disarmAll()
        world.settle(endingGestures: true)
        world.window.rootController = nil
        world.window.isHidden = true
        world.window.runUntilIdle()
        tally(log.takeViolations(), into: &outcome)
        if fail(operations.count, checker.absorb(log.takeEntries())) { return survivors }
        return world.controllers.map { Survivor(object: $0, name: "\($0.id)") }
            + world.controllers.compactMap { controller in
                controller.viewIfLoaded.map { Survivor(object: $0, name: "\(controller.id).view") }
            }
            + world.plainViews.map { Survivor(object: $0, name: $0.name ?? "a plain view") }
            + [Survivor(object: world.window, name: "window")] + world.droppedWindows
    }

    /// A refused call (a fault), or a call the spec says changes nothing, changed nothing (compared
    /// with `before`, when given) and fired no callback.
    static func refusalProblem(
        _ step: PreparedStep, before: WorldSnapshot?, checker: InvariantChecker, _ entries: [RandomEventLog.Entry],
        _ violations: [ContractViolation]
    ) -> InvariantFailure? {
        // A request made during a swipe back is checked when the gesture ends, by whatever call ends
        // it (ENGINE FINDING N): such a refusal is not this call's.
        let deferredNavigationRefusals: Set<ContractViolation.Kind> = [
            .pushingControllerWithParent, .pushingControllerInStack, .pushingNavigationController,
            .poppingToControllerNotInStack,
        ]
        let fault = violations.first {
            $0.severity == .fault && (step.isNavigationRequest || !deferredNavigationRefusals.contains($0.kind))
        }
        guard step.mustChangeNothing || (step.isSingleCall && fault != nil) else { return nil }
        let why =
            fault.map { "was refused (\($0.kind.rawValue): \($0.message))" }
            ?? "should change nothing (\(violations.map(\.kind.rawValue).joined(separator: ", ")))"
        let callbacks = entries.filter { !$0.event.isQuestion }
        if !callbacks.isEmpty {
            return InvariantFailure(
                invariant: InvariantChecker.refusal,
                message: "\(step.label) \(why), yet fired \(callbacks.map { "\($0.event)" }.joined(separator: ", "))")
        }
        if let before, let difference = checker.difference(before, checker.snapshot()) {
            return InvariantFailure(
                invariant: InvariantChecker.refusal, message: "\(step.label) \(why), yet changed:\n\(difference)")
        }
        return nil
    }

    /// The events and violations of a step, one a line, with the armed operations run inside its
    /// callbacks marked where they began (`↪`) and ended (`↩`).
    private static func traceLines(
        _ entries: [RandomEventLog.Entry], _ violations: [ContractViolation], _ armedRuns: [ArmedRun]
    ) -> [String] {
        var lines = entries.map { "\($0.event)" }
        for run in armedRuns.reversed() {
            lines.insert("↩ end of \(run.callback)", at: run.entries.upperBound)
            lines.insert("↪ inside \(run.callback): \(run.label)", at: run.entries.lowerBound)
        }
        return lines + violations.map { "! \($0)" }
    }

    private static func tally(_ violations: [ContractViolation], into outcome: inout SequenceOutcome) {
        for violation in violations {
            outcome.violations["\(violation.kind.rawValue) (\(violation.severity.rawValue))", default: 0] += 1
        }
    }

    // MARK: - Shrinking

    /// The smallest subsequence of `operations` (as indices) found that still breaks the same
    /// invariant: chunks, then single steps, are removed while the failure reproduces.
    static func shrink(seed: UInt64, operations: [Operation], failure: SequenceFailure, budget: Int = 1_500) -> [Int] {
        var kept = Array(operations.indices.prefix(max(0, failure.step + 1)))
        var runs = 0
        func reproduces(_ candidate: [Int]) -> Int? {
            runs += 1
            let outcome = run(seed: seed, operations: candidate.map { operations[$0] })
            guard let found = outcome.failure, found.failure.invariant == failure.failure.invariant else { return nil }
            return found.step
        }
        var chunk = max(1, kept.count / 2)
        while runs < budget {
            var removed = false
            var start = 0
            while start < kept.count, runs < budget {
                let end = min(kept.count, start + chunk)
                let candidate = Array(kept[..<start] + kept[end...])
                if let step = reproduces(candidate) {
                    kept = Array(candidate.prefix(step + 1))
                    removed = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 {
                if !removed { break }
            } else {
                chunk = max(1, chunk / 2)
            }
        }
        return kept
    }
}
