import ContainerKit
import Testing

// The page controller's value machine (spec §8): every event from the states it is legal in, and
// every refusal, each with the whole state it leaves. States are reached by driving events from a
// fresh machine, as the page controller does.

// MARK: - Fixtures

private typealias Machine = PageStateMachine

/// Everything a machine holds, in comparable form: controllers by name, completions by count.
private struct Snapshot: Hashable, CustomStringConvertible {
    var phase: Machine.Phase = .idle
    var shown: [String] = []
    var displayed: [String] = []
    var pending: [String] = []
    var completions = 0
    var animated = false
    var settling: [String] = []
    var requests = 0
    var waits = false

    var description: String {
        "\(phase) shown \(shown) displayed \(displayed) pending \(pending) completions \(completions) "
            + "animated \(animated) settling \(settling) requests \(requests) waits \(waits)"
    }
}

@MainActor
private func names(_ controllers: [Controller]) -> [String] {
    controllers.map { "\($0.id)" }
}

@MainActor
private func snapshot(_ machine: Machine) -> Snapshot {
    Snapshot(
        phase: machine.phase, shown: names(machine.shownControllers), displayed: names(machine.displayed),
        pending: names(machine.pendingAdditions), completions: machine.pendingCompletions.count,
        animated: machine.pendingAnimated, settling: names(machine.settlingAdditions), requests: machine.requestsMade,
        waits: machine.requestWaitsForTurnInFlight)
}

/// The controllers the tests make pages of.
@MainActor
private struct PageCast {
    let a = Controller(name: "a")
    let b = Controller(name: "b")
    let c = Controller(name: "c")
}

/// A one-page machine showing `page`, as after its request has been made and settled off screen.
@MainActor
private func showing(_ page: Controller) throws -> Machine {
    var machine = Machine(pagesShownAtOnce: 1)
    _ = try machine.requestBegan([page])
    machine.pageAdopted(page)
    machine.adoptionsEnded(animated: false, completion: nil)
    _ = machine.turnPlanned()
    machine.pagesDisplayed([page])
    _ = machine.settlingTaken()
    return machine
}

// MARK: - Tests

@Suite @MainActor struct PageStateMachineTests {
    private let cast = PageCast()

    @Test func aFreshMachineShowsNoPagesAndIsIdle() {
        let machine = Machine(pagesShownAtOnce: 2)
        #expect(snapshot(machine) == Snapshot())
        #expect(machine.pagesShownAtOnce == 2)
        #expect(!machine.isPending(cast.a))
    }

    // MARK: Requests

    @Test func aFirstRequestSettledOffScreenShowsItsPages() throws {
        var machine = Machine(pagesShownAtOnce: 1)
        let previous = try machine.requestBegan([cast.a])
        #expect(previous.isEmpty)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], requests: 1))
        machine.pageAdopted(cast.a)
        #expect(machine.isPending(cast.a))
        #expect(snapshot(machine) == Snapshot(shown: ["a"], pending: ["a"], requests: 1))
        machine.adoptionsEnded(animated: false, completion: nil)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], pending: ["a"], requests: 1))
        #expect(machine.turnRequested(onScreen: false) == .askNow)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], pending: ["a"], requests: 1))
        #expect(machine.turnPlanned().isEmpty)
        #expect(!machine.isPending(cast.a))
        #expect(snapshot(machine) == Snapshot(shown: ["a"], settling: ["a"], requests: 1))
        machine.pagesDisplayed([cast.a])
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], settling: ["a"], requests: 1))
        #expect(names(machine.settlingTaken()) == ["a"])
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], requests: 1))
        // The fixture the other tests start from is this state.
        let fixture = try showing(cast.a)
        #expect(snapshot(fixture) == snapshot(machine))
    }

    @Test func aRequestNamesItsPagesAdoptsThemAsPendingAndKeepsItsCompletion() throws {
        var machine = try showing(cast.a)
        let previous = try machine.requestBegan([cast.b])
        #expect(names(previous) == ["a"])
        #expect(snapshot(machine) == Snapshot(shown: ["b"], displayed: ["a"], requests: 2))
        machine.pageAdopted(cast.b)
        #expect(machine.isPending(cast.b))
        #expect(!machine.isPending(cast.a))
        #expect(snapshot(machine) == Snapshot(shown: ["b"], displayed: ["a"], pending: ["b"], requests: 2))
        machine.adoptionsEnded(animated: true) { _ in }
        #expect(
            snapshot(machine)
                == Snapshot(shown: ["b"], displayed: ["a"], pending: ["b"], completions: 1, animated: true, requests: 2)
        )
    }

    @Test func theLatestRequestSaysWhetherTheTurnAnimatesAndEachKeepsItsCompletion() throws {
        var machine = try showing(cast.a)
        _ = try machine.requestBegan([cast.b])
        machine.adoptionsEnded(animated: true) { _ in }
        #expect(
            snapshot(machine) == Snapshot(shown: ["b"], displayed: ["a"], completions: 1, animated: true, requests: 2))
        _ = try machine.requestBegan([cast.c])
        #expect(
            snapshot(machine) == Snapshot(shown: ["c"], displayed: ["a"], completions: 1, animated: true, requests: 3))
        machine.adoptionsEnded(animated: false, completion: nil)
        #expect(snapshot(machine) == Snapshot(shown: ["c"], displayed: ["a"], completions: 1, requests: 3))
        machine.adoptionsEnded(animated: true) { _ in }
        #expect(
            snapshot(machine) == Snapshot(shown: ["c"], displayed: ["a"], completions: 2, animated: true, requests: 3))
    }

    @Test func aRequestGivenUpBringsBackThePagesAskedForBeforeAndKeepsWhatItAdopted() throws {
        var machine = try showing(cast.a)
        let previous = try machine.requestBegan([cast.b])
        machine.pageAdopted(cast.b)
        #expect(snapshot(machine) == Snapshot(shown: ["b"], displayed: ["a"], pending: ["b"], requests: 2))
        machine.requestGivenUp(restoring: previous)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], pending: ["b"], requests: 2))
    }

    @Test func aRequestWithTheWrongNumberOfPagesIsRefused() throws {
        expectRefusal(
            Machine.Refusal.pageCount(given: 0, shownAtOnce: 1), from: Machine(pagesShownAtOnce: 1),
            comparing: snapshot
        ) { _ = try $0.requestBegan([]) }
        expectRefusal(
            Machine.Refusal.pageCount(given: 1, shownAtOnce: 2), from: Machine(pagesShownAtOnce: 2),
            comparing: snapshot
        ) { _ = try $0.requestBegan([cast.a]) }
        var inFlight = try showing(cast.a)
        inFlight.turnBegan()
        expectRefusal(Machine.Refusal.pageCount(given: 2, shownAtOnce: 1), from: inFlight, comparing: snapshot) {
            _ = try $0.requestBegan([cast.b, cast.c])
        }
    }

    @Test func aPageKeptPendingIsPendingOnce() throws {
        var machine = try showing(cast.a)
        machine.pageKeptPending(cast.b)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], pending: ["b"], requests: 1))
        machine.pageKeptPending(cast.c)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], pending: ["b", "c"], requests: 1))
        machine.pageKeptPending(cast.b)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], pending: ["b", "c"], requests: 1))
    }

    // MARK: Asking for turns

    @Test func aTurnIsAskedForNowWhenIdleOrOnScreen() throws {
        var idle = try showing(cast.a)
        #expect(idle.turnRequested(onScreen: true) == .askNow)
        #expect(snapshot(idle) == Snapshot(shown: ["a"], displayed: ["a"], requests: 1))
        #expect(idle.turnRequested(onScreen: false) == .askNow)
        #expect(snapshot(idle) == Snapshot(shown: ["a"], displayed: ["a"], requests: 1))

        var turning = try showing(cast.a)
        turning.turnBegan()
        #expect(turning.turnRequested(onScreen: true) == .askNow)
        #expect(snapshot(turning) == Snapshot(phase: .turnInFlight, shown: ["a"], displayed: ["a"], requests: 1))
    }

    @Test(arguments: [PageStateMachine.Phase.turnInFlight, .swipeInFlight])
    func offScreenARequestWaitsForTheTurnInFlightAndIsAskedForWhenItEnds(phase: PageStateMachine.Phase) throws {
        var machine = try showing(cast.a)
        if phase == .turnInFlight { machine.turnBegan() } else { machine.swipeBegan() }
        #expect(snapshot(machine) == Snapshot(phase: phase, shown: ["a"], displayed: ["a"], requests: 1))
        #expect(machine.turnRequested(onScreen: false) == .waitForTurnInFlight)
        #expect(snapshot(machine) == Snapshot(phase: phase, shown: ["a"], displayed: ["a"], requests: 1, waits: true))
        #expect(try machine.turnEnded() == true)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], requests: 1))
    }

    // MARK: Programmatic turns

    @Test func aPlannedTurnTakesThePendingPagesAndCompletionsInOrder() throws {
        var machine = try showing(cast.a)
        _ = try machine.requestBegan([cast.b])
        machine.pageAdopted(cast.b)
        var finished: [String] = []
        machine.adoptionsEnded(animated: false) { finished.append("first \($0)") }
        machine.adoptionsEnded(animated: true) { finished.append("second \($0)") }
        #expect(
            snapshot(machine)
                == Snapshot(shown: ["b"], displayed: ["a"], pending: ["b"], completions: 2, animated: true, requests: 2)
        )
        let completions = machine.turnPlanned()
        #expect(
            snapshot(machine) == Snapshot(shown: ["b"], displayed: ["a"], animated: true, settling: ["b"], requests: 2))
        for completion in completions { completion(true) }
        #expect(finished == ["first true", "second true"])
    }

    @Test func aTurnBeginsShowsItsPagesSettlesItsMovesAndEnds() throws {
        var machine = try showing(cast.a)
        _ = try machine.requestBegan([cast.b])
        machine.pageAdopted(cast.b)
        machine.adoptionsEnded(animated: true, completion: nil)
        _ = machine.turnPlanned()
        #expect(
            snapshot(machine) == Snapshot(shown: ["b"], displayed: ["a"], animated: true, settling: ["b"], requests: 2))
        machine.turnBegan()
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .turnInFlight, shown: ["b"], displayed: ["a"], animated: true, settling: ["b"], requests: 2))
        // A request made while the turn is in flight waits, pending, for the next one.
        _ = try machine.requestBegan([cast.c])
        machine.pageAdopted(cast.c)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .turnInFlight, shown: ["c"], displayed: ["a"], pending: ["c"], animated: true,
                    settling: ["b"], requests: 3))
        machine.pagesDisplayed([cast.b])
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .turnInFlight, shown: ["c"], displayed: ["b"], pending: ["c"], animated: true,
                    settling: ["b"], requests: 3))
        #expect(names(machine.settlingTaken()) == ["b"])
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .turnInFlight, shown: ["c"], displayed: ["b"], pending: ["c"], animated: true, requests: 3))
        #expect(try machine.turnEnded() == false)
        #expect(
            snapshot(machine) == Snapshot(shown: ["c"], displayed: ["b"], pending: ["c"], animated: true, requests: 3))
    }

    @Test func aTurnThatEndsWhenNoneIsInFlightIsRefused() throws {
        expectRefusal(Machine.Refusal.noTurnInFlight, from: Machine(pagesShownAtOnce: 1), comparing: snapshot) {
            _ = try $0.turnEnded()
        }
        var ended = try showing(cast.a)
        ended.turnBegan()
        #expect(try ended.turnEnded() == false)
        #expect(snapshot(ended) == Snapshot(shown: ["a"], displayed: ["a"], requests: 1))
        expectRefusal(Machine.Refusal.noTurnInFlight, from: ended, comparing: snapshot) { _ = try $0.turnEnded() }
    }

    // MARK: Swipes

    @Test func aSwipeThatCompletesShowsItsPages() throws {
        var machine = try showing(cast.a)
        let requestsBefore = machine.requestsMade
        machine.swipeBegan()
        #expect(snapshot(machine) == Snapshot(phase: .swipeInFlight, shown: ["a"], displayed: ["a"], requests: 1))
        machine.pagesDisplayed([cast.b])
        #expect(snapshot(machine) == Snapshot(phase: .swipeInFlight, shown: ["a"], displayed: ["b"], requests: 1))
        machine.swipeCompleted(showing: [cast.b], requestsMadeBefore: requestsBefore)
        #expect(snapshot(machine) == Snapshot(phase: .swipeInFlight, shown: ["b"], displayed: ["b"], requests: 1))
        #expect(try machine.turnEnded() == false)
        #expect(snapshot(machine) == Snapshot(shown: ["b"], displayed: ["b"], requests: 1))
    }

    @Test func aSwipeThatCompletesAfterARequestLeavesThatRequestsPages() throws {
        var machine = try showing(cast.a)
        let requestsBefore = machine.requestsMade
        machine.swipeBegan()
        _ = try machine.requestBegan([cast.c])
        #expect(snapshot(machine) == Snapshot(phase: .swipeInFlight, shown: ["c"], displayed: ["a"], requests: 2))
        machine.swipeCompleted(showing: [cast.b], requestsMadeBefore: requestsBefore)
        #expect(snapshot(machine) == Snapshot(phase: .swipeInFlight, shown: ["c"], displayed: ["a"], requests: 2))
    }

    @Test func aTurnThatBeginsWhileAnotherIsInFlightTakesItsPlaceAndTheFirstEndEndsThePhase() throws {
        var machine = try showing(cast.a)
        machine.turnBegan()
        #expect(snapshot(machine) == Snapshot(phase: .turnInFlight, shown: ["a"], displayed: ["a"], requests: 1))
        machine.swipeBegan()
        #expect(snapshot(machine) == Snapshot(phase: .swipeInFlight, shown: ["a"], displayed: ["a"], requests: 1))
        machine.turnBegan()
        #expect(snapshot(machine) == Snapshot(phase: .turnInFlight, shown: ["a"], displayed: ["a"], requests: 1))
        #expect(try machine.turnEnded() == false)
        #expect(snapshot(machine) == Snapshot(shown: ["a"], displayed: ["a"], requests: 1))
        expectRefusal(Machine.Refusal.noTurnInFlight, from: machine, comparing: snapshot) { _ = try $0.turnEnded() }
    }
}
