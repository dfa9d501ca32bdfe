import ContainerKit

/// A leaf of the random world: a plain controller that a ``Operation/reenter(_:callback:then:)``
/// step can arm to run one operation from inside the next callback of one kind it gets.
///
/// The hook runs after `super`, as an app's override would (and as ``SpyController``'s `on…` hooks
/// do), so the engine has already reported the callback's event when the armed operation starts.
/// It holds the world weakly and the operation as a value: an armed hook keeps nothing alive.
final class RandomLeaf: Controller {
    /// The world that runs the armed operation.
    weak var world: RandomWorld?
    /// The callback that fires the hook, and the operation it runs; cleared when it fires.
    var armed: (callback: HookedCallback, operation: Operation)?

    override func viewDidLoad() {
        super.viewDidLoad()
        fire(.viewDidLoad)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        fire(.viewWillAppear)
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        fire(.viewIsAppearing)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fire(.viewDidAppear)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        fire(.viewWillDisappear)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        fire(.viewDidDisappear)
    }

    override func willMove(toParent parent: ContainerController?) {
        super.willMove(toParent: parent)
        fire(.willMove)
    }

    override func didMove(toParent parent: ContainerController?) {
        super.didMove(toParent: parent)
        fire(.didMove)
    }

    /// Runs the armed operation if `callback` is the one armed and the world lets hooks fire now.
    /// A hook that may not fire now stays armed.
    private func fire(_ callback: HookedCallback) {
        guard let armed, armed.callback == callback, let world, world.hooksMayFire else { return }
        self.armed = nil
        world.runArmed(armed.operation, inside: callback, of: self)
    }
}

/// An armed operation that ran inside a callback, as the step that fired it reports it.
struct ArmedRun {
    /// `a.viewWillAppear(_:)`.
    let callback: String
    /// What ran (the step's label), or why nothing did.
    let label: String
    /// The events delivered and the violations reported from the start of the armed operation to
    /// its end, as indices among those of the step that fired it.
    let entries: Range<Int>
    let violations: Range<Int>
    /// The invariant the operation broke, checked inside the callback.
    let failure: InvariantFailure?
}

/// Re-entrancy: arming a leaf, and running its operation from inside the callback.
///
/// Which checks hold inside a callback:
/// - **A refused call changes nothing** (§11) is checked around the armed operation itself, with
///   snapshots taken inside the callback just before and just after it: a refused call returns
///   before it changes anything, wherever it is made, and no other code runs between the two
///   snapshots (hooks do not fire inside an armed operation). The same holds for a call the spec
///   says changes nothing. The violations the armed operation reports are its own: the step that
///   fired the hook does not count them as its refusal. A refused top-level call delivers no
///   callback, so a hook fires inside one only when the call invoked an override directly
///   (`a.willMove(toParent: nil)` by hand): its app code may change the world, so that step's
///   snapshots are not compared, only its own events (SequenceRunner). Steps that must change
///   nothing, and the by-hand appearance bounce, fire no hook at all.
/// - **Arming** changes nothing: a `reenter` step must change nothing and fire nothing.
/// - **Tree consistency** (parents and children, superviews and subviews, presentations) is checked
///   right after the armed operation, still inside the callback: the engine commits its state
///   before calling out (Reentrancy.md), so user code never sees the trees disagree.
/// - Not checked inside the callback: the appearance states against the callbacks, the placement
///   of root views, the built-in containers' lists, and whatever needs the turn over. The engine
///   is in the middle of the step that delivers the callback: a navigation stack already holds a
///   controller whose `willMove(toParent:)` is running and that has not joined the children yet
///   (R1), and a view is placed after its controller's move begins. They are checked after the
///   top-level step, as after any step. Where root views and parents are is noted before and after
///   the armed operation, so that the placement check after the step knows whether a view moved
///   before or after its controller changed parents (R4 moves no view).
/// - **The §3 state machine and R7 move pairing** are checked on every event in delivery order,
///   the armed operation's included, when the step that fired the hook ends: an event inside the
///   callback is checked against what came before it, wherever it came from.
extension RandomWorld {
    /// Prepares a `reenter` step: arms a leaf, and changes nothing else.
    func prepareReentry(_ operation: Operation) -> PreparedStep? {
        guard case .reenter(let pick, let callback, let nested) = operation else {
            preconditionFailure("\(operation) is not a re-entrant operation")
        }
        guard let leaf = resolve(pick) as? RandomLeaf else { return nil }
        var step = PreparedStep(
            label: "arm \(leaf.id): in its next \(callback.name), \(nested.swiftSource)", isSingleCall: false
        ) { leaf.armed = (callback, nested) }
        step.mustChangeNothing = true
        return step
    }

    /// Runs `operation` from inside `callback`: prepares it against the world as it is now, runs
    /// it, and checks what holds inside a callback (see the extension's discussion). Records an
    /// ``ArmedRun`` for the step that fired the hook.
    func runArmed(_ operation: Operation, inside hooked: HookedCallback, of leaf: Controller) {
        let callback = "\(leaf.id).\(hooked.name)"
        hooksMayFire = false
        armedCallback = hooked
        defer {
            hooksMayFire = true
            armedCallback = nil
        }
        let start = log.counts
        log.mark("↪ inside \(callback)")
        func record(_ label: String, failure: InvariantFailure? = nil) {
            log.mark("↩ end of \(callback): \(label)")
            let end = log.counts
            armedRuns.append(
                ArmedRun(
                    callback: callback, label: label, entries: start.entries..<end.entries,
                    violations: start.violations..<end.violations, failure: failure))
        }
        guard let step = prepare(operation) else {
            record("skipped \(operation.swiftSource): \(skipReason)")
            return
        }
        let mark = log.counts
        let before = step.isSingleCall || step.mustChangeNothing ? checker?.snapshot() : nil
        checker?.notePlacements()
        step.run()
        checker?.notePlacements()
        var failure: InvariantFailure?
        if let checker {
            if let before {
                failure = SequenceRunner.refusalProblem(
                    step, before: before, checker: checker, log.entries(since: mark.entries),
                    log.violations(since: mark.violations))
            }
            failure = failure ?? checker.treeProblem()
        }
        record(
            step.label,
            failure: failure.map {
                InvariantFailure(invariant: $0.invariant, message: "inside \(callback), \($0.message)")
            })
    }

    /// Disarms every leaf, and lets no hook fire until the next step.
    func disarmAll() {
        hooksMayFire = false
        for leaf in leaves { leaf.armed = nil }
    }

    /// The armed operations run during the step, and forgets them.
    func takeArmedRuns() -> [ArmedRun] {
        defer { armedRuns.removeAll() }
        return armedRuns
    }
}
