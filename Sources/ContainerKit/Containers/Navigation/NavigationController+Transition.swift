extension NavigationController: VisibleTransitionHost {
    /// The duration of an animated navigation transition, in seconds.
    public static let transitionDuration = 0.35

    func startVisibleTransition(in window: Window, done: @escaping () -> Void) {
        guard isInVisibleWindow, storedView?.storedWindow === window else {
            settleOffScreen()
            done()
            return
        }
        settlingMoves = openMoves
        openMoves = []
        let completions = pendingCompletions
        pendingCompletions = []
        let from = shown
        guard let to = controllers.last, to !== from else {
            settle(completions: completions)
            done()
            return
        }
        let animated = pendingAnimated
        let coordinator = Coordinator(isAnimated: animated, duration: animated ? Self.transitionDuration : 0)
        ownTransitionCoordinator = coordinator
        to.loadViewIfNeeded()
        if let from { drive(from, .begin(appearing: false, animated: animated, timing: .afterWillAppear)) }
        drive(to, .begin(appearing: true, animated: animated, timing: .afterWillAppear))
        tellDelegateWillShow(to, animated: animated)
        installView(of: to)
        coordinator.runAlongsideAnimations()
        let finish: (Bool) -> Void = { [self] _ in
            completeTransition(from: from, to: to, animated: animated, completions: completions)
            done()
        }
        guard animated else {
            finish(true)
            return
        }
        window.animationStarted(
            TransitionAnimation(
                kind: .navigation, container: self, from: from.map { [$0] } ?? [], to: [to],
                duration: Self.transitionDuration, window: window, completion: finish))
    }

    /// The end of a visible transition (spec §6): the appearance did-callbacks, the coordinator's
    /// completions, the moves it settles, `didShow`, the requests' completions.
    func completeTransition(from: Controller?, to: Controller, animated: Bool, completions: [() -> Void]) {
        if let from, from !== to { uninstallView(of: from) }
        shown = to
        if let from { drive(from, .end(appearing: false)) }
        drive(to, .end(appearing: true))
        ownTransitionCoordinator?.complete(cancelled: false)
        ownTransitionCoordinator = nil
        settleMoves()
        tellDelegateDidShow(to, animated: animated)
        runCompletions(completions)
        checkInvariants()
    }

    /// Off screen: the moves and completions settle inside the call, with no appearance callbacks,
    /// and the view shows the new top if it is loaded.
    func settleOffScreen() {
        settlingMoves += openMoves
        openMoves = []
        let completions = pendingCompletions
        pendingCompletions = []
        if let top = controllers.last, top !== shown {
            if let shown { uninstallView(of: shown) }
            shown = top
            if isViewLoaded { installView(of: top) }
        }
        settle(completions: completions)
    }

    /// A transition with nothing to show settles its moves and completions.
    private func settle(completions: [() -> Void]) {
        settleMoves()
        runCompletions(completions)
        checkInvariants()
    }

    /// Ends the moves the transition settles: `didMove(toParent: nil)` for those that left, from the
    /// old top down, then `didMove(toParent: self)` for those that joined, from the bottom up; then
    /// the removals that waited for their addition to settle begin.
    func settleMoves() {
        let moves = settlingMoves
        settlingMoves = []
        let inStack = { (controller: Controller) in self.controllers.contains { $0 === controller } }
        let leaving = moves.filter { !inStack($0.controller) }.sorted {
            ($0.formerIndex ?? -1) > ($1.formerIndex ?? -1)
        }
        for move in leaving {
            endMove(of: move.controller, stays: false)
        }
        let joining = Set(moves.filter { inStack($0.controller) }.map { ObjectIdentifier($0.controller) })
        for controller in controllers where joining.contains(ObjectIdentifier(controller)) {
            endMove(of: controller, stays: true)
        }
        let waiting = removalsAfterSettling
        removalsAfterSettling = []
        for controller in waiting where !inStack(controller) {
            beginRemovingChild(controller)
            openMoves.append(OpenMove(controller: controller, formerIndex: nil))
        }
    }

    func tellDelegateWillShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        LifecycleObservation.emit(.navigationWillShow(id, controller.id, animated: animated), source: .controller(id))
        delegate.navigationController(self, willShow: controller, animated: animated)
    }

    func tellDelegateDidShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        LifecycleObservation.emit(.navigationDidShow(id, controller.id, animated: animated), source: .controller(id))
        delegate.navigationController(self, didShow: controller, animated: animated)
    }
}
