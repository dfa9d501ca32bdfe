import ContainerKit
import Testing

// The tab selection's value machine (spec §7): every event from the states it is legal in, and
// every refusal, each with the whole state it leaves. States are reached by driving events from a
// fresh machine, as the tab bar controller does.

// MARK: - Fixtures

private typealias Machine = TabSelectionMachine

/// Everything a machine holds, in comparable form: controllers by name, the half-done switch as
/// `#number from>to` (`-` for nil).
private struct Snapshot: Hashable, CustomStringConvertible {
    var phase: Machine.Phase = .idle
    var controllers: [String] = []
    var selectedIndex: Int?
    var shown: String?
    var removalsAfterSwitch: [String] = []
    var inFlightSwitch: String?
    var switchesStarted: UInt64 = 0

    var description: String {
        "\(phase) \(controllers) selected \(selectedIndex.map(String.init) ?? "-") shown \(shown ?? "-") "
            + "removals \(removalsAfterSwitch) switch \(inFlightSwitch ?? "-") started \(switchesStarted)"
    }
}

@MainActor
private func name(_ controller: Controller?) -> String? {
    controller.map { "\($0.id)" }
}

/// A switch as a snapshot shows it.
@MainActor
private func described(_ tabSwitch: Machine.Switch?) -> String? {
    tabSwitch.map { "#\($0.number) \(name($0.from) ?? "-")>\(name($0.to) ?? "-")" }
}

@MainActor
private func snapshot(_ machine: Machine) -> Snapshot {
    Snapshot(
        phase: machine.phase, controllers: machine.controllers.map { "\($0.id)" }, selectedIndex: machine.selectedIndex,
        shown: name(machine.shown), removalsAfterSwitch: machine.removalsAfterSwitch.map { "\($0.id)" },
        inFlightSwitch: described(machine.inFlightSwitch), switchesStarted: machine.switchesStarted)
}

/// The controllers the tests make tabs of.
@MainActor
private struct TabCast {
    let a = Controller(name: "a")
    let b = Controller(name: "b")
    let c = Controller(name: "c")
}

/// A machine idle with `tabs`, the one at `selected` selected and shown, as after the tabs are set
/// and their switch has settled off screen.
@MainActor
private func idle(_ tabs: [Controller], selected: Int = 0) throws -> Machine {
    var machine = Machine()
    machine.tabsChanged(to: tabs)
    try machine.tabSelected(at: selected)
    machine.shownOffScreen(tabs[selected])
    return machine
}

/// `idle(tabs)` showing the first tab, then the tab at `index` selected and its switch begun and
/// its views swapped: the switch is half done.
@MainActor
private func halfDone(_ tabs: [Controller], switchingTo index: Int) throws -> (Machine, Machine.Switch) {
    var machine = try idle(tabs)
    try machine.tabSelected(at: index)
    let started = try machine.switchBegan(from: tabs[0], to: tabs[index])
    machine.viewsSwapped(number: started.number)
    return (machine, started)
}

// MARK: - Tests

@Suite @MainActor struct TabSelectionMachineTests {
    private let cast = TabCast()

    @Test func aFreshMachineHasNoTabsAndNoSelection() {
        let machine = Machine()
        #expect(snapshot(machine) == Snapshot())
        #expect(machine.selectedController == nil)
        #expect(machine.pendingSwitch == nil)
        #expect(!machine.isTab(cast.a))
        #expect(machine.index(of: cast.a) == nil)
    }

    // MARK: The tabs and the selection

    @Test func theFirstTabsSelectTheFirstAndAskForASwitchToIt() {
        var machine = Machine()
        machine.tabsChanged(to: [cast.a, cast.b])
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], selectedIndex: 0))
        #expect(machine.selectedController === cast.a)
        #expect(machine.pendingSwitch?.from == nil)
        #expect(machine.pendingSwitch?.to === cast.a)
        #expect(machine.isTab(cast.b))
        #expect(machine.index(of: cast.b) == 1)
        #expect(!machine.isTab(cast.c))
    }

    @Test func theSelectionFollowsTheSelectedTabWhenItStays() throws {
        var machine = try idle([cast.a, cast.b], selected: 1)
        machine.tabsChanged(to: [cast.b, cast.c, cast.a])
        #expect(snapshot(machine) == Snapshot(controllers: ["b", "c", "a"], selectedIndex: 0, shown: "b"))
        #expect(machine.pendingSwitch == nil)
    }

    @Test func theSelectionKeepsItsIndexClampedWhenTheSelectedTabGoes() throws {
        var sameIndex = try idle([cast.a, cast.b], selected: 1)
        sameIndex.tabsChanged(to: [cast.a, cast.c])
        #expect(snapshot(sameIndex) == Snapshot(controllers: ["a", "c"], selectedIndex: 1, shown: "b"))
        #expect(sameIndex.pendingSwitch?.from === cast.b)
        #expect(sameIndex.pendingSwitch?.to === cast.c)

        var clamped = try idle([cast.a, cast.b], selected: 1)
        clamped.tabsChanged(to: [cast.c])
        #expect(snapshot(clamped) == Snapshot(controllers: ["c"], selectedIndex: 0, shown: "b"))

        var none = try idle([cast.a, cast.b], selected: 1)
        none.tabsChanged(to: [])
        #expect(snapshot(none) == Snapshot(shown: "b"))
        #expect(none.pendingSwitch?.from === cast.b)
        #expect(none.pendingSwitch?.to == nil)
    }

    @Test func aTabThatCouldNotBeAdoptedLeavesTheTabsAndTheSelectionFollows() throws {
        var machine = try idle([cast.a, cast.b], selected: 1)
        machine.tabsChanged(to: [cast.a, cast.b, cast.c])
        machine.adoptionFailed(of: cast.c)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], selectedIndex: 1, shown: "b"))
        machine.adoptionFailed(of: cast.b)
        #expect(snapshot(machine) == Snapshot(controllers: ["a"], selectedIndex: 0, shown: "b"))
    }

    @Test func aTabIsSelectedByIndexInEveryPhase() throws {
        var machine = try idle([cast.a, cast.b, cast.c])
        try machine.tabSelected(at: 2)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b", "c"], selectedIndex: 2, shown: "a"))
        #expect(machine.selectedController === cast.c)

        var (switching, _) = try halfDone([cast.a, cast.b, cast.c], switchingTo: 1)
        try switching.tabSelected(at: 2)
        #expect(
            snapshot(switching)
                == Snapshot(
                    phase: .switchHalfDone, controllers: ["a", "b", "c"], selectedIndex: 2, shown: "b",
                    inFlightSwitch: "#1 a>b", switchesStarted: 1))
    }

    @Test func anIndexThatNamesNoTabIsRefused() throws {
        expectRefusal(Machine.Refusal.noTab(index: 0, count: 0), from: Machine(), comparing: snapshot) {
            try $0.tabSelected(at: 0)
        }
        let machine = try idle([cast.a, cast.b])
        expectRefusal(Machine.Refusal.noTab(index: 2, count: 2), from: machine, comparing: snapshot) {
            try $0.tabSelected(at: 2)
        }
        expectRefusal(Machine.Refusal.noTab(index: -1, count: 2), from: machine, comparing: snapshot) {
            try $0.tabSelected(at: -1)
        }
    }

    // MARK: Removals

    @Test func theRemovalOfTheTabShownWaitsForTheSwitchOthersEndNow() throws {
        var machine = try idle([cast.a, cast.b], selected: 1)
        machine.tabsChanged(to: [cast.c])
        #expect(machine.removalBegan(of: cast.a) == false)
        #expect(snapshot(machine) == Snapshot(controllers: ["c"], selectedIndex: 0, shown: "b"))
        #expect(machine.removalBegan(of: cast.b) == true)
        #expect(
            snapshot(machine) == Snapshot(controllers: ["c"], selectedIndex: 0, shown: "b", removalsAfterSwitch: ["b"]))
    }

    @Test func theRemovalOfTheTabAHalfDoneSwitchTakesOffScreenWaitsForIt() throws {
        var (machine, _) = try halfDone([cast.a, cast.b, cast.c], switchingTo: 1)
        machine.tabsChanged(to: [cast.b])
        #expect(machine.removalBegan(of: cast.a) == true)
        #expect(machine.removalBegan(of: cast.c) == false)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .switchHalfDone, controllers: ["b"], selectedIndex: 0, shown: "b",
                    removalsAfterSwitch: ["a"], inFlightSwitch: "#1 a>b", switchesStarted: 1))
    }

    @Test func aTabPutBackBeforeItsSwitchNoLongerWaits() throws {
        var machine = try idle([cast.a, cast.b], selected: 1)
        machine.tabsChanged(to: [cast.a])
        _ = machine.removalBegan(of: cast.b)
        machine.tabsChanged(to: [cast.a, cast.b])
        machine.removalCancelled(of: cast.b)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], selectedIndex: 0, shown: "b"))
        // One whose removal does not wait changes nothing.
        let before = snapshot(machine)
        machine.removalCancelled(of: cast.c)
        #expect(snapshot(machine) == before)
    }

    // MARK: Switches

    @Test func aSwitchBeginsThenSwapsTheViewsThenIsHalfDoneUntilItCompletes() throws {
        var machine = try idle([cast.a, cast.b])
        try machine.tabSelected(at: 1)
        let started = try machine.switchBegan(from: cast.a, to: cast.b)
        #expect(started.number == 1)
        #expect(started.from === cast.a)
        #expect(started.to === cast.b)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .switchBeginning, controllers: ["a", "b"], selectedIndex: 1, shown: "a",
                    inFlightSwitch: "#1 a>b", switchesStarted: 1))
        #expect(machine.shownNext === cast.b)
        #expect(machine.pendingSwitch == nil)
        machine.viewsSwapped(number: started.number)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .switchHalfDone, controllers: ["a", "b"], selectedIndex: 1, shown: "b",
                    inFlightSwitch: "#1 a>b", switchesStarted: 1))
        #expect(machine.shownNext === cast.b)
        #expect(machine.pendingSwitch == nil)
        machine.switchCompleted(number: started.number)
        #expect(
            snapshot(machine) == Snapshot(controllers: ["a", "b"], selectedIndex: 1, shown: "b", switchesStarted: 1))
    }

    @Test func whileASwitchBeginsASelectionIsMeasuredAgainstTheTabItBringsIn() throws {
        var machine = try idle([cast.a, cast.b, cast.c])
        try machine.tabSelected(at: 1)
        _ = try machine.switchBegan(from: cast.a, to: cast.b)
        // Back to the tab shown: a switch of its own, from the tab the switch brings in.
        try machine.tabSelected(at: 0)
        #expect(machine.pendingSwitch?.from === cast.b)
        #expect(machine.pendingSwitch?.to === cast.a)
        // The removals of the tab it brings in and of the tab it takes off screen wait for it.
        machine.tabsChanged(to: [cast.c])
        #expect(machine.removalBegan(of: cast.b) == true)
        #expect(machine.removalBegan(of: cast.a) == true)
        #expect(machine.switchFinished().isEmpty)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .switchBeginning, controllers: ["c"], selectedIndex: 0, shown: "a",
                    removalsAfterSwitch: ["b", "a"], inFlightSwitch: "#1 a>b", switchesStarted: 1))
    }

    @Test func aSwitchThatWouldShowWhatItHidesIsRefused() throws {
        let machine = try idle([cast.a, cast.b])
        expectRefusal(Machine.Refusal.nothingToSwitch, from: machine, comparing: snapshot) {
            _ = try $0.switchBegan(from: cast.a, to: cast.a)
        }
        expectRefusal(Machine.Refusal.nothingToSwitch, from: Machine(), comparing: snapshot) {
            _ = try $0.switchBegan(from: nil, to: nil)
        }
    }

    @Test func aSwitchStartedWhileAnotherIsHalfDoneTakesItsPlace() throws {
        var (machine, first) = try halfDone([cast.a, cast.b, cast.c], switchingTo: 1)
        try machine.tabSelected(at: 2)
        let second = try machine.switchBegan(from: cast.b, to: cast.c)
        #expect(second.number == 2)
        // The first one's views swapping again changes nothing.
        let beginning = snapshot(machine)
        machine.viewsSwapped(number: first.number)
        #expect(snapshot(machine) == beginning)
        machine.viewsSwapped(number: second.number)
        let expected = Snapshot(
            phase: .switchHalfDone, controllers: ["a", "b", "c"], selectedIndex: 2, shown: "c",
            inFlightSwitch: "#2 b>c", switchesStarted: 2)
        #expect(snapshot(machine) == expected)
        // The first one's did-half comes, and leaves the second half done.
        machine.switchCompleted(number: first.number)
        #expect(snapshot(machine) == expected)
        machine.switchCompleted(number: second.number)
        #expect(
            snapshot(machine)
                == Snapshot(controllers: ["a", "b", "c"], selectedIndex: 2, shown: "c", switchesStarted: 2))
    }

    @Test func offScreenTheTabShownChangesWithNoSwitch() throws {
        var machine = try idle([cast.a, cast.b])
        try machine.tabSelected(at: 1)
        machine.shownOffScreen(cast.b)
        #expect(snapshot(machine) == Snapshot(controllers: ["a", "b"], selectedIndex: 1, shown: "b"))
        machine.tabsChanged(to: [])
        machine.shownOffScreen(nil)
        #expect(snapshot(machine) == Snapshot())
    }

    @Test func aFinishedSwitchEndsTheRemovalsNoSwitchShowsAnyMoreInOrder() throws {
        // Nothing waits: nothing ends.
        var idleMachine = try idle([cast.a])
        #expect(idleMachine.switchFinished().isEmpty)
        #expect(snapshot(idleMachine) == Snapshot(controllers: ["a"], selectedIndex: 0, shown: "a"))

        // `a` leaves with the half-done switch, `b` is shown, `c` was shown and is no longer.
        var (machine, started) = try halfDone([cast.a, cast.b, cast.c], switchingTo: 1)
        machine.tabsChanged(to: [cast.c])
        _ = machine.removalBegan(of: cast.a)
        _ = machine.removalBegan(of: cast.b)
        #expect(machine.switchFinished().isEmpty)
        #expect(
            snapshot(machine)
                == Snapshot(
                    phase: .switchHalfDone, controllers: ["c"], selectedIndex: 0, shown: "b",
                    removalsAfterSwitch: ["a", "b"], inFlightSwitch: "#1 a>b", switchesStarted: 1))
        machine.switchCompleted(number: started.number)
        #expect(machine.switchFinished().map(\.id) == [cast.a.id])
        #expect(
            snapshot(machine)
                == Snapshot(
                    controllers: ["c"], selectedIndex: 0, shown: "b", removalsAfterSwitch: ["b"], switchesStarted: 1))
        machine.shownOffScreen(cast.c)
        #expect(machine.switchFinished().map(\.id) == [cast.b.id])
        #expect(snapshot(machine) == Snapshot(controllers: ["c"], selectedIndex: 0, shown: "c", switchesStarted: 1))
    }
}
