extension PageController {
    /// Shows `controllers` (two with a middle spine), as UIKit's
    /// `setViewControllers(_:direction:animated:completion:)`.
    ///
    /// The new pages become children inside the call (`willMove(toParent: self)`). On screen, the
    /// turn runs at the end of the turn with the completed order of the style, `animated` as
    /// passed and no delegate calls; then each new page's `didMove(toParent: self)`, then the old
    /// pages' removal, then `completion`. Off screen, all of it happens inside the call, without
    /// appearance callbacks.
    ///
    /// Refused (a fault): a count other than ``pagesShownAtOnce``, a controller named twice, one
    /// with another parent.
    public func setControllers(
        _ controllers: [Controller], direction: PageDirection, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        requestPages(controllers, animated: animated, completion: completion)
    }

    /// ``setControllers(_:direction:animated:completion:)``; returns false when the call was refused.
    @discardableResult
    func requestPages(_ controllers: [Controller], animated: Bool, completion: ((Bool) -> Void)?) -> Bool {
        if let violation = pagesViolation(controllers, call: "setControllers(_:direction:animated:completion:)") {
            violation.report()
            return false
        }
        shownControllers = controllers
        pageRequests += 1
        for page in controllers where page.storedParent !== self {
            adoptChild(page)
            pendingAdditions.append(page)
        }
        pendingAnimated = animated
        if let completion { pendingCompletions.append(completion) }
        requestVisibleChange(self, settleOffScreen: settleOffScreen)
        checkInvariants()
        return true
    }

    /// Why `pages` cannot be shown, if they cannot.
    func pagesViolation(_ pages: [Controller], call: String) -> ContractViolation? {
        let refuse = { (reason: String, involved: [Controller]) in
            ContractViolation(
                kind: .invalidContainerContents, severity: .fault, controllers: [self.id] + involved.map(\.id),
                message: "\(call) on \(self.id) was refused: \(reason).")
        }
        if pages.count != pagesShownAtOnce {
            return refuse(
                "it shows \(pagesShownAtOnce) page\(pagesShownAtOnce == 1 ? "" : "s") at once, and \(pages.count) "
                    + "were given (UIKit raises)", pages)
        }
        if let problem = contentsProblem(pages) {
            return refuse(problem.reason, [problem.controller])
        }
        return nil
    }

    /// Off screen: the pages change inside the call, with no appearance callbacks.
    func settleOffScreen() {
        let turn = PageTurn(from: displayed, to: shownControllers, animated: false)
        let completions = takePendingCompletions()
        let staying = Set(turn.to.map(ObjectIdentifier.init))
        for page in turn.from where !staying.contains(ObjectIdentifier(page)) { uninstallView(of: page) }
        displayed = turn.to
        if isViewLoaded {
            for page in turn.to { installView(of: page) }
        }
        settleProgrammaticMoves(turn)
        runPageCompletions(completions, finished: true)
        checkInvariants()
    }

    /// The moves of a programmatic change: new pages stay, old pages leave, and pages asked for
    /// and replaced before they were shown end their addition with `didMove(toParent: nil)` (R7).
    func settleProgrammaticMoves(_ turn: PageTurn) {
        let additions = pendingAdditions
        pendingAdditions = []
        settleCompletedTurn(turn)
        let shown = Set(turn.to.map(ObjectIdentifier.init))
        for page in additions where !shown.contains(ObjectIdentifier(page)) && page.storedParent === self {
            endMove(of: page, stays: false)
        }
    }

    func takePendingCompletions() -> [(Bool) -> Void] {
        defer { pendingCompletions = [] }
        return pendingCompletions
    }

    func runPageCompletions(_ completions: [(Bool) -> Void], finished: Bool) {
        for completion in completions {
            LifecycleObservation.emit(.completion(id, finished: finished), source: .controller(id))
            completion(finished)
        }
    }
}

extension PageController: VisibleTransitionHost {
    func startVisibleTransition(in window: Window, done: @escaping () -> Void) {
        guard isInVisibleWindow, storedView?.storedWindow === window else {
            settleOffScreen()
            done()
            return
        }
        let turn = PageTurn(from: displayed, to: shownControllers, animated: pendingAnimated)
        let completions = takePendingCompletions()
        guard turn.from.map(ObjectIdentifier.init) != turn.to.map(ObjectIdentifier.init) else {
            settleProgrammaticMoves(turn)
            runPageCompletions(completions, finished: true)
            done()
            return
        }
        beginTurn(turn, interactive: false)
        let finish: (Bool) -> Void = { [self] finished in
            finishTurn(turn)
            settleProgrammaticMoves(turn)
            runPageCompletions(completions, finished: finished)
            checkInvariants()
            done()
        }
        guard turn.animated else {
            finish(true)
            return
        }
        window.animationStarted(
            TransitionAnimation(
                kind: .paging, container: self, from: turn.from, to: turn.to, duration: Self.turnDuration,
                window: window, completion: finish))
    }
}
