/// The pages a turn takes out and brings in.
struct PageTurn {
    let from: [Controller]
    let to: [Controller]
    let animated: Bool
    /// The pages that appear: those shown after the turn that were not shown before it, and a page
    /// shown before and after it (a programmatic turn of a middle spine can keep one) that is not
    /// appeared or appearing when the turn is made: its view was taken out of the window by hand
    /// (it disappeared, F2), and the turn, which puts its view back, drives it (F7).
    let entering: [Controller]

    @MainActor
    init(from: [Controller], to: [Controller], animated: Bool) {
        self.from = from
        self.to = to
        self.animated = animated
        let shown = Set(from.map(ObjectIdentifier.init))
        entering = to.filter { page in
            !shown.contains(ObjectIdentifier(page)) || page.appearanceState == .disappeared
                || page.appearanceState == .disappearing
        }
    }

    /// The pages shown before the turn that are not shown after it: those that disappear. A page
    /// in both (a programmatic turn of a middle spine can keep one) stays on screen and gets no
    /// appearance callbacks (F1), unless its view had left the window (see ``entering``).
    var leaving: [Controller] {
        let staying = Set(to.map(ObjectIdentifier.init))
        return from.filter { !staying.contains(ObjectIdentifier($0)) }
    }
}

extension PageController {
    /// The first half of every turn, programmatic or swiped: each incoming page's
    /// `viewWillAppear`, then each outgoing page's `viewWillDisappear` (left before right); the
    /// incoming views go in.
    func beginTurn(_ turn: PageTurn, interactive: Bool) {
        let coordinator = Coordinator(
            isAnimated: turn.animated, duration: turn.animated ? Self.turnDuration : 0, isInteractive: interactive)
        ownTransitionCoordinator = coordinator
        for page in turn.entering {
            page.loadViewIfNeeded()
            drive(page, .begin(appearing: true, animated: turn.animated, timing: .afterWillAppear))
        }
        for page in turn.leaving {
            drive(page, .begin(appearing: false, animated: turn.animated, timing: .afterWillAppear))
        }
        for page in turn.to { installView(of: page) }
        coordinator.runAlongsideAnimations()
    }

    /// The end of a turn that completed: `.scroll` sends the incoming pages' `viewDidAppear` first,
    /// `.pageCurl` the outgoing pages' `viewDidDisappear` first (spec §8).
    func finishTurn(_ turn: PageTurn) {
        let staying = Set(turn.to.map(ObjectIdentifier.init))
        for page in turn.from where !staying.contains(ObjectIdentifier(page)) { uninstallView(of: page) }
        displayed = turn.to
        switch transitionStyle {
        case .scroll:
            for page in turn.entering { drive(page, .end(appearing: true)) }
            for page in turn.leaving { drive(page, .end(appearing: false)) }
        case .pageCurl:
            for page in turn.leaving { drive(page, .end(appearing: false)) }
            for page in turn.entering { drive(page, .end(appearing: true)) }
        }
        ownTransitionCoordinator?.complete(cancelled: false)
        ownTransitionCoordinator = nil
    }

    /// Inside `cancel()`: `.scroll` brings the outgoing pages back at once (will and did), `.pageCurl`
    /// starts sending the incoming pages away and the outgoing pages back. An outgoing page whose
    /// view was taken out by hand meanwhile has it put back first (F7: no callbacks of its own).
    func cancelTurn(_ turn: PageTurn) {
        for page in turn.from { installView(of: page) }
        switch transitionStyle {
        case .scroll:
            for page in turn.from {
                drive(page, .begin(appearing: true, animated: true, timing: .afterWillAppear))
                drive(page, .end(appearing: true))
            }
        case .pageCurl:
            for page in turn.to { drive(page, .begin(appearing: false, animated: true, timing: .afterWillAppear)) }
            for page in turn.from { drive(page, .begin(appearing: true, animated: true, timing: .afterWillAppear)) }
        }
    }

    /// The end of a cancelled turn, when its animation completes.
    func finishCancelledTurn(_ turn: PageTurn) {
        switch transitionStyle {
        case .scroll:
            for page in turn.to {
                drive(page, .begin(appearing: false, animated: true, timing: .afterWillAppear))
                drive(page, .end(appearing: false))
            }
        case .pageCurl:
            for page in turn.to { drive(page, .end(appearing: false)) }
            for page in turn.from { drive(page, .end(appearing: true)) }
        }
        for page in turn.to { uninstallView(of: page) }
        displayed = turn.from
        ownTransitionCoordinator?.complete(cancelled: true)
        ownTransitionCoordinator = nil
    }

    /// The moves of a completed turn: each incoming page's `didMove(toParent: self)`, then each
    /// outgoing page's removal (`willMove(toParent: nil)`, `didMove(toParent: nil)`).
    func settleCompletedTurn(_ turn: PageTurn) {
        let staying = Set(turn.to.map(ObjectIdentifier.init))
        let alreadyShown = Set(turn.from.map(ObjectIdentifier.init))
        for page in turn.to where page.containment.isMovingToParent && !alreadyShown.contains(ObjectIdentifier(page)) {
            endMove(of: page, stays: true)
        }
        for page in turn.from where !staying.contains(ObjectIdentifier(page)) {
            beginRemovingChild(page)
            endMove(of: page, stays: false)
        }
    }

    /// The duration of an animated page turn, in seconds.
    public static let turnDuration = 0.35
}
