import ContainerKit

/// Guards that keep the default run green while engine bugs the randomized tests found are open.
///
/// Each guard skips the operations that reach one bug, and names it; the soak run prints how many
/// steps each guard skipped. When a new bug is found, add a guard here, with a small reproduction
/// of the bug inside `withKnownIssue` in a test suite; once it is fixed, remove both and turn the
/// reproduction into a regression test (`Tests/ContainerKitTests/Regression`).
///
/// Open: AA, AB, AC and AE (EngineBugReproductions.swift). Z and AD, the last ones fixed, are in
/// ReentrancyRegressionTests.swift; L and N, fixed before them, in BuiltInRegressionTests.swift.
extension RandomWorld {
    /// The bug `step` would reach, if any.
    func knownBug(reachedBy step: PreparedStep, _ operation: Operation) -> String? {
        // All of them are reached from inside a callback, by an armed operation (`reenter`).
        guard let callback = armedCallback else { return nil }
        if callback.isWillCallback, operation.movesViewsOrControllers, !isTurn {
            return "AA: a will-callback of an appearance walk moves a controller the walk has yet to reach"
        }
        if let container = step.facts.container,
            container === tabBar || container === pages || (container === navigation && isSettingTheStack),
            callback == .willMove || container === topLevelFacts?.container
        {
            return "AE: a request to a built-in container from a callback its change of contents sends"
        }
        if callback == .didMove || callback == .viewDidLoad, asksABuiltInContainer(step) {
            return "AC: a request to a built-in container from a didMove(toParent:) sent as moves settle"
        }
        if takesWhatABuiltInContainerIsAdopting(step, operation)
            || callback == .willMove && endsAGesture && !step.facts.adopting.isEmpty
        {
            return "AB: a controller a built-in container is about to adopt given elsewhere from a callback"
        }
        return nil
    }

    /// Whether the step gives to something else a controller that the top-level step asks a
    /// built-in container to adopt and that it has not adopted yet: the callbacks of the removals
    /// that `tabs.controllers = […]` or `nav.setControllers(…)` begins run before the additions.
    private func takesWhatABuiltInContainerIsAdopting(_ step: PreparedStep, _ operation: Operation) -> Bool {
        guard let top = topLevelFacts, let container = top.container, isBuiltIn(container),
            step.facts.container !== container
        else { return false }
        let pending = top.adopting.filter { $0.parent !== container }
        var taken = step.facts.adopting
        if let presented = step.facts.presentation?.presented { taken.append(presented) }
        if case .setRoot(let pick?) = operation, let root = resolve(pick) { taken.append(root) }
        // The container itself, given to another parent meanwhile: when that parent is one of the
        // controllers it is about to adopt, the two end up holding each other, and the engine's
        // walks loop for ever (soak seed 7379972235312297287).
        if step.facts.adopting.contains(where: { $0 === container }) { return true }
        return taken.contains { controller in pending.contains { $0 === controller } }
    }

    /// Whether the top-level step ends a gesture, which runs the requests deferred during it
    /// (`nav.setControllers(…)` asked for during a swipe back, say).
    private var endsAGesture: Bool {
        switch topLevelOperation {
        case .finishGesture?, .cancelGesture?, .driverCancelGesture?: return true
        default: return false
        }
    }

    /// Whether the top-level step is `nav.setControllers(…)`.
    private var isSettingTheStack: Bool {
        if case .setStack? = topLevelOperation { return true }
        return false
    }

    /// Whether the step is a request to a built-in container (a tab selection may pop the
    /// navigation controller to its root too).
    private func asksABuiltInContainer(_ step: PreparedStep) -> Bool {
        guard let container = step.facts.container else { return false }
        return isBuiltIn(container)
    }

    /// Whether the top-level step is a turn (`window.runUntilIdle()`, or the turns of a settle), in
    /// which visible transitions start.
    private var isTurn: Bool {
        switch topLevelOperation {
        case .runUntilIdle?, .settle?: return true
        default: return false
        }
    }
}

extension Operation {
    /// Whether the operation may move a view out of (or into) the visible window, hide the window,
    /// or give a controller another parent: it moves views or controllers by hand, shows or hides
    /// the window, asks a built-in container for other children, or runs a presentation or a
    /// `transition(from:to:…)`.
    fileprivate var movesViewsOrControllers: Bool {
        switch self {
        case .addSubview, .insertSubview, .removeFromSuperview, .embed, .unembed, .transition, .swapChild,
            .present, .dismiss, .hideWindow, .setRoot, .addChild, .removeFromParent, .push, .pop, .popToRoot,
            .popTo, .setStack, .setTabs, .setPages, .selectTab, .userSelect, .beginPaging, .beginInteractivePop,
            .beginInteractiveDismissal, .showWindow:
            return true
        default:
            return false
        }
    }
}

extension HookedCallback {
    /// `viewDidLoad`, `viewWillAppear`, `viewIsAppearing` or `viewWillDisappear`: a callback sent
    /// as an appearance transition begins (a view is loaded as it begins to appear).
    fileprivate var isWillCallback: Bool {
        switch self {
        case .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewWillDisappear: true
        case .viewDidAppear, .viewDidDisappear, .willMove, .didMove: false
        }
    }
}
