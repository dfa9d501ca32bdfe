import ContainerKit
import Testing

// Table-driven tests of the three value state machines: every (state, event) pair, with the exact
// action each event returns and the state it leaves (spec lifecycle.md §2 R1–R8, §3, F3).
// Every state is reached by driving events from a fresh machine.

// MARK: - Fixtures

private typealias BeginAction = AppearanceStateMachine.BeginAction
private typealias EndAction = AppearanceStateMachine.EndAction
private typealias Containment = ContainmentStateMachine.State
private typealias AddAction = ContainmentStateMachine.AddAction
private typealias RemoveAction = ContainmentStateMachine.RemoveAction
private typealias MoveAction = ContainmentStateMachine.MoveAction
private typealias ViewLoading = ViewLoadingStateMachine.State

/// The parents the containment tables move children between.
private enum Parents {
    static let p = ControllerID(serial: 1, name: "p", typeName: "ContainerController")
    static let q = ControllerID(serial: 2, name: "q", typeName: "ContainerController")
    /// Another controller that shares `p`'s name: a parent is its identity, not its name.
    static let pTwin = ControllerID(serial: 3, name: "p", typeName: "ContainerController")
}

private func label(_ id: ControllerID?) -> String {
    guard let id else { return "nil" }
    return "\(id)#\(id.serial)"
}

private func label(_ state: Containment) -> String {
    switch state {
    case .detached: "detached"
    case .attaching(let parent): "attaching(\(label(parent)))"
    case .attached(let parent): "attached(\(label(parent)))"
    case .detaching(let parent): "detaching(\(label(parent)))"
    }
}

// MARK: - Appearance fixtures

/// A fresh machine driven by manual calls into `state`.
///
/// The last begin on the way uses `animated`, so a later `end()` shows it; an appearing machine
/// has had its `viewIsAppearing` sent when `viewIsAppearingSent`.
private func appearance(
    in state: AppearanceState, animated: Bool = false, viewIsAppearingSent: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) -> AppearanceStateMachine {
    var machine = AppearanceStateMachine()
    switch state {
    case .disappeared:
        break
    case .appearing:
        _ = machine.begin(appearing: true, animated: animated)
        if viewIsAppearingSent { machine.noteViewIsAppearingSent() }
    case .appeared:
        _ = machine.begin(appearing: true, animated: animated)
        _ = machine.end()
    case .disappearing:
        _ = machine.begin(appearing: true, animated: !animated)
        _ = machine.end()
        _ = machine.begin(appearing: false, animated: animated)
    }
    #expect(machine.appearanceState == state, "setup of \(state)", sourceLocation: sourceLocation)
    return machine
}

/// One cell of a begin table: `begin` or `drive` toward `appearing` from `state`.
private struct BeginCell: Sendable, CustomTestStringConvertible {
    /// The state the machine is driven into; its last begin used the opposite of `animated`.
    let state: AppearanceState
    let appearing: Bool
    let animated: Bool
    let expected: BeginAction
    let after: AppearanceState
    /// What a manual `end()` returns next: it shows the animated flag kept.
    let thenEnd: EndAction
    var call = "begin"

    var testDescription: String { "\(state) + \(call)(appearing: \(appearing), animated: \(animated))" }

    /// Spec §3, all eight begin cells; an unbalanced cell reports the current state and changes nothing.
    static let manual: [BeginCell] = [false, true].flatMap { a in
        [
            BeginCell(
                state: .disappeared, appearing: true, animated: a,
                expected: .callViewWillAppear(animated: a), after: .appearing,
                thenEnd: .callViewDidAppear(animated: a, viewIsAppearingFirst: true)),
            BeginCell(
                state: .disappeared, appearing: false, animated: a,
                expected: .reportUnbalanced(.disappeared), after: .disappeared,
                thenEnd: .reportUnbalanced(.disappeared)),
            BeginCell(
                state: .appearing, appearing: true, animated: a,
                expected: .reportUnbalanced(.appearing), after: .appearing,
                thenEnd: .callViewDidAppear(animated: !a, viewIsAppearingFirst: true)),
            BeginCell(
                state: .appearing, appearing: false, animated: a,
                expected: .callViewWillDisappear(animated: a), after: .disappearing,
                thenEnd: .callViewDidDisappear(animated: a)),
            BeginCell(
                state: .appeared, appearing: true, animated: a,
                expected: .reportUnbalanced(.appeared), after: .appeared,
                thenEnd: .reportUnbalanced(.appeared)),
            BeginCell(
                state: .appeared, appearing: false, animated: a,
                expected: .callViewWillDisappear(animated: a), after: .disappearing,
                thenEnd: .callViewDidDisappear(animated: a)),
            BeginCell(
                state: .disappearing, appearing: true, animated: a,
                expected: .callViewWillAppear(animated: a), after: .appearing,
                thenEnd: .callViewDidAppear(animated: a, viewIsAppearingFirst: true)),
            BeginCell(
                state: .disappearing, appearing: false, animated: a,
                expected: .reportUnbalanced(.disappearing), after: .disappearing,
                thenEnd: .callViewDidDisappear(animated: !a)),
        ]
    }

    /// F3: automatic driving skips (state unchanged) where the manual table reports unbalanced.
    static let automatic: [BeginCell] = [false, true].flatMap { a in
        [
            BeginCell(
                state: .disappeared, appearing: true, animated: a,
                expected: .callViewWillAppear(animated: a), after: .appearing,
                thenEnd: .callViewDidAppear(animated: a, viewIsAppearingFirst: true), call: "drive"),
            BeginCell(
                state: .disappeared, appearing: false, animated: a,
                expected: .skip, after: .disappeared,
                thenEnd: .reportUnbalanced(.disappeared), call: "drive"),
            BeginCell(
                state: .appearing, appearing: true, animated: a,
                expected: .skip, after: .appearing,
                thenEnd: .callViewDidAppear(animated: !a, viewIsAppearingFirst: true), call: "drive"),
            BeginCell(
                state: .appearing, appearing: false, animated: a,
                expected: .callViewWillDisappear(animated: a), after: .disappearing,
                thenEnd: .callViewDidDisappear(animated: a), call: "drive"),
            BeginCell(
                state: .appeared, appearing: true, animated: a,
                expected: .skip, after: .appeared,
                thenEnd: .reportUnbalanced(.appeared), call: "drive"),
            BeginCell(
                state: .appeared, appearing: false, animated: a,
                expected: .callViewWillDisappear(animated: a), after: .disappearing,
                thenEnd: .callViewDidDisappear(animated: a), call: "drive"),
            BeginCell(
                state: .disappearing, appearing: true, animated: a,
                expected: .callViewWillAppear(animated: a), after: .appearing,
                thenEnd: .callViewDidAppear(animated: a, viewIsAppearingFirst: true), call: "drive"),
            BeginCell(
                state: .disappearing, appearing: false, animated: a,
                expected: .skip, after: .disappearing,
                thenEnd: .callViewDidDisappear(animated: !a), call: "drive"),
        ]
    }
}

/// One cell of an end table: a manual `end()` (`direction == nil`) or `driveEnd(appearing: direction)`.
private struct EndCell: Sendable, CustomTestStringConvertible {
    let state: AppearanceState
    let direction: Bool?
    /// The `animated` flag of the last begin on the way to `state`.
    let animated: Bool
    let expected: EndAction
    let after: AppearanceState
    /// What a second, manual `end()` returns.
    let thenEnd: EndAction

    var testDescription: String {
        let call = direction.map { "driveEnd(appearing: \($0))" } ?? "end()"
        return "\(state) (reached with animated: \(animated)) + \(call)"
    }

    /// Spec §3, all four end cells: one end closes whatever is open.
    static let manual: [EndCell] = [false, true].flatMap { a in
        [
            EndCell(
                state: .disappeared, direction: nil, animated: a,
                expected: .reportUnbalanced(.disappeared), after: .disappeared,
                thenEnd: .reportUnbalanced(.disappeared)),
            EndCell(
                state: .appearing, direction: nil, animated: a,
                expected: .callViewDidAppear(animated: a, viewIsAppearingFirst: true), after: .appeared,
                thenEnd: .reportUnbalanced(.appeared)),
            EndCell(
                state: .appeared, direction: nil, animated: a,
                expected: .reportUnbalanced(.appeared), after: .appeared,
                thenEnd: .reportUnbalanced(.appeared)),
            EndCell(
                state: .disappearing, direction: nil, animated: a,
                expected: .callViewDidDisappear(animated: a), after: .disappeared,
                thenEnd: .reportUnbalanced(.disappeared)),
        ]
    }

    /// F3: an automatic end closes only a transition open in its own direction; everything else is skipped.
    static let automatic: [EndCell] = [false, true].flatMap { a in
        [
            EndCell(
                state: .disappeared, direction: true, animated: a,
                expected: .skip, after: .disappeared, thenEnd: .reportUnbalanced(.disappeared)),
            EndCell(
                state: .disappeared, direction: false, animated: a,
                expected: .skip, after: .disappeared, thenEnd: .reportUnbalanced(.disappeared)),
            EndCell(
                state: .appearing, direction: true, animated: a,
                expected: .callViewDidAppear(animated: a, viewIsAppearingFirst: true), after: .appeared,
                thenEnd: .reportUnbalanced(.appeared)),
            EndCell(
                state: .appearing, direction: false, animated: a,
                expected: .skip, after: .appearing,
                thenEnd: .callViewDidAppear(animated: a, viewIsAppearingFirst: true)),
            EndCell(
                state: .appeared, direction: true, animated: a,
                expected: .skip, after: .appeared, thenEnd: .reportUnbalanced(.appeared)),
            EndCell(
                state: .appeared, direction: false, animated: a,
                expected: .skip, after: .appeared, thenEnd: .reportUnbalanced(.appeared)),
            EndCell(
                state: .disappearing, direction: true, animated: a,
                expected: .skip, after: .disappearing, thenEnd: .callViewDidDisappear(animated: a)),
            EndCell(
                state: .disappearing, direction: false, animated: a,
                expected: .callViewDidDisappear(animated: a), after: .disappeared,
                thenEnd: .reportUnbalanced(.disappeared)),
        ]
    }
}

/// An appearance that starts from `from`, has its `viewIsAppearing` sent by a layout pass or not,
/// then ends.
private struct TimingCell: Sendable, CustomTestStringConvertible {
    let from: AppearanceState
    let automatic: Bool
    let animated: Bool
    let viewIsAppearingSent: Bool

    var testDescription: String {
        "\(from) + \(automatic ? "drive" : "begin")(animated: \(animated))"
            + (viewIsAppearingSent ? " + viewIsAppearing sent" : "") + " + end"
    }

    /// The end asks for `viewIsAppearing` first exactly when no layout pass sent it (spec §3).
    static let all: [TimingCell] = [false, true].flatMap { sent in
        [AppearanceState.disappeared, .disappearing].flatMap { from in
            [false, true].flatMap { automatic in
                [false, true].map { animated in
                    TimingCell(from: from, automatic: automatic, animated: animated, viewIsAppearingSent: sent)
                }
            }
        }
    }
}

/// One call on an appearance machine.
private enum AppearanceCall: Sendable, CustomStringConvertible {
    case begin(appearing: Bool, animated: Bool)
    case end
    case drive(appearing: Bool, animated: Bool)
    case driveEnd(appearing: Bool)
    /// A layout pass sends the open appearance's `viewIsAppearing` (``AppearanceStateMachine/noteViewIsAppearingSent()``).
    case viewIsAppearingSent

    var description: String {
        switch self {
        case .begin(let appearing, let animated): "begin(\(appearing), animated: \(animated))"
        case .end: "end()"
        case .drive(let appearing, let animated): "drive(\(appearing), animated: \(animated))"
        case .driveEnd(let appearing): "driveEnd(appearing: \(appearing))"
        case .viewIsAppearingSent: "viewIsAppearing sent"
        }
    }

    var isAutomatic: Bool {
        switch self {
        case .begin, .end, .viewIsAppearingSent: false
        case .drive, .driveEnd: true
        }
    }
}

/// What one ``AppearanceCall`` returned.
private enum AppearanceResult: Hashable, Sendable {
    case begin(BeginAction)
    case end(EndAction)
    /// The note of a `viewIsAppearing` sent; `awaited` says whether the open appearance awaited it.
    case noted(awaited: Bool)
}

/// Makes `call` on `machine` as the engine does.
private func perform(_ call: AppearanceCall, on machine: inout AppearanceStateMachine) -> AppearanceResult {
    switch call {
    case .begin(let appearing, let animated):
        return .begin(machine.begin(appearing: appearing, animated: animated))
    case .end:
        return .end(machine.end())
    case .drive(let appearing, let animated):
        return .begin(machine.drive(appearing: appearing, animated: animated))
    case .driveEnd(let appearing):
        return .end(machine.driveEnd(appearing: appearing))
    case .viewIsAppearingSent:
        let awaited = machine.awaitsViewIsAppearing
        machine.noteViewIsAppearingSent()
        return .noted(awaited: awaited)
    }
}

/// A call, the result it must return and the state it must leave.
private struct AppearanceStep: Sendable {
    let call: AppearanceCall
    let result: AppearanceResult
    let state: AppearanceState

    init(_ call: AppearanceCall, _ result: AppearanceResult, _ state: AppearanceState) {
        self.call = call
        self.result = result
        self.state = state
    }
}

private struct AppearanceScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let steps: [AppearanceStep]
    var testDescription: String { name }

    static let all: [AppearanceScenario] = [
        AppearanceScenario(
            name: "end() carries the animated flag of the latest begin (true, false, false)",
            steps: [
                AppearanceStep(
                    .begin(appearing: true, animated: true),
                    .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(
                    .begin(appearing: false, animated: false), .begin(.callViewWillDisappear(animated: false)),
                    .disappearing),
                AppearanceStep(
                    .begin(appearing: true, animated: false),
                    .begin(.callViewWillAppear(animated: false)), .appearing),
                AppearanceStep(
                    .end, .end(.callViewDidAppear(animated: false, viewIsAppearingFirst: true)), .appeared),
                // One end() closed everything: nothing is left open.
                AppearanceStep(.end, .end(.reportUnbalanced(.appeared)), .appeared),
            ]),
        AppearanceScenario(
            name: "end() carries the animated flag of the latest begin (false, true, true)",
            steps: [
                AppearanceStep(
                    .begin(appearing: true, animated: false),
                    .begin(.callViewWillAppear(animated: false)), .appearing),
                AppearanceStep(
                    .begin(appearing: false, animated: true), .begin(.callViewWillDisappear(animated: true)),
                    .disappearing),
                AppearanceStep(
                    .begin(appearing: true, animated: true),
                    .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(
                    .end, .end(.callViewDidAppear(animated: true, viewIsAppearingFirst: true)), .appeared),
                AppearanceStep(.end, .end(.reportUnbalanced(.appeared)), .appeared),
            ]),
        AppearanceScenario(
            name: "one end() closes a disappearance reversed twice, with the latest flag",
            steps: [
                AppearanceStep(
                    .begin(appearing: true, animated: false),
                    .begin(.callViewWillAppear(animated: false)), .appearing),
                AppearanceStep(
                    .end, .end(.callViewDidAppear(animated: false, viewIsAppearingFirst: true)), .appeared),
                AppearanceStep(
                    .begin(appearing: false, animated: true), .begin(.callViewWillDisappear(animated: true)),
                    .disappearing),
                AppearanceStep(
                    .begin(appearing: true, animated: true),
                    .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(
                    .begin(appearing: false, animated: false), .begin(.callViewWillDisappear(animated: false)),
                    .disappearing),
                AppearanceStep(.end, .end(.callViewDidDisappear(animated: false)), .disappeared),
                AppearanceStep(.end, .end(.reportUnbalanced(.disappeared)), .disappeared),
            ]),
        AppearanceScenario(
            name: "viewIsAppearing belongs to each appearance (sent, then not)",
            steps: [
                AppearanceStep(
                    .begin(appearing: true, animated: true), .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(.viewIsAppearingSent, .noted(awaited: true), .appearing),
                AppearanceStep(
                    .begin(appearing: false, animated: true), .begin(.callViewWillDisappear(animated: true)),
                    .disappearing),
                AppearanceStep(.viewIsAppearingSent, .noted(awaited: false), .disappearing),
                AppearanceStep(
                    .begin(appearing: true, animated: true),
                    .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(
                    .end, .end(.callViewDidAppear(animated: true, viewIsAppearingFirst: true)), .appeared),
            ]),
        AppearanceScenario(
            name: "viewIsAppearing belongs to each appearance (not sent, then sent)",
            steps: [
                AppearanceStep(
                    .begin(appearing: true, animated: false),
                    .begin(.callViewWillAppear(animated: false)), .appearing),
                AppearanceStep(
                    .begin(appearing: false, animated: false), .begin(.callViewWillDisappear(animated: false)),
                    .disappearing),
                AppearanceStep(
                    .begin(appearing: true, animated: false), .begin(.callViewWillAppear(animated: false)), .appearing),
                AppearanceStep(.viewIsAppearingSent, .noted(awaited: true), .appearing),
                AppearanceStep(.viewIsAppearingSent, .noted(awaited: false), .appearing),
                AppearanceStep(
                    .end, .end(.callViewDidAppear(animated: false, viewIsAppearingFirst: false)), .appeared),
            ]),
        AppearanceScenario(
            name: "F3: automatic driving sends each callback once",
            steps: [
                AppearanceStep(
                    .drive(appearing: true, animated: false),
                    .begin(.callViewWillAppear(animated: false)), .appearing),
                AppearanceStep(.drive(appearing: true, animated: true), .begin(.skip), .appearing),
                AppearanceStep(.driveEnd(appearing: false), .end(.skip), .appearing),
                AppearanceStep(
                    .driveEnd(appearing: true), .end(.callViewDidAppear(animated: false, viewIsAppearingFirst: true)),
                    .appeared),
                AppearanceStep(.driveEnd(appearing: true), .end(.skip), .appeared),
                AppearanceStep(.drive(appearing: true, animated: false), .begin(.skip), .appeared),
                AppearanceStep(
                    .drive(appearing: false, animated: true), .begin(.callViewWillDisappear(animated: true)),
                    .disappearing),
                AppearanceStep(.drive(appearing: false, animated: false), .begin(.skip), .disappearing),
                AppearanceStep(.driveEnd(appearing: true), .end(.skip), .disappearing),
                AppearanceStep(
                    .driveEnd(appearing: false), .end(.callViewDidDisappear(animated: true)), .disappeared),
                AppearanceStep(.driveEnd(appearing: false), .end(.skip), .disappeared),
                AppearanceStep(.drive(appearing: false, animated: false), .begin(.skip), .disappeared),
            ]),
        AppearanceScenario(
            name: "F3: a drive after a manual begin is skipped and changes neither flag",
            steps: [
                AppearanceStep(
                    .begin(appearing: true, animated: true),
                    .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(
                    .drive(appearing: true, animated: false), .begin(.skip), .appearing),
                AppearanceStep(
                    .driveEnd(appearing: true), .end(.callViewDidAppear(animated: true, viewIsAppearingFirst: true)),
                    .appeared),
                AppearanceStep(
                    .begin(appearing: true, animated: true), .begin(.reportUnbalanced(.appeared)), .appeared),
            ]),
        AppearanceScenario(
            name: "an automatic reversal mid-transition starts a new appearance",
            steps: [
                AppearanceStep(
                    .drive(appearing: true, animated: true), .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(.viewIsAppearingSent, .noted(awaited: true), .appearing),
                AppearanceStep(
                    .drive(appearing: false, animated: false), .begin(.callViewWillDisappear(animated: false)),
                    .disappearing),
                AppearanceStep(
                    .drive(appearing: true, animated: true),
                    .begin(.callViewWillAppear(animated: true)), .appearing),
                AppearanceStep(
                    .driveEnd(appearing: true), .end(.callViewDidAppear(animated: true, viewIsAppearingFirst: true)),
                    .appeared),
            ]),
    ]
}

/// The callbacks an interpreter carries out for a stream of actions, checked against Apple's
/// appearance diagram: will/did alternate, each did matches the open will's direction and flag,
/// and `viewIsAppearing` runs exactly once per appearance (spec §3).
private struct CallbackTracker {
    private(set) var state: AppearanceState = .disappeared
    private var openAnimated: Bool?
    private var viewIsAppearingSent = false

    /// Applies the callbacks `result` asks for; returns what went wrong, if anything.
    mutating func apply(_ result: AppearanceResult, of call: AppearanceCall) -> String? {
        switch result {
        case .begin(.callViewWillAppear(let animated)):
            guard state == .disappeared || state == .disappearing else { return "viewWillAppear while \(state)" }
            state = .appearing
            openAnimated = animated
            viewIsAppearingSent = false
        case .noted(let awaited):
            // The engine sends a layout pass's viewIsAppearing only to an appearance that awaits it.
            guard awaited else { return nil }
            guard state == .appearing, !viewIsAppearingSent else { return "viewIsAppearing noted while \(state)" }
            viewIsAppearingSent = true
        case .begin(.callViewWillDisappear(let animated)):
            guard state == .appeared || state == .appearing else { return "viewWillDisappear while \(state)" }
            state = .disappearing
            openAnimated = animated
            viewIsAppearingSent = false
        case .end(.callViewDidAppear(let animated, let viewIsAppearingFirst)):
            guard state == .appearing else { return "viewDidAppear while \(state)" }
            guard animated == openAnimated else { return "viewDidAppear(\(animated)) after a will with another flag" }
            guard viewIsAppearingFirst != viewIsAppearingSent else {
                return "viewIsAppearing would run \(viewIsAppearingFirst ? "twice" : "never") in one appearance"
            }
            state = .appeared
            openAnimated = nil
        case .end(.callViewDidDisappear(let animated)):
            guard state == .disappearing else { return "viewDidDisappear while \(state)" }
            guard animated == openAnimated else {
                return "viewDidDisappear(\(animated)) after a will with another flag"
            }
            state = .disappeared
            openAnimated = nil
        case .begin(.skip), .end(.skip):
            guard call.isAutomatic else { return "a manual call was skipped" }
        case .begin(.reportUnbalanced(let reported)), .end(.reportUnbalanced(let reported)):
            guard !call.isAutomatic else { return "automatic driving reported an unbalanced call (F3)" }
            guard reported == state else { return "reported \(reported) while \(state)" }
        }
        return nil
    }
}

// MARK: - Appearance

@Suite("AppearanceStateMachine (spec §3, F3)")
struct AppearanceStateMachineTests {
    @Test func freshMachineIsDisappeared() {
        #expect(AppearanceStateMachine().appearanceState == .disappeared)
    }

    /// A disappearance whose end a view's exit queued for the end of the turn (§1, §2.2): only an
    /// open disappearance takes the mark, nothing but the state's next change clears it, and the
    /// mark changes neither the state nor the callbacks.
    @Test func anOpenDisappearanceAloneTakesTheQueuedEndsMark() {
        var machine = AppearanceStateMachine()
        machine.noteEndQueued()
        #expect(!machine.endIsQueued && machine.appearanceState == .disappeared)
        _ = machine.drive(appearing: true, animated: false)
        machine.noteEndQueued()
        #expect(!machine.endIsQueued && machine.appearanceState == .appearing)
        _ = machine.drive(appearing: false, animated: true)
        #expect(!machine.endIsQueued)
        machine.noteEndQueued()
        #expect(machine.endIsQueued && machine.appearanceState == .disappearing)
        #expect(machine.openTransitionIsAnimated == true && machine.isDisappearedOrDisappearing)
        // Driving it toward disappeared again is skipped (F3) and keeps the mark.
        #expect(machine.drive(appearing: false, animated: false) == .skip && machine.endIsQueued)
        let epoch = machine.epoch
        #expect(machine.drive(appearing: true, animated: false) == .callViewWillAppear(animated: false))
        #expect(!machine.endIsQueued && machine.epoch == epoch + 1)
        _ = machine.drive(appearing: false, animated: false)
        machine.noteEndQueued()
        #expect(machine.driveEnd(appearing: false) == .callViewDidDisappear(animated: false))
        #expect(!machine.endIsQueued && machine.appearanceState == .disappeared)
    }

    @Test("Manual begin(appearing:animated:), spec §3 table", arguments: BeginCell.manual)
    private func manualBegin(_ cell: BeginCell) {
        var machine = appearance(in: cell.state, animated: !cell.animated)
        #expect(machine.begin(appearing: cell.appearing, animated: cell.animated) == cell.expected)
        #expect(machine.appearanceState == cell.after)
        #expect(machine.end() == cell.thenEnd)
    }

    @Test("Manual end(), spec §3 table", arguments: EndCell.manual)
    private func manualEnd(_ cell: EndCell) {
        var machine = appearance(in: cell.state, animated: cell.animated)
        #expect(machine.end() == cell.expected)
        #expect(machine.appearanceState == cell.after)
        #expect(machine.end() == cell.thenEnd)
    }

    @Test("Automatic drive(appearing:animated:), F3", arguments: BeginCell.automatic)
    private func automaticBegin(_ cell: BeginCell) {
        var machine = appearance(in: cell.state, animated: !cell.animated)
        #expect(machine.drive(appearing: cell.appearing, animated: cell.animated) == cell.expected)
        #expect(machine.appearanceState == cell.after)
        #expect(machine.end() == cell.thenEnd)
    }

    @Test("Automatic driveEnd(appearing:), F3", arguments: EndCell.automatic)
    private func automaticEnd(_ cell: EndCell) {
        var machine = appearance(in: cell.state, animated: cell.animated)
        #expect(machine.driveEnd(appearing: cell.direction ?? true) == cell.expected)
        #expect(machine.appearanceState == cell.after)
        #expect(machine.end() == cell.thenEnd)
    }

    @Test("viewIsAppearing once per appearance, spec §3", arguments: TimingCell.all)
    private func viewIsAppearingOnce(_ cell: TimingCell) {
        var machine = appearance(in: cell.from, animated: !cell.animated)
        let begin =
            cell.automatic
            ? machine.drive(appearing: true, animated: cell.animated)
            : machine.begin(appearing: true, animated: cell.animated)
        #expect(begin == .callViewWillAppear(animated: cell.animated))
        #expect(machine.appearanceState == .appearing && machine.awaitsViewIsAppearing)
        if cell.viewIsAppearingSent { machine.noteViewIsAppearingSent() }
        #expect(machine.awaitsViewIsAppearing == !cell.viewIsAppearingSent)
        let end = cell.automatic ? machine.driveEnd(appearing: true) : machine.end()
        #expect(end == .callViewDidAppear(animated: cell.animated, viewIsAppearingFirst: !cell.viewIsAppearingSent))
        #expect(machine.appearanceState == .appeared && !machine.awaitsViewIsAppearing)
    }

    @Test("An appearance ended before its viewIsAppearing was sent sends it first", arguments: [false, true])
    private func endBeforeViewIsAppearingWasSent(_ automatic: Bool) {
        var machine = AppearanceStateMachine()
        let begin =
            automatic
            ? machine.drive(appearing: true, animated: true)
            : machine.begin(appearing: true, animated: true)
        #expect(begin == .callViewWillAppear(animated: true))
        // viewWillAppear's override completes the transition before the layout pass comes.
        let end = automatic ? machine.driveEnd(appearing: true) : machine.end()
        #expect(end == .callViewDidAppear(animated: true, viewIsAppearingFirst: true))
        #expect(machine.appearanceState == .appeared)
        machine.noteViewIsAppearingSent()
        #expect(machine.appearanceState == .appeared)
    }

    @Test(
        "Calls that change nothing keep whether the open appearance's viewIsAppearing was sent",
        arguments: [false, true])
    private func ignoredCallsKeepViewIsAppearing(_ sent: Bool) {
        var machine = appearance(in: .appearing, animated: true, viewIsAppearingSent: sent)
        #expect(machine.begin(appearing: true, animated: false) == .reportUnbalanced(.appearing))
        #expect(machine.drive(appearing: true, animated: false) == .skip)
        #expect(machine.driveEnd(appearing: false) == .skip)
        #expect(machine.appearanceState == .appearing)
        #expect(machine.end() == .callViewDidAppear(animated: true, viewIsAppearingFirst: !sent))
        #expect(machine.appearanceState == .appeared)
    }

    @Test("Call sequences", arguments: AppearanceScenario.all)
    private func scenario(_ scenario: AppearanceScenario) {
        var machine = AppearanceStateMachine()
        for (index, step) in scenario.steps.enumerated() {
            #expect(perform(step.call, on: &machine) == step.result, "step \(index + 1): \(step.call)")
            #expect(machine.appearanceState == step.state, "step \(index + 1): \(step.call)")
        }
    }

    @Test("Every sequence of up to five calls yields a consistent callback stream")
    func exhaustiveSequences() {
        var calls: [AppearanceCall] = [
            .end, .driveEnd(appearing: true), .driveEnd(appearing: false), .viewIsAppearingSent,
        ]
        for animated in [false, true] {
            calls += [
                .begin(appearing: false, animated: animated), .drive(appearing: false, animated: animated),
                .begin(appearing: true, animated: animated), .drive(appearing: true, animated: animated),
            ]
        }
        var problems: [String] = []
        var sequences = 0
        func explore(_ machine: AppearanceStateMachine, _ tracker: CallbackTracker, path: [AppearanceCall]) {
            sequences += 1
            guard path.count < 5, problems.count < 5 else { return }
            for call in calls {
                var machine = machine
                var tracker = tracker
                let result = perform(call, on: &machine)
                var problem = tracker.apply(result, of: call)
                if problem == nil, machine.appearanceState != tracker.state {
                    problem = "state \(machine.appearanceState), callbacks imply \(tracker.state)"
                }
                if let problem {
                    problems.append("\((path + [call]).map(\.description).joined(separator: ", ")): \(problem)")
                    continue
                }
                explore(machine, tracker, path: path + [call])
            }
        }
        explore(AppearanceStateMachine(), CallbackTracker(), path: [])
        #expect(problems == [])
        #expect(sequences > 1000)
    }
}

// MARK: - Containment fixtures

/// A fresh machine driven into `state` through the usual path: `addChild`, `didMove(p)`, `willMove(nil)`.
private func containment(
    in state: Containment, sourceLocation: SourceLocation = #_sourceLocation
) -> ContainmentStateMachine {
    var machine = ContainmentStateMachine()
    switch state {
    case .detached:
        break
    case .attaching(let parent):
        _ = machine.addChild(to: parent)
    case .attached(let parent):
        _ = machine.addChild(to: parent)
        _ = machine.didMove(to: parent)
    case .detaching(let parent):
        _ = machine.addChild(to: parent)
        _ = machine.didMove(to: parent)
        _ = machine.willMove(to: nil)
    }
    #expect(machine.state == state, "setup of \(label(state))", sourceLocation: sourceLocation)
    return machine
}

/// One (state, event) cell of a containment table: the event's argument, action and resulting state.
private struct ContainmentCell<Argument: Sendable, Action: Hashable & Sendable>: Sendable,
    CustomTestStringConvertible
{
    let state: Containment
    let argument: Argument
    let expected: Action
    let after: Containment
    let event: String

    var testDescription: String { "\(label(state)) + \(event)" }
}

private enum ContainmentTables {
    static let p = Parents.p
    static let q = Parents.q
    static let twin = Parents.pTwin

    /// R1 (detached: willMove(p) first), R4 (another parent: remove first), §11 (same parent: warning).
    private static let addChildRows: [(Containment, ControllerID, AddAction, Containment)] = [
        (Containment.detached, p, AddAction.sendWillMove, Containment.attaching(p)),
        (.detached, q, .sendWillMove, .attaching(q)),
        (.detached, twin, .sendWillMove, .attaching(twin)),
        (.attaching(p), p, .reportAlreadyChild, .attaching(p)),
        (.attaching(p), q, .removeFromCurrentParentFirst(p), .attaching(p)),
        (.attaching(p), twin, .removeFromCurrentParentFirst(p), .attaching(p)),
        (.attached(p), p, .reportAlreadyChild, .attached(p)),
        (.attached(p), q, .removeFromCurrentParentFirst(p), .attached(p)),
        (.attached(p), twin, .removeFromCurrentParentFirst(p), .attached(p)),
        (.detaching(p), p, .reportAlreadyChild, .detaching(p)),
        (.detaching(p), q, .removeFromCurrentParentFirst(p), .detaching(p)),
        (.detaching(p), twin, .removeFromCurrentParentFirst(p), .detaching(p)),
    ]
    static let addChild: [ContainmentCell<ControllerID, AddAction>] = addChildRows.map {
        state, parent, expected, after in
        ContainmentCell(
            state: state, argument: parent, expected: expected, after: after,
            event: "addChild(to: \(label(parent)))")
    }

    /// R2: didMove(nil) after leaving the parent; §11: a warning without willMove(nil) first,
    /// except for the removal R4's re-parenting performs.
    private static let removeFromParentRows: [(Containment, Bool, RemoveAction, Containment)] = [
        (Containment.detached, false, RemoveAction.none, Containment.detached),
        (.detached, true, .none, .detached),
        // An addition still open is dropped (R7): no willMove(nil) could have come first.
        (.attaching(p), false, .sendDidMoveToNil(from: p, reportMissingWillMove: false), .detached),
        (.attaching(p), true, .sendDidMoveToNil(from: p, reportMissingWillMove: false), .detached),
        (.attached(p), false, .sendDidMoveToNil(from: p, reportMissingWillMove: true), .detached),
        (.attached(p), true, .sendDidMoveToNil(from: p, reportMissingWillMove: false), .detached),
        (.detaching(p), false, .sendDidMoveToNil(from: p, reportMissingWillMove: false), .detached),
        (.detaching(p), true, .sendDidMoveToNil(from: p, reportMissingWillMove: false), .detached),
    ]
    static let removeFromParent: [ContainmentCell<Bool, RemoveAction>] = removeFromParentRows.map {
        state, reparenting, expected, after in
        ContainmentCell(
            state: state, argument: reparenting, expected: expected, after: after,
            event: reparenting ? "removeFromParent(reparenting: true)" : "removeFromParent()")
    }

    /// R3: a container calls willMove(nil) before removal; R1: willMove with a parent comes from
    /// addChild only; R7: no second willMove while a move is open (`open` names the open move).
    private static let willMoveRows: [(Containment, ControllerID?, MoveAction, Containment)] = [
        (Containment.detached, nil, MoveAction.accept, Containment.detached),
        (.detached, p, .reportUnexpectedWillMove(.parentOutsideAddChild), .detached),
        (.detached, q, .reportUnexpectedWillMove(.parentOutsideAddChild), .detached),
        // R7: a container drops an addition before didMove with removeFromParent() alone.
        (.attaching(p), nil, .reportUnexpectedWillMove(.moveOpen(to: p)), .attaching(p)),
        (.attaching(p), p, .reportUnexpectedWillMove(.moveOpen(to: p)), .attaching(p)),
        (.attaching(p), q, .reportUnexpectedWillMove(.moveOpen(to: p)), .attaching(p)),
        (.attached(p), nil, .accept, .detaching(p)),
        (.attached(p), p, .reportUnexpectedWillMove(.parentOutsideAddChild), .attached(p)),
        (.attached(p), q, .reportUnexpectedWillMove(.parentOutsideAddChild), .attached(p)),
        (.detaching(p), nil, .reportUnexpectedWillMove(.moveOpen(to: nil)), .detaching(p)),
        // A removal is open (R7: no second willMove while a move is open), so `open` names it,
        // .some(nil), as it names the open move while attaching.
        (.detaching(p), p, .reportUnexpectedWillMove(.moveOpen(to: nil)), .detaching(p)),
        (.detaching(p), q, .reportUnexpectedWillMove(.moveOpen(to: nil)), .detaching(p)),
    ]
    static let willMove: [ContainmentCell<ControllerID?, MoveAction>] = willMoveRows.map {
        state, destination, expected, after in
        ContainmentCell(
            state: state, argument: destination, expected: expected, after: after,
            event: "willMove(to: \(label(destination)))")
    }

    /// R3/R7: didMove ends the open move toward its own parent; cancelling a removal names the old
    /// parent; §11: another parent, or no open move, is a warning the state ignores.
    private static let didMoveRows: [(Containment, ControllerID?, MoveAction, Containment)] = [
        (Containment.detached, p, MoveAction.reportUnmatchedDidMove, Containment.detached),
        (.detached, q, .reportUnmatchedDidMove, .detached),
        (.detached, nil, .reportUnmatchedDidMove, .detached),
        (.attaching(p), p, .accept, .attached(p)),
        (.attaching(p), q, .reportUnexpectedParent(expected: p), .attaching(p)),
        (.attaching(p), twin, .reportUnexpectedParent(expected: p), .attaching(p)),
        (.attaching(p), nil, .reportUnexpectedParent(expected: p), .attaching(p)),
        (.attached(p), p, .reportUnmatchedDidMove, .attached(p)),
        (.attached(p), q, .reportUnmatchedDidMove, .attached(p)),
        (.attached(p), nil, .reportUnmatchedDidMove, .attached(p)),
        (.detaching(p), p, .accept, .attached(p)),
        (.detaching(p), q, .reportUnexpectedParent(expected: nil), .detaching(p)),
        // Only removeFromParent() completes a removal (R2).
        (.detaching(p), nil, .reportUnexpectedParent(expected: nil), .detaching(p)),
    ]
    static let didMove: [ContainmentCell<ControllerID?, MoveAction>] = didMoveRows.map {
        state, destination, expected, after in
        ContainmentCell(
            state: state, argument: destination, expected: expected, after: after,
            event: "didMove(to: \(label(destination)))")
    }
}

/// The R8 accessors in one state.
private struct AccessorCell: Sendable, CustomTestStringConvertible {
    let state: Containment
    let isMovingToParent: Bool
    let isMovingFromParent: Bool
    let parent: ControllerID?

    var testDescription: String { label(state) }

    static let all: [AccessorCell] = [
        AccessorCell(state: .detached, isMovingToParent: false, isMovingFromParent: false, parent: nil),
        AccessorCell(
            state: .attaching(Parents.p), isMovingToParent: true, isMovingFromParent: false, parent: Parents.p),
        AccessorCell(
            state: .attached(Parents.p), isMovingToParent: false, isMovingFromParent: false, parent: Parents.p),
        AccessorCell(
            state: .detaching(Parents.p), isMovingToParent: false, isMovingFromParent: true, parent: Parents.p),
        AccessorCell(
            state: .attaching(Parents.q), isMovingToParent: true, isMovingFromParent: false, parent: Parents.q),
        AccessorCell(
            state: .attached(Parents.q), isMovingToParent: false, isMovingFromParent: false, parent: Parents.q),
        AccessorCell(
            state: .detaching(Parents.q), isMovingToParent: false, isMovingFromParent: true, parent: Parents.q),
    ]
}

/// One call on a containment machine.
private enum ContainmentCall: Sendable, CustomStringConvertible {
    case addChild(ControllerID)
    case removeFromParent(reparenting: Bool = false)
    case willMove(ControllerID?)
    case didMove(ControllerID?)

    var description: String {
        switch self {
        case .addChild(let parent): "addChild(to: \(label(parent)))"
        case .removeFromParent(let reparenting): "removeFromParent(reparenting: \(reparenting))"
        case .willMove(let destination): "willMove(to: \(label(destination)))"
        case .didMove(let destination): "didMove(to: \(label(destination)))"
        }
    }
}

/// What one ``ContainmentCall`` returned.
private enum ContainmentResult: Hashable, Sendable {
    case add(AddAction)
    case remove(RemoveAction)
    case move(MoveAction)
}

private func perform(_ call: ContainmentCall, on machine: inout ContainmentStateMachine) -> ContainmentResult {
    switch call {
    case .addChild(let parent): .add(machine.addChild(to: parent))
    case .removeFromParent(let reparenting): .remove(machine.removeFromParent(reparenting: reparenting))
    case .willMove(let destination): .move(machine.willMove(to: destination))
    case .didMove(let destination): .move(machine.didMove(to: destination))
    }
}

private struct ContainmentStep: Sendable {
    let call: ContainmentCall
    let result: ContainmentResult
    let state: Containment

    init(_ call: ContainmentCall, _ result: ContainmentResult, _ state: Containment) {
        self.call = call
        self.result = result
        self.state = state
    }
}

private struct ContainmentScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let steps: [ContainmentStep]
    var testDescription: String { name }

    static let all: [ContainmentScenario] = {
        let p = Parents.p
        let q = Parents.q
        return [
            ContainmentScenario(
                name: "R1–R3: a custom container adds, then removes a child",
                steps: [
                    ContainmentStep(.addChild(p), .add(.sendWillMove), .attaching(p)),
                    ContainmentStep(.didMove(p), .move(.accept), .attached(p)),
                    ContainmentStep(.willMove(nil), .move(.accept), .detaching(p)),
                    ContainmentStep(
                        .removeFromParent(), .remove(.sendDidMoveToNil(from: p, reportMissingWillMove: false)),
                        .detached),
                    // removeFromParent() sent the one didMove of the removal (R7).
                    ContainmentStep(.didMove(nil), .move(.reportUnmatchedDidMove), .detached),
                    ContainmentStep(.removeFromParent(), .remove(.none), .detached),
                ]),
            ContainmentScenario(
                name: "R4: addChild to another parent removes the child first, without a report",
                steps: [
                    ContainmentStep(.addChild(p), .add(.sendWillMove), .attaching(p)),
                    ContainmentStep(.didMove(p), .move(.accept), .attached(p)),
                    ContainmentStep(.addChild(q), .add(.removeFromCurrentParentFirst(p)), .attached(p)),
                    ContainmentStep(
                        .removeFromParent(reparenting: true),
                        .remove(.sendDidMoveToNil(from: p, reportMissingWillMove: false)), .detached),
                    ContainmentStep(.addChild(q), .add(.sendWillMove), .attaching(q)),
                    ContainmentStep(.didMove(p), .move(.reportUnexpectedParent(expected: q)), .attaching(q)),
                    ContainmentStep(.didMove(q), .move(.accept), .attached(q)),
                ]),
            ContainmentScenario(
                name: "R7: a cancelled removal ends with didMove to the old parent, once",
                steps: [
                    ContainmentStep(.addChild(p), .add(.sendWillMove), .attaching(p)),
                    ContainmentStep(.didMove(p), .move(.accept), .attached(p)),
                    ContainmentStep(.willMove(nil), .move(.accept), .detaching(p)),
                    ContainmentStep(.didMove(p), .move(.accept), .attached(p)),
                    ContainmentStep(.didMove(p), .move(.reportUnmatchedDidMove), .attached(p)),
                    ContainmentStep(.willMove(nil), .move(.accept), .detaching(p)),
                ]),
            ContainmentScenario(
                name: "R7: an addition dropped before didMove ends with the removal's didMove(nil)",
                steps: [
                    ContainmentStep(.addChild(p), .add(.sendWillMove), .attaching(p)),
                    ContainmentStep(
                        .willMove(nil), .move(.reportUnexpectedWillMove(.moveOpen(to: p))), .attaching(p)),
                    ContainmentStep(
                        .removeFromParent(), .remove(.sendDidMoveToNil(from: p, reportMissingWillMove: false)),
                        .detached),
                    ContainmentStep(.didMove(p), .move(.reportUnmatchedDidMove), .detached),
                ]),
            ContainmentScenario(
                name: "§11: removeFromParent() without willMove(nil) is reported, and carried out",
                steps: [
                    ContainmentStep(.addChild(p), .add(.sendWillMove), .attaching(p)),
                    ContainmentStep(.didMove(p), .move(.accept), .attached(p)),
                    ContainmentStep(
                        .removeFromParent(), .remove(.sendDidMoveToNil(from: p, reportMissingWillMove: true)),
                        .detached),
                    ContainmentStep(.addChild(p), .add(.sendWillMove), .attaching(p)),
                ]),
        ]
    }()
}

// MARK: - Containment

@Suite("ContainmentStateMachine (spec §2)")
struct ContainmentStateMachineTests {
    @Test func freshMachineIsDetached() {
        let machine = ContainmentStateMachine()
        #expect(machine.state == .detached)
        #expect(machine.parent == nil)
        #expect(!machine.isMovingToParent)
        #expect(!machine.isMovingFromParent)
    }

    @Test("addChild(to:) from every state", arguments: ContainmentTables.addChild)
    private func addChild(_ cell: ContainmentCell<ControllerID, AddAction>) {
        var machine = containment(in: cell.state)
        #expect(machine.addChild(to: cell.argument) == cell.expected)
        #expect(machine.state == cell.after)
    }

    @Test("removeFromParent(reparenting:) from every state", arguments: ContainmentTables.removeFromParent)
    private func removeFromParent(_ cell: ContainmentCell<Bool, RemoveAction>) {
        var machine = containment(in: cell.state)
        if cell.argument {
            #expect(machine.removeFromParent(reparenting: true) == cell.expected)
        } else {
            // The default argument is the plain removeFromParent() of R2.
            #expect(machine.removeFromParent() == cell.expected)
        }
        #expect(machine.state == cell.after)
    }

    @Test("willMove(to:) from every state", arguments: ContainmentTables.willMove)
    private func willMove(_ cell: ContainmentCell<ControllerID?, MoveAction>) {
        var machine = containment(in: cell.state)
        #expect(machine.willMove(to: cell.argument) == cell.expected)
        #expect(machine.state == cell.after)
    }

    @Test("didMove(to:) from every state", arguments: ContainmentTables.didMove)
    private func didMove(_ cell: ContainmentCell<ControllerID?, MoveAction>) {
        var machine = containment(in: cell.state)
        #expect(machine.didMove(to: cell.argument) == cell.expected)
        #expect(machine.state == cell.after)
    }

    @Test("isMovingToParent, isMovingFromParent and parent (R8)", arguments: AccessorCell.all)
    private func accessors(_ cell: AccessorCell) {
        let machine = containment(in: cell.state)
        #expect(machine.isMovingToParent == cell.isMovingToParent)
        #expect(machine.isMovingFromParent == cell.isMovingFromParent)
        #expect(machine.parent == cell.parent)
    }

    @Test("Call sequences", arguments: ContainmentScenario.all)
    private func scenario(_ scenario: ContainmentScenario) {
        var machine = ContainmentStateMachine()
        for (index, step) in scenario.steps.enumerated() {
            #expect(perform(step.call, on: &machine) == step.result, "step \(index + 1): \(step.call)")
            #expect(machine.state == step.state, "step \(index + 1): \(step.call)")
        }
    }
}

// MARK: - View-loading fixtures

/// A fresh machine driven into `state`: `.loading` by reading the view, `.loaded` by `loadView()` returning.
private func viewLoading(
    in state: ViewLoading, sourceLocation: SourceLocation = #_sourceLocation
) -> ViewLoadingStateMachine {
    var machine = ViewLoadingStateMachine()
    switch state {
    case .notLoaded:
        break
    case .loading:
        _ = machine.viewRequested()
    case .loaded:
        _ = machine.viewRequested()
        _ = machine.loadViewReturned(assignedView: true)
    }
    #expect(machine.state == state, "setup of \(state)", sourceLocation: sourceLocation)
    return machine
}

/// One (state, event) cell of a view-loading table.
private struct ViewLoadingCell<Argument: Sendable, Action: Hashable & Sendable>: Sendable,
    CustomTestStringConvertible
{
    let state: ViewLoading
    let argument: Argument
    let expected: Action
    let after: ViewLoading
    let event: String

    var testDescription: String { "\(state) + \(event)" }
}

private enum ViewLoadingTables {
    typealias RequestAction = ViewLoadingStateMachine.RequestAction
    typealias LoadedAction = ViewLoadingStateMachine.LoadedAction
    typealias AssignAction = ViewLoadingStateMachine.AssignAction

    private static let viewRequestedRows: [(ViewLoading, RequestAction, ViewLoading)] = [
        (ViewLoading.notLoaded, RequestAction.callLoadView, ViewLoading.loading),
        (.loading, .returnView, .loading),
        (.loaded, .returnView, .loaded),
    ]
    static let viewRequested: [ViewLoadingCell<Void, RequestAction>] = viewRequestedRows.map { state, expected, after in
        ViewLoadingCell(state: state, argument: (), expected: expected, after: after, event: "viewRequested()")
    }

    // loadViewReturned(assignedView:) from .notLoaded or .loaded is an internal impossibility (the
    // controller reports it only after the .callLoadView it got in .loading): a precondition
    // failure, so those cells are not called here.
    private static let loadViewReturnedRows: [(ViewLoading, Bool, LoadedAction, ViewLoading)] = [
        (ViewLoading.loading, true, LoadedAction.callViewDidLoad, ViewLoading.loaded),
        (.loading, false, .makeDefaultViewThenCallViewDidLoad, .loaded),
    ]
    static let loadViewReturned: [ViewLoadingCell<Bool, LoadedAction>] = loadViewReturnedRows.map {
        state, assignedView, expected, after in
        ViewLoadingCell(
            state: state, argument: assignedView, expected: expected, after: after,
            event: "loadViewReturned(assignedView: \(assignedView))")
    }

    private static let viewAssignedRows: [(ViewLoading, AssignAction, ViewLoading)] = [
        (ViewLoading.notLoaded, AssignAction.storeThenCallViewDidLoad, ViewLoading.loaded),
        (.loading, .store, .loading),
        (.loaded, .replace, .loaded),
    ]
    static let viewAssigned: [ViewLoadingCell<Void, AssignAction>] = viewAssignedRows.map { state, expected, after in
        ViewLoadingCell(state: state, argument: (), expected: expected, after: after, event: "viewAssigned()")
    }
}

/// One event on a view-loading machine.
private enum ViewLoadingEvent: CaseIterable, CustomStringConvertible {
    case viewRequested
    case viewAssigned
    case loadViewReturnedWithView
    case loadViewReturnedWithoutView

    var description: String {
        switch self {
        case .viewRequested: "viewRequested()"
        case .viewAssigned: "viewAssigned()"
        case .loadViewReturnedWithView: "loadViewReturned(assignedView: true)"
        case .loadViewReturnedWithoutView: "loadViewReturned(assignedView: false)"
        }
    }
}

// MARK: - View loading

@Suite("ViewLoadingStateMachine (spec §3)")
struct ViewLoadingStateMachineTests {
    @Test func freshMachineIsNotLoaded() {
        #expect(ViewLoadingStateMachine().state == .notLoaded)
    }

    @Test("viewRequested() from every state", arguments: ViewLoadingTables.viewRequested)
    private func viewRequested(_ cell: ViewLoadingCell<Void, ViewLoadingTables.RequestAction>) {
        var machine = viewLoading(in: cell.state)
        #expect(machine.viewRequested() == cell.expected)
        #expect(machine.state == cell.after)
    }

    @Test("loadViewReturned(assignedView:) from .loading", arguments: ViewLoadingTables.loadViewReturned)
    private func loadViewReturned(_ cell: ViewLoadingCell<Bool, ViewLoadingTables.LoadedAction>) {
        var machine = viewLoading(in: cell.state)
        #expect(machine.loadViewReturned(assignedView: cell.argument) == cell.expected)
        #expect(machine.state == cell.after)
    }

    @Test("viewAssigned() from every state", arguments: ViewLoadingTables.viewAssigned)
    private func viewAssigned(_ cell: ViewLoadingCell<Void, ViewLoadingTables.AssignAction>) {
        var machine = viewLoading(in: cell.state)
        #expect(machine.viewAssigned() == cell.expected)
        #expect(machine.state == cell.after)
    }

    @Test func loadViewThatAssignsItsView() {
        var machine = ViewLoadingStateMachine()
        #expect(machine.viewRequested() == .callLoadView)
        #expect(machine.viewAssigned() == .store)
        #expect(machine.viewRequested() == .returnView)
        #expect(machine.state == .loading)
        #expect(machine.loadViewReturned(assignedView: true) == .callViewDidLoad)
        #expect(machine.state == .loaded)
        #expect(machine.viewRequested() == .returnView)
        #expect(machine.viewAssigned() == .replace)
        #expect(machine.state == .loaded)
    }

    @Test func viewAssignedFromOutsideSkipsLoadView() {
        var machine = ViewLoadingStateMachine()
        #expect(machine.viewAssigned() == .storeThenCallViewDidLoad)
        #expect(machine.state == .loaded)
        #expect(machine.viewRequested() == .returnView)
        #expect(machine.viewAssigned() == .replace)
        #expect(machine.state == .loaded)
    }

    @Test func loadViewThatAssignsNoView() {
        var machine = ViewLoadingStateMachine()
        #expect(machine.viewRequested() == .callLoadView)
        #expect(machine.loadViewReturned(assignedView: false) == .makeDefaultViewThenCallViewDidLoad)
        #expect(machine.state == .loaded)
        #expect(machine.viewRequested() == .returnView)
        #expect(machine.state == .loaded)
    }

    @Test("loadView() and viewDidLoad() run at most once in every sequence of up to six events")
    func exhaustiveSequences() {
        var problems: [String] = []
        var sequences = 0
        func explore(_ machine: ViewLoadingStateMachine, loadViews: Int, viewDidLoads: Int, path: [ViewLoadingEvent]) {
            sequences += 1
            let trace = path.map(\.description).joined(separator: ", ")
            if loadViews > 1 || viewDidLoads > 1 {
                problems.append("\(trace): \(loadViews) loadView, \(viewDidLoads) viewDidLoad")
            }
            if (machine.state == .loaded) != (viewDidLoads == 1) {
                problems.append("\(trace): \(machine.state) after \(viewDidLoads) viewDidLoad")
            }
            guard path.count < 6, problems.isEmpty else { return }
            for event in ViewLoadingEvent.allCases {
                var machine = machine
                var loadViews = loadViews
                var viewDidLoads = viewDidLoads
                switch event {
                case .viewRequested:
                    if machine.viewRequested() == .callLoadView { loadViews += 1 }
                case .viewAssigned:
                    if machine.viewAssigned() == .storeThenCallViewDidLoad { viewDidLoads += 1 }
                case .loadViewReturnedWithView, .loadViewReturnedWithoutView:
                    // Only the end of a running loadView() can report this (anything else is a precondition failure).
                    guard machine.state == .loading else { continue }
                    _ = machine.loadViewReturned(assignedView: event == .loadViewReturnedWithView)
                    viewDidLoads += 1
                }
                explore(machine, loadViews: loadViews, viewDidLoads: viewDidLoads, path: path + [event])
            }
        }
        explore(ViewLoadingStateMachine(), loadViews: 0, viewDidLoads: 0, path: [])
        #expect(problems == [])
        #expect(sequences > 100)
    }
}

@Suite struct AppearanceEpochTests {
    @Test func eachAppearanceBegunAddsOneEpoch() {
        var machine = AppearanceStateMachine()
        #expect(machine.epoch == 0)
        _ = machine.begin(appearing: true, animated: false)
        #expect(machine.epoch == 1)
        // Unbalanced and skipped calls begin nothing.
        _ = machine.begin(appearing: true, animated: false)
        _ = machine.drive(appearing: true, animated: false)
        #expect(machine.epoch == 1)
        _ = machine.begin(appearing: false, animated: false)
        #expect(machine.epoch == 1)
        _ = machine.begin(appearing: true, animated: false)
        #expect(machine.epoch == 2)
        _ = machine.end()
        _ = machine.drive(appearing: false, animated: false)
        _ = machine.driveEnd(appearing: false)
        _ = machine.drive(appearing: true, animated: false)
        #expect(machine.epoch == 3)
    }
}
