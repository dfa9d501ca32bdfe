import ContainerKit
import ContainerKitTesting
import Testing

/// A container that forwards appearance by hand, from its own four callbacks (F4).
private final class ManualParent: ContainerController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
    var driven: [Controller] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        for child in driven { child.beginAppearanceTransition(true, animated: animated) }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        for child in driven { child.endAppearanceTransition() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for child in driven { child.beginAppearanceTransition(false, animated: animated) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for child in driven { child.endAppearanceTransition() }
    }
}

/// One call of the §3 table.
private enum ManualCall: String, CaseIterable, CustomTestStringConvertible {
    case beginAppearing = "begin(true)"
    case beginDisappearing = "begin(false)"
    case end = "end()"

    var testDescription: String { rawValue }
}

/// One cell of the §3 table: the state, the call, and what it must fire and leave.
private struct Cell: CustomTestStringConvertible, Sendable {
    let state: AppearanceState
    let call: ManualCall
    let fires: String?
    let endsIn: AppearanceState

    var testDescription: String { "\(state) + \(call.rawValue)" }

    static let all: [Cell] = [
        Cell(state: .disappeared, call: .beginAppearing, fires: "c.viewWillAppear(animated: true)", endsIn: .appearing),
        Cell(state: .disappeared, call: .beginDisappearing, fires: nil, endsIn: .disappeared),
        Cell(state: .disappeared, call: .end, fires: nil, endsIn: .disappeared),
        Cell(state: .appearing, call: .beginAppearing, fires: nil, endsIn: .appearing),
        Cell(
            state: .appearing, call: .beginDisappearing, fires: "c.viewWillDisappear(animated: true)",
            endsIn: .disappearing),
        Cell(state: .appearing, call: .end, fires: "c.viewDidAppear(animated: true)", endsIn: .appeared),
        Cell(state: .appeared, call: .beginAppearing, fires: nil, endsIn: .appeared),
        Cell(
            state: .appeared, call: .beginDisappearing, fires: "c.viewWillDisappear(animated: true)",
            endsIn: .disappearing),
        Cell(state: .appeared, call: .end, fires: nil, endsIn: .appeared),
        Cell(
            state: .disappearing, call: .beginAppearing, fires: "c.viewWillAppear(animated: true)", endsIn: .appearing),
        Cell(state: .disappearing, call: .beginDisappearing, fires: nil, endsIn: .disappearing),
        Cell(state: .disappearing, call: .end, fires: "c.viewDidDisappear(animated: true)", endsIn: .disappeared),
    ]
}

@MainActor
private func perform(_ call: ManualCall, on controller: Controller) {
    switch call {
    case .beginAppearing: controller.beginAppearanceTransition(true, animated: true)
    case .beginDisappearing: controller.beginAppearanceTransition(false, animated: true)
    case .end: controller.endAppearanceTransition()
    }
}

/// Brings a loaded controller to `state` with manual calls.
@MainActor
private func bring(_ controller: Controller, to state: AppearanceState) {
    switch state {
    case .disappeared:
        break
    case .appearing:
        controller.beginAppearanceTransition(true, animated: true)
    case .appeared:
        controller.beginAppearanceTransition(true, animated: true)
        controller.endAppearanceTransition()
    case .disappearing:
        controller.beginAppearanceTransition(true, animated: true)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(false, animated: true)
    }
}

@Suite @MainActor struct ManualForwardingTests {
    @Test(arguments: Cell.all)
    fileprivate func everyCellOfTheAppearanceTable(_ cell: Cell) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let c = Leaf(name: "c")
            c.loadViewIfNeeded()
            bring(c, to: cell.state)
            #expect(c.appearanceState == cell.state)
            recorder.skipEvents()
            _ = recorder.takeViolations()

            perform(cell.call, on: c)
            #expect(c.appearanceState == cell.endsIn)
            let violations = recorder.takeViolations()
            if let fires = cell.fires {
                recorder.expect(fires)
                #expect(violations.isEmpty)
            } else {
                #expect(recorder.takeTranscript().isEmpty)
                #expect(violations.map(\.kind) == [.unbalancedAppearanceTransition])
                #expect(violations.map(\.severity) == [.warning])
                #expect(
                    violations.first?.message.contains("Unbalanced calls to begin/end appearance transitions") == true)
            }
        }
    }

    @Test func oneEndClosesWhateverIsOpen() {  // §3
        let recorder = Recorder()
        recorder.record {
            let c = Leaf(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            c.beginAppearanceTransition(true, animated: true)
            c.beginAppearanceTransition(false, animated: false)
            c.beginAppearanceTransition(true, animated: false)
            c.endAppearanceTransition()
            recorder.expect(
                """
                c.viewWillAppear(animated: true)
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewIsAppearing(animated: false)
                c.viewDidAppear(animated: false)
                """, filter: .everything)
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func beginLoadsTheViewFirst() {  // §3: viewDidLoad before the first appearance callback
        let recorder = Recorder()
        recorder.record {
            let c = Leaf(name: "c")
            c.beginAppearanceTransition(true, animated: false)
            c.endAppearanceTransition()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aManualContainerDrivesItsChildrenFromItsOwnCallbacks() {  // F4
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = ManualParent(name: "p")
            let c = Leaf(name: "c")
            let d = Leaf(name: "d")
            for child in [c, d] {
                p.addChild(child)
                p.view.addSubview(child.view)
                child.didMove(toParent: p)
            }
            p.driven = [c]
            window.rootController = p
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            // d is never driven: nothing reaches the children of a manual container otherwise.
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                p.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(d.appearanceState == .disappeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aChildViewEnteringAManualContainerIsNotDrivenByTheWindow() {  // F2 exception
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = ManualParent(name: "p")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            let c = Leaf(name: "c")
            recorder.skipEvents()
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.didMove(toParent: p)
                """)
            c.beginAppearanceTransition(true, animated: false)
            c.endAppearanceTransition()
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func manualCallsForwardToAutomaticDescendants() {  // F1 under F4
        let recorder = Recorder()
        recorder.record {
            let p = ManualParent(name: "p")
            let middle = Parent(name: "middle")
            let leaf = Leaf(name: "leaf")
            middle.addChild(leaf)
            middle.view.addSubview(leaf.view)
            leaf.didMove(toParent: middle)
            p.addChild(middle)
            p.view.addSubview(middle.view)
            middle.didMove(toParent: p)
            recorder.skipEvents()
            middle.beginAppearanceTransition(true, animated: true)
            middle.endAppearanceTransition()
            // The manual calls are the parent's; the forwarded ones, the middle container's.
            #expect(
                recorder.pendingEntries.filter { !$0.event.isViewIsAppearing }.map(\.source) == [
                    .controller(p.id), .controller(middle.id), .controller(p.id), .controller(middle.id),
                ])
            recorder.expect(
                """
                middle.viewWillAppear(animated: true)
                leaf.viewWillAppear(animated: true)
                middle.viewDidAppear(animated: true)
                leaf.viewDidAppear(animated: true)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }
}

extension LifecycleEvent {
    fileprivate var isViewIsAppearing: Bool {
        if case .viewIsAppearing = self { return true }
        return false
    }
}
