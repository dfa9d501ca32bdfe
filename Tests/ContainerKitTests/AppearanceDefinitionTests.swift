import ContainerKit
import ContainerKitTesting
import Testing

/// A container that forwards appearance by hand (F4) and drives nothing: what its children get is
/// up to it.
private final class HandForwarding: ContainerController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// The one definition of what a controller's appearance should be once the turn is over, and what
/// drives it (`AppearanceDefinition`, F2, F4, F6, F7), on small trees.
@Suite @MainActor struct AppearanceDefinitionTests {
    /// A child whose root view is in its parent's, in a visible window: its parent drives it (F1),
    /// the window drives the root (F2), and both should have appeared.
    @Test func aChildInAVisibleWindowIsItsParents() {
        let parent = ContainerController(name: "p")
        let child = Leaf(name: "c")
        embed(child, in: parent)
        let window = show(parent)

        #expect(definition(of: parent) == Expectation(.window, .appeared))
        #expect(definition(of: child) == Expectation(.parent, .appeared))
        #expect(child.appearanceState == .appeared)
        #expect(AppearanceDefinition(of: child).isRequired)
        withExtendedLifetime(window) {}
    }

    /// Below a container that forwards by hand, nothing but that container drives a controller
    /// (F4): the definition names it and requires nothing, even with the view in the visible window
    /// and the child still disappeared.
    @Test func aChildOfAContainerThatForwardsByHandIsLeftToIt() {
        let manual = HandForwarding(name: "m")
        let child = ContainerController(name: "c")
        let grandchild = Leaf(name: "g")
        embed(child, in: manual)
        embed(grandchild, in: child)
        let window = show(manual)

        #expect(definition(of: manual) == Expectation(.window, .appeared))
        #expect(definition(of: child) == Expectation(.manual, .appeared))
        #expect(definition(of: grandchild) == Expectation(.manual, .appeared))
        #expect(child.appearanceState == .disappeared)
        #expect(!AppearanceDefinition(of: child).isRequired)
        withExtendedLifetime(window) {}
    }

    /// In a hidden window, the window still drives its root's tree (F2), and every controller
    /// should have disappeared.
    @Test func aHiddenWindowsTreeShouldHaveDisappeared() {
        let parent = ContainerController(name: "p")
        let child = Leaf(name: "c")
        embed(child, in: parent)
        let window = show(parent)
        window.isHidden = true
        window.runUntilIdle()

        #expect(definition(of: parent) == Expectation(.window, .disappeared))
        #expect(definition(of: child) == Expectation(.parent, .disappeared))
        #expect(parent.appearanceState == .disappeared)
        #expect(child.appearanceState == .disappeared)
    }

    /// A navigation controller drives only its top (F6): a controller below the top, its view out of
    /// the window, is driven by nothing and should have disappeared.
    @Test func aNavigationControllersControllerBelowTheTopIsDrivenByNothing() {
        let a = Leaf(name: "a")
        let b = Leaf(name: "b")
        let nav = NavigationController(name: "nav", rootController: a)
        nav.push(b, animated: false)
        let window = show(nav)

        #expect(definition(of: nav) == Expectation(.window, .appeared))
        #expect(definition(of: b) == Expectation(.parent, .appeared))
        #expect(definition(of: a) == Expectation(.none, .disappeared))
        #expect(a.appearanceState == .disappeared)
        withExtendedLifetime(window) {}
    }

    /// While an animated push is in flight, the transition drives both controllers (F7) and the
    /// definition requires nothing of them; once it completes, the new top is its parent's and the
    /// old one is driven by nothing.
    @Test func aPushInFlightOwnsTheControllersItMoves() throws {
        let a = Leaf(name: "a")
        let b = Leaf(name: "b")
        let nav = NavigationController(name: "nav", rootController: a)
        let window = show(nav)
        let driver = ManualAnimationDriver()
        driver.install(on: window)
        nav.push(b, animated: true)
        window.runUntilIdle()

        #expect(b.appearanceState == .appearing)
        #expect(definition(of: a) == Expectation(.transition, .appeared))
        #expect(definition(of: b) == Expectation(.transition, .appeared))
        #expect(!AppearanceDefinition(of: b).isRequired)
        #expect(definition(of: nav) == Expectation(.window, .appeared))

        try #require(window.animationsInFlight.count == 1)
        window.animationsInFlight[0].complete(finished: true)
        window.runUntilIdle()

        #expect(definition(of: b) == Expectation(.parent, .appeared))
        #expect(definition(of: a) == Expectation(.none, .disappeared))
        #expect(b.appearanceState == .appeared)
        #expect(a.appearanceState == .disappeared)
    }

    // MARK: - Helpers

    /// The driver and the expected state, compared as one value so a failure shows both.
    private struct Expectation: Equatable, CustomTestStringConvertible {
        let driver: AppearanceDriver
        let expected: AppearanceState

        init(_ driver: AppearanceDriver, _ expected: AppearanceState) {
            self.driver = driver
            self.expected = expected
        }

        var testDescription: String { "\(expected), driven by \(driver)" }
    }

    private func definition(of controller: Controller) -> Expectation {
        let definition = AppearanceDefinition(of: controller)
        return Expectation(definition.driver, definition.expected)
    }
}
