/// A visible navigation transition: what it takes out and brings in. A reference, so the
/// animation's completion holds the controllers only through it, and lets them go when it ends.
@MainActor
final class NavigationTransition {
    var from: Controller?
    var to: Controller?
    let animated: Bool
    let completions: [() -> Void]

    init(from: Controller?, to: Controller?, animated: Bool, completions: [() -> Void]) {
        self.from = from
        self.to = to
        self.animated = animated
        self.completions = completions
    }
}

extension NavigationController: VisibleTransitionHost {
    /// The duration of an animated navigation transition, in seconds.
    public static let transitionDuration = 0.35

    func startVisibleTransition(in window: Window, done: @escaping () -> Void) {
        guard isInVisibleWindow, storedView?.storedWindow === window else {
            settlingOffScreen(settleOffScreen)
            done()
            return
        }
        settlingMoves = openMoves
        openMoves = []
        let transition = NavigationTransition(
            from: shown, to: controllers.last, animated: pendingAnimated, completions: pendingCompletions)
        pendingCompletions = []
        let incoming = transition.to
        guard incoming !== transition.from else {
            transition.from = nil
            transition.to = nil
            let leaving = settleMoves()
            runCompletions(transition.completions)
            release(leaving)
            checkInvariants()
            done()
            return
        }
        let animated = transition.animated
        let coordinator = Coordinator(isAnimated: animated, duration: animated ? Self.transitionDuration : 0)
        ownTransitionCoordinator = coordinator
        incoming?.loadViewIfNeeded()
        if let outgoing = transition.from {
            drive(outgoing, .begin(appearing: false, animated: animated, timing: .afterWillAppear))
        }
        // Each callback may re-enter the engine (take this controller out of the window, hide the
        // window), so whether it is still on screen is read again after them (Reentrancy.md).
        if let incoming {
            beginAppearance(ofIncoming: incoming, animated: animated, in: window)
            tellDelegateWillShow(incoming, animated: animated)
            installView(of: incoming)
        }
        coordinator.runAlongsideAnimations()
        let finish: (Bool) -> Void = { [self] _ in
            completeTransition(transition)
            done()
        }
        let goesOn = goesOnAfterItsStart(
            in: window, transition: "The navigation transition", incoming: incoming.map { [$0] } ?? [])
        guard animated, goesOn else {
            finish(true)
            return
        }
        window.animationStarted(
            TransitionAnimation(
                kind: .navigation, container: self, from: transition.from.map { [$0] } ?? [],
                to: incoming.map { [$0] } ?? [],
                duration: Self.transitionDuration, window: window, completion: finish))
    }

    /// The end of a visible transition (spec §6): the appearance did-callbacks, the coordinator's
    /// completions, the moves it settles, `didShow`, the requests' completions, then the
    /// deallocation of what it removed, from the old top down. A transition to an empty stack
    /// (no incoming controller) takes the old top out and shows nothing: no `didShow`.
    func completeTransition(_ transition: NavigationTransition) {
        let incoming = transition.to
        if let outgoing = transition.from, outgoing !== incoming { uninstallView(of: outgoing) }
        shown = incoming
        if let outgoing = transition.from { drive(outgoing, .end(appearing: false)) }
        if let incoming { endIncomingAppearance(of: incoming, animated: transition.animated) }
        ownTransitionCoordinator?.complete(cancelled: false)
        ownTransitionCoordinator = nil
        let leaving = settleMoves()
        if let incoming { tellDelegateDidShow(incoming, animated: transition.animated) }
        runCompletions(transition.completions)
        transition.from = nil
        transition.to = nil
        release(leaving)
        checkInvariants()
    }

    /// Off screen: the moves and completions settle inside the call, with no appearance callbacks,
    /// and the view shows the new top if it is loaded.
    func settleOffScreen() {
        settlingMoves += openMoves
        openMoves = []
        let completions = pendingCompletions
        pendingCompletions = []
        let top = controllers.last
        if top !== shown {
            if let shown { uninstallView(of: shown) }
            shown = top
            if let top, isViewLoaded { installView(of: top) }
        }
        let leaving = settleMoves()
        runCompletions(completions)
        release(leaving)
        checkInvariants()
    }

    /// Ends the moves the transition settles: `didMove(toParent: nil)` for those that left, from the
    /// old top down, then `didMove(toParent: self)` for those that joined, from the bottom up (and a
    /// controller popped while a move that keeps it in the stack was in flight, its push or a
    /// cancelled swipe back: that move ends, then its removal begins, R7). Returns the controllers
    /// that left, from the old top down, for ``release(_:)``.
    func settleMoves() -> [Controller] {
        var leaving: [Controller] = []
        changingContents { leaving = endSettlingMoves() }
        return leaving
    }

    /// The moves of ``settleMoves()``, ended while the change is under way.
    private func endSettlingMoves() -> [Controller] {
        let moves = settlingMoves
        settlingMoves = []
        let waiting = Set(removalsAfterSettling.map { ObjectIdentifier($0.controller) })
        let inStack = { (controller: Controller) in self.controllers.contains { $0 === controller } }
        let stays = { (move: OpenMove) in
            inStack(move.controller) || (move.formerIndex == nil && waiting.contains(ObjectIdentifier(move.controller)))
        }
        let leaving = moves.filter { !stays($0) }.sorted { ($0.formerIndex ?? -1) > ($1.formerIndex ?? -1) }
            .map(\.controller)
        // Decided before calling out: a controller that left may be pushed again from its
        // `didMove(toParent: nil)`, and that push opens (and, off screen, ends) a move of its own.
        let joining = Set(moves.filter(stays).map { ObjectIdentifier($0.controller) })
        for controller in leaving {
            endMove(of: controller, stays: false)
        }
        for controller in controllers where joining.contains(ObjectIdentifier(controller)) {
            endMove(of: controller, stays: true)
        }
        let poppedInFlight = removalsAfterSettling
        removalsAfterSettling = []
        for removal in poppedInFlight where joining.contains(ObjectIdentifier(removal.controller)) {
            endMove(of: removal.controller, stays: true)
        }
        for removal in poppedInFlight where !inStack(removal.controller) {
            beginRemovingChild(removal.controller)
            openMoves.append(removal)
        }
        return leaving
    }

    /// Lets go of the controllers a transition removed, one at a time in order, so those nothing
    /// else holds are deallocated in that order, after everything else the transition sent.
    func release(_ controllers: [Controller]) {
        var controllers = controllers
        while !controllers.isEmpty {
            controllers.removeFirst()
        }
    }

    func tellDelegateWillShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        LifecycleObservation.emit(.navigationWillShow(id, controller.id, animated: animated), source: .controller(id))
        CallbackDelivery.run("delegate.navigationController(_:willShow:animated:)", of: self) {
            delegate.navigationController(self, willShow: controller, animated: animated)
        }
    }

    func tellDelegateDidShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        LifecycleObservation.emit(.navigationDidShow(id, controller.id, animated: animated), source: .controller(id))
        CallbackDelivery.run("delegate.navigationController(_:didShow:animated:)", of: self) {
            delegate.navigationController(self, didShow: controller, animated: animated)
        }
    }
}
