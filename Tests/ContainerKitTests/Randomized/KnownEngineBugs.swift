import ContainerKit

/// Guards that keep the default run green while engine bugs the randomized tests found are open.
///
/// Each guard skips the operations that reach one bug, and names it; the soak run prints how many
/// steps each guard skipped. When a new bug is found, add a guard here, with a small reproduction
/// of the bug inside `withKnownIssue` in a test suite; once it is fixed, remove both and turn the
/// reproduction into a regression test (`Tests/ContainerKitTests/Regression`).
///
/// Open: Z and AD (EngineBugReproductions.swift). AA, fixed last, is in
/// WindowWalkReentrancyTests.swift; AB, AC and AE in ReentrancyRegressionTests.swift, as is Y.
extension RandomWorld {
    /// The bug `step` would reach, if any.
    func knownBug(reachedBy step: PreparedStep, _ operation: Operation) -> String? {
        // All of them are reached from inside a callback, by an armed operation (`reenter`).
        guard let callback = armedCallback else { return nil }
        if callback.isWillCallback, operation.movesViewsOrControllers, startsVisibleTransitions {
            return "Z: a will-callback of a visible transition's start moves what the transition shows"
        }
        if callback == .willMove, operation.movesViews, startsABuiltInContainersChange {
            return "Z: a willMove(toParent:) of a built-in container's change moves views or hides the window"
        }
        if let container = step.facts.container, isBuiltIn(container), container.appearanceState != .disappeared,
            !isInVisibleWindow(container)
        {
            return "AD: a built-in container out of a window changes what it shows before it has disappeared"
        }
        return nil
    }

    /// Whether the top-level step is a request to a built-in container.
    private var startsABuiltInContainersChange: Bool {
        guard let container = topLevelFacts?.container else { return false }
        return isBuiltIn(container)
    }

    /// Whether the top-level step may start a visible transition, or turn one back: a turn
    /// (`window.runUntilIdle()`, or the turns of a settle), or the start or the end of an
    /// interactive one (a cancelled swipe sends its will-callbacks again, the other way).
    private var startsVisibleTransitions: Bool {
        switch topLevelOperation {
        case .runUntilIdle?, .settle?, .beginPaging?, .beginInteractivePop?, .beginInteractiveDismissal?,
            .finishGesture?, .cancelGesture?, .driverCancelGesture?:
            return true
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

    /// Whether the operation moves views (by hand, or through a presentation or a transition), or
    /// shows or hides the window.
    fileprivate var movesViews: Bool {
        switch self {
        case .addSubview, .insertSubview, .removeFromSuperview, .embed, .unembed, .transition, .swapChild,
            .present, .dismiss, .hideWindow, .showWindow, .setRoot:
            true
        default: false
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
