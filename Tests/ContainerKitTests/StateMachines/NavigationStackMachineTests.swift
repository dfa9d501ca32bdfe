import ContainerKit
import Testing

// The navigation stack's value machine (spec §6): every event from the states it is legal in, and
// every refusal, each with the whole state it leaves. States are reached by driving events from a
// fresh machine, as the navigation controller does.

// MARK: - Fixtures

/// A request as the machine sees it: a name, for the tests, and its flag.
private struct Request: NavigationStackRequest, Hashable {
    let name: String
    let animated: Bool
}

private typealias Machine = NavigationStackMachine<Request>

/// Everything a machine holds, in comparable form: controllers by name, completions by count.
private struct Snapshot: Hashable, CustomStringConvertible {
    var phase: Machine.Phase = .idle
    var controllers: [String] = []
    var shown: String?
    var pendingTop: String?
    var leavingShown: String?
    var pendingAnimated = false
    var pendingCompletions = 0
    var waitingRequests: [String] = []
    var isApplyingWaitingRequests = false
    /// The announced top by serial number, with its flag.
    var announcement: String?

    var description: String {
        "\(phase) \(controllers) shown \(shown ?? "-") pendingTop \(pendingTop ?? "-") leaving \(leavingShown ?? "-") "
            + "animated \(pendingAnimated) completions \(pendingCompletions) waiting \(waitingRequests) "
            + "applying \(isApplyingWaitingRequests) announcement \(announcement ?? "-")"
    }
}

@MainActor
private func name(_ controller: Controller?) -> String? {
    controller.map { "\($0.id)" }
}

/// An announcement as a snapshot shows it: the announced top's serial and the flag.
private func announced(_ announcement: Machine.Announcement?) -> String? {
    announcement.map { "#\($0.serial) animated: \($0.animated)" }
}

@MainActor
private func announced(_ top: Controller, animated: Bool) -> String {
    "#\(top.id.serial) animated: \(animated)"
}

@MainActor
private func snapshot(_ machine: Machine) -> Snapshot {
    Snapshot(
        phase: machine.phase, controllers: machine.controllers.map { "\($0.id)" }, shown: name(machine.shown),
        pendingTop: name(machine.pendingTop), leavingShown: name(machine.leavingShown),
        pendingAnimated: machine.pendingAnimated, pendingCompletions: machine.pendingCompletions.count,
        waitingRequests: machine.waiting.requests.map(\.name),
        isApplyingWaitingRequests: machine.waiting.isRunning, announcement: announced(machine.announcement))
}

/// Completions that write their names down when they run.
@MainActor
private final class Ran {
    var names: [String] = []
    func completion(_ name: String) -> () -> Void { { self.names.append(name) } }
}

/// The controllers the tests stack.
@MainActor
private struct StackCast {
    let a = Controller(name: "a")
    let b = Controller(name: "b")
    let c = Controller(name: "c")
}

/// A machine idle with `stack` shown (its top shown, every move ended), as after a root, then a
/// change whose transition has ended and whose top has appeared.
@MainActor
private func idle(showing stack: [Controller]) throws -> Machine {
    var machine = Machine()
    try machine.rootOffered(stack[0])
    machine.rootAdopted(stack[0])
    _ = machine.pendingTopAppeared(stack[0])
    guard stack.count > 1 else { return machine }
    _ = machine.stackChanging(to: stack)
    try machine.newTopAdopted(stack[stack.count - 1])
    machine.changeApplied(animated: false, completion: nil)
    _ = try machine.transitionStarted()
    try machine.transitionReachedEnd(showing: stack[stack.count - 1])
    try machine.transitionEnded()
    _ = machine.pendingTopAppeared(stack[stack.count - 1])
    return machine
}

/// `idle(showing: shown)`, then a change to `stack` applied, its transition pending.
@MainActor
private func pending(from shown: [Controller], to stack: [Controller], animated: Bool) throws -> Machine {
    var machine = try idle(showing: shown)
    let change = machine.stackChanging(to: stack)
    for controller in change.removed { _ = machine.removalBegan(of: controller) }
    try machine.newTopAdopted(stack[stack.count - 1])
    machine.changeApplied(animated: animated, completion: nil)
    return machine
}

/// Checks that `event` throws `refusal` and leaves the machine as it was (the shared check,
/// comparing snapshots).
@MainActor
private func expectRefusal(
    _ refusal: Machine.Refusal, from machine: Machine, sourceLocation: SourceLocation = #_sourceLocation,
    _ event: (inout Machine) throws -> Void
) {
    ContainerKitTests.expectRefusal(
        refusal, from: machine, comparing: snapshot, sourceLocation: sourceLocation, event)
}

// MARK: - Tests

@Suite @MainActor struct NavigationStackMachineTests {
    private let cast = StackCast()

    @Test func aFreshMachineIsIdleAndEmpty() {
        let machine = Machine()
        #expect(snapshot(machine) == Snapshot())
        #expect(!machine.isTransitionInFlight)
        #expect(!machine.isInteractivePopInProgress)
        #expect(!machine.hasPendingTransition)
        #expect(!machine.mustWait(animated: true))
        #expect(!machine.hasUnsettledChange)
        #expect(machine.interactivePopRefusal == .nothingBelowTop)
    }

    // MARK: The root

    @Test func theRootIsOfferedThenAdopted() throws {
        var machine = Machine()
        try machine.rootOffered(cast.a)
        #expect(snapshot(machine) == Snapshot(controllers: ["a"]))
        #expect(machine.hasPendingTransition)
        machine.rootAdopted(cast.a)
        #expect(snapshot(machine) == Snapshot(controllers: ["a"], shown: "a", pendingTop: "a"))
        #expect(!machine.hasPendingTransition)
        #expect(machine.interactivePopRefusal == .nothingBelowTop)
    }

    @Test func aRootDroppedAsItIsAdoptedLeavesTheStackEmpty() throws {
        var machine = Machine()
        try machine.rootOffered(cast.a)
        machine.rootDropped()
        #expect(snapshot(machine) == Snapshot())
    }

    @Test func theRootIsRefusedOnAStackThatHoldsControllersOrWhileATransitionIsInFlight() throws {
        let rooted = try idle(showing: [cast.a])
        expectRefusal(.stackNotEmpty, from: rooted) { try $0.rootOffered(cast.b) }
        var inFlight = Machine()
        _ = try inFlight.transitionStarted()
        expectRefusal(.notIdle(.inFlight), from: inFlight) { try $0.rootOffered(cast.b) }
    }

    // MARK: Changes

    @Test func aChangeCommitsTheStackAndNamesWhatItRemovesAndAdds() throws {
        var machine = try idle(showing: [cast.a, cast.b])
        let change = machine.stackChanging(to: [cast.a, cast.c])
        #expect(change.removed.map(\.id) == [cast.b.id])
        #expect(change.added.map(\.id) == [cast.c.id])
        #expect(change.superseded == nil)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "c"], shown: "b"))
        #expect(machine.hasPendingTransition)
        #expect(machine.interactivePopRefusal == .topNotShown)
    }

    @Test func aChangeSupersedesAPendingTopThatIsNoLongerTheTop() throws {
        var machine = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "a", pendingTop: "b"))
        let change = machine.stackChanging(to: [cast.a, cast.b, cast.c])
        #expect(change.superseded === cast.b)
        #expect(change.added.map(\.id) == [cast.c.id])
        #expect(change.removed.isEmpty)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b", "c"], shown: "a"))
    }

    @Test func aChangeKeepsAPendingTopThatStaysTheTop() throws {
        var machine = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        let change = machine.stackChanging(to: [cast.c, cast.b])
        #expect(change.superseded == nil)
        #expect(change.removed.map(\.id) == [cast.a.id])
        #expect(change.added.map(\.id) == [cast.c.id])
        #expect(snapshot(machine) == Snapshot(controllers: ["c", "b"], shown: "a", pendingTop: "b"))
    }

    @Test func theShownControllerRemovedLeavesWithTheTransitionOthersEndTheirMovesNow() throws {
        var machine = try idle(showing: [cast.a, cast.b])
        _ = machine.stackChanging(to: [cast.c])
        #expect(machine.removalBegan(of: cast.a) == false)
        #expect(snapshot(machine) == Snapshot(controllers: ["c"], shown: "b"))
        #expect(machine.removalBegan(of: cast.b) == true)
        #expect(snapshot(machine) == Snapshot(controllers: ["c"], shown: "b", leavingShown: "b"))
        #expect(machine.hasUnsettledChange)
    }

    @Test func aControllerThatCouldNotBeAdoptedLeavesTheStack() throws {
        var machine = try idle(showing: [cast.a])
        _ = machine.stackChanging(to: [cast.a, cast.b, cast.c])
        machine.adoptionFailed(of: cast.b)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "c"], shown: "a"))
    }

    @Test func theNewTopIsAdoptedWithItsMoveOpenUnlessAnotherTopsIsOpen() throws {
        var machine = try idle(showing: [cast.a])
        _ = machine.stackChanging(to: [cast.a, cast.b])
        try machine.newTopAdopted(cast.b)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "a", pendingTop: "b"))
        #expect(machine.interactivePopRefusal == .topNotShown)
        expectRefusal(.topMoveOpen, from: machine) { try $0.newTopAdopted(cast.c) }
    }

    @Test func aSupersededTopEndsItsMoveOrLeavesWithTheTransition() throws {
        // Shown (with the navigation controller, before any transition) and gone from the stack.
        var shownAndGone = Machine()
        try shownAndGone.rootOffered(cast.a)
        shownAndGone.rootAdopted(cast.a)
        let change = shownAndGone.stackChanging(to: [cast.b])
        #expect(change.superseded === cast.a)
        var offScreen = shownAndGone
        #expect(shownAndGone.supersededTopSettles(cast.a, onScreen: true) == .leavesWithTransition)
        #expect(snapshot(shownAndGone) == Snapshot(controllers: ["b"], shown: "a", leavingShown: "a"))
        #expect(offScreen.supersededTopSettles(cast.a, onScreen: false) == .endMove(stays: false))
        #expect(snapshot(offScreen) == Snapshot(controllers: ["b"], shown: "a"))

        // Still in the stack, or never shown.
        var stays = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        _ = stays.stackChanging(to: [cast.a, cast.b, cast.c])
        #expect(stays.supersededTopSettles(cast.b, onScreen: true) == .endMove(stays: true))
        #expect(snapshot(stays) == Snapshot(controllers: ["a", "b", "c"], shown: "a"))
        var gone = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        _ = gone.stackChanging(to: [cast.a, cast.c])
        #expect(gone.supersededTopSettles(cast.b, onScreen: true) == .endMove(stays: false))
        #expect(snapshot(gone) == Snapshot(controllers: ["a", "c"], shown: "a"))
    }

    @Test func anAppliedChangeKeepsItsFlagAndItsCompletionInOrder() throws {
        let ran = Ran()
        var machine = try idle(showing: [cast.a])
        _ = machine.stackChanging(to: [cast.a, cast.b])
        machine.changeApplied(animated: true, completion: ran.completion("first"))
        #expect(
            snapshot(machine)
                == Snapshot(controllers: ["a", "b"], shown: "a", pendingAnimated: true, pendingCompletions: 1))
        machine.changeApplied(animated: false, completion: nil)
        machine.changeApplied(animated: false, completion: ran.completion("second"))
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "a", pendingCompletions: 2))
        #expect(ran.names.isEmpty)
        for completion in machine.pendingCompletions { completion() }
        #expect(ran.names == ["first", "second"])
    }

    @Test func onlyThePendingTopsFirstAppearanceEndsItsMove() throws {
        var machine = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        let before = snapshot(machine)
        #expect(machine.pendingTopAppeared(cast.a) == false)
        #expect(snapshot(machine) == before)
        #expect(machine.pendingTopAppeared(cast.b) == true)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "a"))
        #expect(machine.pendingTopAppeared(cast.b) == false)
    }

    @Test func theLeavingShownControllersMoveEndsOnceSayingWhetherItStays() throws {
        var gone = try idle(showing: [cast.a, cast.b])
        #expect(gone.leavingShownMoveEnds() == nil)
        _ = gone.stackChanging(to: [cast.a])
        _ = gone.removalBegan(of: cast.b)
        var back = gone
        let leavingEnded = gone.leavingShownMoveEnds()
        let leaving = try #require(leavingEnded)
        #expect(leaving.controller === cast.b && !leaving.stays)
        #expect(snapshot(gone) == Snapshot(controllers: ["a"], shown: "b"))
        #expect(gone.leavingShownMoveEnds() == nil)

        _ = back.stackChanging(to: [cast.a, cast.b])
        let staysEnded = back.leavingShownMoveEnds()
        let stays = try #require(staysEnded)
        #expect(stays.controller === cast.b && stays.stays)
        #expect(snapshot(back) == Snapshot(controllers: ["a", "b"], shown: "b"))
    }

    // MARK: Requests

    @Test func aRequestIsAppliedAtOnceWhenNothingMakesItWait() throws {
        var machine = try idle(showing: [cast.a])
        #expect(machine.requestMade(Request(name: "push", animated: true)) == false)
        #expect(snapshot(machine) == Snapshot(controllers: ["a"], shown: "a"))
        // A non-animated request while a non-animated transition is pending goes to the new top.
        var nonAnimated = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        #expect(!nonAnimated.mustWait(animated: false))
        #expect(nonAnimated.requestMade(Request(name: "push", animated: false)) == false)
        #expect(nonAnimated.waiting.requests.isEmpty)
    }

    @Test func aRequestWaitsBehindAPendingAnimatedTransitionOrAsAnimatedBehindAnyPendingOne() throws {
        var animatedPending = try pending(from: [cast.a], to: [cast.a, cast.b], animated: true)
        #expect(animatedPending.requestMade(Request(name: "pop", animated: false)) == true)
        #expect(
            snapshot(animatedPending)
                == Snapshot(
                    controllers: ["a", "b"], shown: "a", pendingTop: "b", pendingAnimated: true,
                    waitingRequests: ["pop"]))
        var nonAnimatedPending = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        #expect(nonAnimatedPending.requestMade(Request(name: "push", animated: true)) == true)
        #expect(nonAnimatedPending.waiting.requests.map(\.name) == ["push"])
        // Behind requests that wait, any request waits too: they keep their order.
        #expect(nonAnimatedPending.requestMade(Request(name: "pop", animated: false)) == true)
        #expect(nonAnimatedPending.waiting.requests.map(\.name) == ["push", "pop"])
    }

    @Test func aRequestWaitsWhileATransitionIsInFlight() throws {
        var machine = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        _ = try machine.transitionStarted()
        #expect(machine.requestMade(Request(name: "pop", animated: false)) == true)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .inFlight, controllers: ["a", "b"], shown: "a", pendingTop: "b", waitingRequests: ["pop"]))
        #expect(!machine.hasUnsettledChange)
    }

    @Test func waitingRequestsAreAppliedInOrderUntilOneMustWaitAgain() throws {
        var machine = try pending(from: [cast.a], to: [cast.a, cast.b], animated: true)
        _ = machine.requestMade(Request(name: "first", animated: false))
        _ = machine.requestMade(Request(name: "second", animated: true))
        _ = machine.requestMade(Request(name: "third", animated: false))
        #expect(machine.nextWaitingRequest() == nil)  // not being applied
        _ = try machine.transitionStarted()
        try machine.transitionReachedEnd(showing: cast.b)
        try machine.transitionEnded()
        #expect(machine.hasUnsettledChange)

        #expect(machine.waitingRequestsApplying() == true)
        #expect(machine.waitingRequestsApplying() == false)  // nested: refused
        #expect(machine.nextWaitingRequest() == Request(name: "first", animated: false))
        #expect(machine.nextWaitingRequest() == Request(name: "second", animated: true))
        #expect(!machine.hasUnsettledChange)
        // "second" made an animated transition pending: "third" waits for it.
        _ = machine.stackChanging(to: [cast.a, cast.b, cast.c])
        machine.changeApplied(animated: true, completion: nil)
        #expect(machine.nextWaitingRequest() == nil)
        #expect(
            snapshot(machine)
                == Snapshot(
                    controllers: ["a", "b", "c"], shown: "b", pendingAnimated: true, waitingRequests: ["third"],
                    isApplyingWaitingRequests: true))
        machine.waitingRequestsApplied()
        #expect(!machine.waiting.isRunning)
        #expect(machine.mustWait(animated: false))
    }

    // MARK: Transitions

    @Test func aTransitionStartsWithWhatIsPendingAndEnds() throws {
        let ran = Ran()
        var machine = try idle(showing: [cast.a])
        #expect(machine.navigationBeganAppearing(cast.a, isAppearing: true, animated: false) == true)
        _ = machine.stackChanging(to: [cast.a, cast.b])
        try machine.newTopAdopted(cast.b)
        machine.changeApplied(animated: true, completion: ran.completion("push"))
        let transition = try machine.transitionStarted()
        #expect(transition.from === cast.a && transition.to === cast.b && transition.animated)
        #expect(transition.completions.count == 1)
        #expect(ran.names.isEmpty)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .inFlight, controllers: ["a", "b"], shown: "a", pendingTop: "b", pendingAnimated: true))
        #expect(machine.isTransitionInFlight && !machine.isInteractivePopInProgress && !machine.hasPendingTransition)
        #expect(machine.mustWait(animated: false))
        #expect(machine.interactivePopRefusal == .notIdle(.inFlight))
        try machine.transitionReachedEnd(showing: cast.b)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .inFlight, controllers: ["a", "b"], shown: "b", pendingTop: "b", pendingAnimated: true))
        try machine.transitionEnded()
        #expect(
            snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "b", pendingTop: "b", pendingAnimated: true))
    }

    @Test func aTransitionToTheControllerShownKeepsTheAnnouncement() throws {
        var machine = try idle(showing: [cast.a])
        #expect(machine.navigationBeganAppearing(cast.a, isAppearing: true, animated: true) == true)
        let transition = try machine.transitionStarted()
        #expect(transition.from === cast.a && transition.to === cast.a && !transition.animated)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .inFlight, controllers: ["a"], shown: "a",
                    announcement: announced(cast.a, animated: true)))
    }

    @Test func transitionEventsAreRefusedOutsideTheirPhase() throws {
        let idle = try idle(showing: [cast.a, cast.b])
        expectRefusal(.noTransitionInFlight(.idle), from: idle) { try $0.transitionReachedEnd(showing: cast.a) }
        expectRefusal(.noTransitionInFlight(.idle), from: idle) { try $0.transitionEnded() }
        expectRefusal(.noInteractivePop(.idle), from: idle) { try $0.interactivePopGestureEnded() }
        var inFlight = idle
        _ = try inFlight.transitionStarted()
        expectRefusal(.notIdle(.inFlight), from: inFlight) { _ = try $0.transitionStarted() }
        expectRefusal(.noInteractivePop(.inFlight), from: inFlight) { try $0.interactivePopGestureEnded() }
        var swiping = idle
        _ = try swiping.interactivePopBegan()
        expectRefusal(.notIdle(.interactivePop), from: swiping) { _ = try $0.transitionStarted() }
        expectRefusal(.noTransitionInFlight(.interactivePop), from: swiping) {
            try $0.transitionReachedEnd(showing: cast.a)
        }
        expectRefusal(.noTransitionInFlight(.interactivePop), from: swiping) { try $0.transitionEnded() }
        expectRefusal(.notIdle(.interactivePop), from: swiping) { _ = try $0.interactivePopBegan() }
    }

    @Test func offScreenAChangeSettlesAtOnceInEveryPhase() throws {
        let ran = Ran()
        var machine = try idle(showing: [cast.a])
        _ = machine.stackChanging(to: [cast.a, cast.b])
        machine.changeApplied(animated: false, completion: ran.completion("push"))
        let settled = machine.offScreenSettling()
        #expect(settled.top === cast.b && settled.completions.count == 1)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "a"))
        machine.shownOffScreen(cast.b)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "b"))
        #expect(!machine.hasUnsettledChange)

        var inFlight = try idle(showing: [cast.a])
        _ = try inFlight.transitionStarted()
        _ = inFlight.stackChanging(to: [cast.c])
        #expect(inFlight.offScreenSettling().top === cast.c)
        inFlight.shownOffScreen(cast.c)
        #expect(snapshot(inFlight) == Snapshot(phase: .inFlight, controllers: ["c"], shown: "c"))
    }

    // MARK: The swipe back

    @Test func aSwipeBackTakesTheTopOutAndEndsAsATransition() throws {
        var machine = try idle(showing: [cast.a, cast.b])
        #expect(machine.navigationBeganAppearing(cast.b, isAppearing: true, animated: false) == true)
        #expect(machine.interactivePopRefusal == nil)
        let (top, below) = try machine.interactivePopBegan()
        #expect(top === cast.b && below === cast.a)
        #expect(
            snapshot(machine) == Snapshot(phase: .interactivePop, controllers: ["a"], shown: "b", leavingShown: "b"))
        #expect(machine.isTransitionInFlight && machine.isInteractivePopInProgress)
        #expect(machine.mustWait(animated: false))
        try machine.interactivePopGestureEnded()
        #expect(snapshot(machine) == Snapshot(phase: .inFlight, controllers: ["a"], shown: "b", leavingShown: "b"))
        try machine.transitionReachedEnd(showing: cast.a)
        let leavingEnded = machine.leavingShownMoveEnds()
        let leaving = try #require(leavingEnded)
        #expect(leaving.controller === cast.b && !leaving.stays)
        try machine.transitionEnded()
        #expect(snapshot(machine) == Snapshot(controllers: ["a"], shown: "a"))
    }

    @Test func aCancelledSwipeBackPutsTheTopBack() throws {
        var machine = try idle(showing: [cast.a, cast.b])
        _ = try machine.interactivePopBegan()
        machine.interactivePopCancelled(restoring: cast.b)
        #expect(
            snapshot(machine)
                == Snapshot(phase: .interactivePop, controllers: ["a", "b"], shown: "b", leavingShown: "b"))
        try machine.interactivePopGestureEnded()
        try machine.transitionReachedEnd(showing: cast.b)
        let leavingEnded = machine.leavingShownMoveEnds()
        let leaving = try #require(leavingEnded)
        #expect(leaving.controller === cast.b && leaving.stays)
        try machine.transitionEnded()
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "b"))
    }

    @Test func aSwipeBackIsRefusedForEachReasonItCannotBegin() throws {
        let single = try idle(showing: [cast.a])
        expectRefusal(.nothingBelowTop, from: single) { _ = try $0.interactivePopBegan() }
        var inFlight = try idle(showing: [cast.a, cast.b])
        _ = try inFlight.transitionStarted()
        expectRefusal(.notIdle(.inFlight), from: inFlight) { _ = try $0.interactivePopBegan() }
        let changePending = try pending(from: [cast.a, cast.b], to: [cast.a, cast.b, cast.c], animated: true)
        expectRefusal(.topNotShown, from: changePending) { _ = try $0.interactivePopBegan() }
        var waiting = changePending
        _ = waiting.requestMade(Request(name: "pop", animated: true))
        expectRefusal(.requestsWaiting, from: waiting) { _ = try $0.interactivePopBegan() }
        // The shown top taken out and put back: its removal is open.
        var putBack = try idle(showing: [cast.a, cast.b])
        _ = putBack.stackChanging(to: [cast.a])
        _ = putBack.removalBegan(of: cast.b)
        _ = putBack.stackChanging(to: [cast.a, cast.b])
        expectRefusal(.topNotShown, from: putBack) { _ = try $0.interactivePopBegan() }
        // The top's move still open (it has not appeared since it was pushed).
        var topMoveOpen = try pending(from: [cast.a], to: [cast.a, cast.b], animated: false)
        _ = try topMoveOpen.transitionStarted()
        try topMoveOpen.transitionReachedEnd(showing: cast.b)
        try topMoveOpen.transitionEnded()
        expectRefusal(.topMoveOpen, from: topMoveOpen) { _ = try $0.interactivePopBegan() }
    }

    // MARK: The navigation controller's own appearance

    @Test func theTopIsAnnouncedWhenTheNavigationControllerAppearsWithNoTransitionOfItsOwn() throws {
        var machine = try idle(showing: [cast.a, cast.b])
        #expect(machine.navigationBeganAppearing(cast.b, isAppearing: true, animated: true) == true)
        let announcement = announced(cast.b, animated: true)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "b", announcement: announcement))
        // Another controller's appearance ending leaves the announcement as it is.
        #expect(machine.navigationAppeared(cast.a, hasAppeared: true) == nil)
        #expect(announced(machine.announcement) == announcement)
        let didShow = machine.navigationAppeared(cast.b, hasAppeared: true)
        #expect(announced(didShow) == announcement)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], shown: "b"))
        #expect(machine.navigationAppeared(cast.b, hasAppeared: true) == nil)
    }

    @Test func theTopIsNotAnnouncedWhenItIsNotTheTopNotAppearingOrATransitionTellsTheDelegate() throws {
        let shown = try idle(showing: [cast.a, cast.b])
        var announcing = shown
        _ = announcing.navigationBeganAppearing(cast.b, isAppearing: true, animated: false)
        var notTop = announcing
        #expect(notTop.navigationBeganAppearing(cast.a, isAppearing: true, animated: false) == false)
        #expect(snapshot(notTop) == snapshot(shown))
        var notAppearing = announcing
        #expect(notAppearing.navigationBeganAppearing(cast.b, isAppearing: false, animated: false) == false)
        #expect(snapshot(notAppearing) == snapshot(shown))
        var changePending = announcing
        _ = changePending.stackChanging(to: [cast.a, cast.b, cast.c])
        #expect(changePending.navigationBeganAppearing(cast.b, isAppearing: true, animated: false) == false)
        #expect(changePending.announcement == nil)
        var inFlight = shown
        _ = try inFlight.transitionStarted()
        #expect(inFlight.navigationBeganAppearing(cast.b, isAppearing: true, animated: false) == false)
        #expect(inFlight.announcement == nil)
    }

    @Test func theAnnouncementEndsWithNoDidShowWhenTheTopChangedDidNotAppearOrATransitionTookOver() throws {
        var base = try idle(showing: [cast.a, cast.b])
        _ = base.navigationBeganAppearing(cast.b, isAppearing: true, animated: false)
        var notAppeared = base
        #expect(notAppeared.navigationAppeared(cast.b, hasAppeared: false) == nil)
        #expect(notAppeared.announcement == nil)
        var changed = base
        _ = changed.stackChanging(to: [cast.b, cast.a])
        #expect(changed.navigationAppeared(cast.b, hasAppeared: true) == nil)
        #expect(changed.announcement == nil)
        var inFlight = base
        _ = try inFlight.transitionStarted()  // to the controller shown: the announcement stays
        #expect(inFlight.navigationAppeared(cast.b, hasAppeared: true) == nil)
        #expect(snapshot(inFlight) == Snapshot(phase: .inFlight, controllers: ["a", "b"], shown: "b"))
        var otherStep = base
        otherStep.announcementEnded()
        #expect(snapshot(otherStep) == Snapshot(controllers: ["a", "b"], shown: "b"))
    }
}
