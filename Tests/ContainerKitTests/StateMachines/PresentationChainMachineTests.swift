import ContainerKit
import Testing

// One controller's place in a presentation chain, as a value machine (spec §9): every event from
// the states it is legal in, and every refusal, each with the whole state it leaves. States are
// reached by driving events from a fresh machine, as the presentation code does.

// MARK: - Fixtures

/// A transition as the machine sees it: a name, for the tests, and whether it dismisses.
private final class Move: PresentationChainTransition {
    let name: String
    let isDismissal: Bool

    init(_ name: String, dismissal: Bool = false) {
        self.name = name
        isDismissal = dismissal
    }
}

private typealias Machine = PresentationChainMachine<Move>

/// Everything a machine holds, in comparable form: controllers by name, transitions by name, the
/// hidden view's place by the test's name for it.
private struct Snapshot: Hashable, CustomStringConvertible {
    var phase: Machine.Phase = .notPresented
    var presented: String?
    var presenting: String?
    var presentedStyle: ModalPresentationStyle?
    var transitions: [String] = []
    var hiddenViewSuperview: String?
    var hiddenViewIndex = 0

    var description: String {
        "\(phase) presents \(presented ?? "-") presented by \(presenting ?? "-") style "
            + "\(presentedStyle.map { "\($0)" } ?? "-") transitions \(transitions) hidden view in "
            + "\(hiddenViewSuperview ?? "-") at \(hiddenViewIndex)"
    }
}

@MainActor
private func name(_ controller: Controller?) -> String? {
    controller.map { "\($0.id)" }
}

/// The controllers and views the tests use.
@MainActor
private struct Cast {
    let a = Controller(name: "a")
    let b = Controller(name: "b")
    let c = Controller(name: "c")
    let place = View()
    let otherPlace = View()

    func snapshot(_ machine: Machine) -> Snapshot {
        let superview = machine.hiddenViewSuperview.map { $0 === place ? "place" : $0 === otherPlace ? "other" : "?" }
        return Snapshot(
            phase: machine.phase, presented: name(machine.presented), presenting: name(machine.presenting),
            presentedStyle: machine.presentedStyle, transitions: machine.transitions.map(\.name),
            hiddenViewSuperview: superview, hiddenViewIndex: machine.hiddenViewIndex)
    }
}

/// `b`'s machine once `a` has presented it with `style` by the presentation `present`, before
/// its turn.
@MainActor
private func requested(
    by presenter: Controller, style: ModalPresentationStyle = .pageSheet, _ present: Move = Move("present")
) throws -> Machine {
    var machine = Machine()
    try machine.presentationRequested(by: presenter, style: style, transition: present)
    return machine
}

/// `requested(by:style:)` after its presentation has run and ended: presented, with no transition.
@MainActor
private func settled(by presenter: Controller, style: ModalPresentationStyle = .pageSheet) throws -> Machine {
    let present = Move("present")
    var machine = try requested(by: presenter, style: style, present)
    machine.presentationBegan()
    machine.presentationEnded()
    machine.transitionEnded(present)
    return machine
}

// MARK: - Tests

@Suite @MainActor struct PresentationChainMachineTests {
    private let cast = Cast()

    @Test func aFreshMachineIsNotPresentedAndPresentsNothing() {
        let machine = Machine()
        #expect(cast.snapshot(machine) == Snapshot())
        #expect(!machine.isDismissing)
        #expect(!machine.isDismissalUnderWay)
        #expect(machine.pullRefusal == .notPresented)
    }

    // MARK: The presenter's side

    @Test func thePresenterHoldsWhatItPresentsUntilItLeaves() throws {
        var machine = Machine()
        try machine.beganPresenting(cast.b)
        #expect(cast.snapshot(machine) == Snapshot(presented: "b"))
        expectRefusal(Machine.Refusal.presentsAlready, from: machine, comparing: cast.snapshot) {
            try $0.beganPresenting(cast.c)
        }
        machine.presentedControllerLeft()
        #expect(cast.snapshot(machine) == Snapshot())
    }

    @Test func theHiddenViewsPlaceIsKeptUntilTakenOnce() throws {
        var machine = Machine()
        machine.viewHidden(from: cast.place, at: 2)
        #expect(cast.snapshot(machine) == Snapshot(hiddenViewSuperview: "place", hiddenViewIndex: 2))
        let taken = machine.hiddenViewPlaceTaken()
        #expect(taken?.superview === cast.place)
        #expect(taken?.index == 2)
        #expect(cast.snapshot(machine) == Snapshot())
        #expect(machine.hiddenViewPlaceTaken() == nil)
        #expect(cast.snapshot(machine) == Snapshot())
    }

    @Test func theHiddenViewsPlaceIsForgottenOnlyWhenThatPlaceGoes() {
        var machine = Machine()
        machine.viewHidden(from: cast.place, at: 1)
        machine.hiddenViewPlaceGone(cast.otherPlace)
        #expect(cast.snapshot(machine) == Snapshot(hiddenViewSuperview: "place", hiddenViewIndex: 1))
        machine.hiddenViewPlaceGone(cast.place)
        #expect(cast.snapshot(machine) == Snapshot())
    }

    // MARK: Presenting

    @Test func aRequestedPresentationLinksAndWaits() throws {
        let machine = try requested(by: cast.a, style: .fullScreen)
        #expect(
            cast.snapshot(machine)
                == Snapshot(phase: .presented, presenting: "a", presentedStyle: .fullScreen, transitions: ["present"]))
        #expect(!machine.isDismissalUnderWay)
    }

    @Test func aPresentedControllerOrAPresenterCannotBePresented() throws {
        let presented = try requested(by: cast.a)
        expectRefusal(Machine.Refusal.presentedAlready, from: presented, comparing: cast.snapshot) {
            try $0.presentationRequested(by: cast.c, style: .formSheet, transition: Move("again"))
        }
        var presenter = Machine()
        try presenter.beganPresenting(cast.c)
        expectRefusal(Machine.Refusal.presentsAlready, from: presenter, comparing: cast.snapshot) {
            try $0.presentationRequested(by: cast.a, style: .formSheet, transition: Move("again"))
        }
    }

    @Test func aPresentationDeliversFromItsTurnToItsEnd() throws {
        let present = Move("present")
        var machine = try requested(by: cast.a, present)
        machine.presentationBegan()
        #expect(
            cast.snapshot(machine)
                == Snapshot(phase: .presenting, presenting: "a", presentedStyle: .pageSheet, transitions: ["present"]))
        #expect(!machine.isDismissing)
        machine.presentationEnded()
        #expect(
            cast.snapshot(machine)
                == Snapshot(phase: .presented, presenting: "a", presentedStyle: .pageSheet, transitions: ["present"]))
        machine.transitionEnded(present)
        #expect(cast.snapshot(machine) == Snapshot(phase: .presented, presenting: "a", presentedStyle: .pageSheet))
    }

    @Test func anEndedTransitionLeavesTheOthersInOrder() throws {
        let present = Move("present")
        let dismiss = Move("dismiss", dismissal: true)
        var machine = try requested(by: cast.a, present)
        try machine.dismissalRequested(dismiss)
        machine.transitionEnded(Move("unknown"))
        #expect(
            cast.snapshot(machine)
                == Snapshot(
                    phase: .presented, presenting: "a", presentedStyle: .pageSheet, transitions: ["present", "dismiss"])
        )
        machine.transitionEnded(present)
        #expect(
            cast.snapshot(machine)
                == Snapshot(phase: .presented, presenting: "a", presentedStyle: .pageSheet, transitions: ["dismiss"]))
    }

    // MARK: Dismissing

    @Test func aRequestedDismissalWaitsAndTakesTheControllerAway() throws {
        var machine = try settled(by: cast.a)
        try machine.dismissalRequested(Move("dismiss", dismissal: true))
        #expect(
            cast.snapshot(machine)
                == Snapshot(phase: .presented, presenting: "a", presentedStyle: .pageSheet, transitions: ["dismiss"]))
        #expect(machine.isDismissalUnderWay)
        #expect(!machine.isDismissing)
        expectRefusal(Machine.Refusal.dismissalUnderWay, from: machine, comparing: cast.snapshot) {
            try $0.dismissalRequested(Move("again", dismissal: true))
        }
    }

    @Test func aWaitingPresentationIsNoDismissalUnderWay() throws {
        var machine = try requested(by: cast.a)
        #expect(!machine.isDismissalUnderWay)
        try machine.dismissalRequested(Move("dismiss", dismissal: true))
        #expect(machine.isDismissalUnderWay)
    }

    @Test func nothingPresentedHasNothingToDismiss() {
        expectRefusal(Machine.Refusal.notPresented, from: Machine(), comparing: cast.snapshot) {
            try $0.dismissalRequested(Move("dismiss", dismissal: true))
        }
    }

    @Test func aDismissalDeliversThenCutsTheLinks() throws {
        let dismiss = Move("dismiss", dismissal: true)
        var machine = try settled(by: cast.a, style: .fullScreen)
        try machine.beganPresenting(cast.c)
        try machine.dismissalRequested(dismiss)
        machine.dismissalBegan()
        #expect(
            cast.snapshot(machine)
                == Snapshot(
                    phase: .dismissing, presented: "c", presenting: "a", presentedStyle: .fullScreen,
                    transitions: ["dismiss"]))
        #expect(machine.isDismissing)
        expectRefusal(Machine.Refusal.dismissalUnderWay, from: machine, comparing: cast.snapshot) {
            try $0.dismissalRequested(Move("again", dismissal: true))
        }
        machine.dismissed()
        #expect(cast.snapshot(machine) == Snapshot(transitions: ["dismiss"]))
        machine.transitionEnded(dismiss)
        #expect(cast.snapshot(machine) == Snapshot())
    }

    @Test func aDismissalSettledOffScreenCutsTheLinksFromAnyPhase() throws {
        var machine = try requested(by: cast.a)
        machine.presentationBegan()
        machine.dismissed()
        #expect(cast.snapshot(machine) == Snapshot(transitions: ["present"]))
    }

    // MARK: Pulling down a sheet

    @Test func onlyASettledSheetPresentingNothingCanBePulledDown() throws {
        #expect(try settled(by: cast.a, style: .formSheet).pullRefusal == nil)
        #expect(try settled(by: cast.a, style: .overCurrentContext).pullRefusal == nil)
        #expect(try settled(by: cast.a, style: .fullScreen).pullRefusal == .notASheet)
        #expect(try settled(by: cast.a, style: .overFullScreen).pullRefusal == .notASheet)
        #expect(try requested(by: cast.a).pullRefusal == .transitionsWaiting)
        var presenter = try settled(by: cast.a)
        try presenter.beganPresenting(cast.c)
        #expect(presenter.pullRefusal == .presentsAlready)
    }

    @Test func aFinishedPullCutsTheLinkToThePresenter() throws {
        var machine = try settled(by: cast.a)
        machine.pullBegan()
        #expect(cast.snapshot(machine) == Snapshot(phase: .pullingDown, presenting: "a", presentedStyle: .pageSheet))
        #expect(machine.isDismissing)
        #expect(machine.isDismissalUnderWay)
        expectRefusal(Machine.Refusal.dismissalUnderWay, from: machine, comparing: cast.snapshot) {
            try $0.dismissalRequested(Move("dismiss", dismissal: true))
        }
        machine.pullFinished()
        #expect(cast.snapshot(machine) == Snapshot())
    }

    @Test func aFinishedPullLeavesWhatTheControllerPresents() throws {
        var machine = try settled(by: cast.a)
        machine.pullBegan()
        try machine.beganPresenting(cast.c)
        machine.pullFinished()
        #expect(cast.snapshot(machine) == Snapshot(presented: "c"))
    }

    @Test func aCancelledPullBringsTheSheetBackAsItsPresentationDid() throws {
        var machine = try settled(by: cast.a)
        machine.pullBegan()
        machine.pullCancelled(reappearing: true)
        #expect(cast.snapshot(machine) == Snapshot(phase: .presenting, presenting: "a", presentedStyle: .pageSheet))
        #expect(!machine.isDismissalUnderWay)
        machine.presentationEnded()
        #expect(cast.snapshot(machine) == Snapshot(phase: .presented, presenting: "a", presentedStyle: .pageSheet))
    }

    @Test func aCancelledPullOutOfTheWindowLeavesTheSheetPresented() throws {
        var machine = try settled(by: cast.a)
        machine.pullBegan()
        machine.pullCancelled(reappearing: false)
        #expect(cast.snapshot(machine) == Snapshot(phase: .presented, presenting: "a", presentedStyle: .pageSheet))
        #expect(!machine.isDismissing)
    }

    // MARK: Ownership

    @Test func thePresentedIsHeldAndThePresenterIsNot() throws {
        var presenterMachine = Machine()
        weak var presented: Controller?
        var presentedMachine: Machine
        do {
            let b = Controller(name: "b")
            presented = b
            try presenterMachine.beganPresenting(b)
            let a = Controller(name: "a")
            presentedMachine = try requested(by: a)
            #expect(presentedMachine.phase == .presented)
        }
        #expect(presented != nil)
        #expect(presentedMachine.presenting == nil)
        #expect(presentedMachine.phase == .notPresented)
        presenterMachine.presentedControllerLeft()
        #expect(presented == nil)
    }
}
