extension PageController {
    /// Shows `controllers` (two with a middle spine), as UIKit's
    /// `setViewControllers(_:direction:animated:completion:)`.
    ///
    /// The new pages become children inside the call (`willMove(toParent: self)`), and
    /// ``shownControllers`` changes there. On screen, the turn runs with the "finished" order of the
    /// style (spec §8), `animated` as passed and no delegate calls; then each new page's
    /// `didMove(toParent: self)`, then the old pages' removal, then `completion`. Not animated, in a
    /// window with no visible transition pending or in flight, it runs inside the call, once the
    /// new pages' `willMove(toParent:)` calls have returned (§1 [rev 2]). Animated, or in a busy
    /// window, it runs at the end of the turn, after the visible transitions pending or in flight
    /// in the window; so does a change asked for from a callback of another transition (a swipe's,
    /// another change's): that transition is in flight. Two calls that wait in one turn make one
    /// turn to the pages of the last; a page asked for and replaced before it was shown ends its
    /// move with `didMove(toParent: nil)` (R7). A turn whose callbacks take the page controller off
    /// screen completes inside the call that started it, as an off-screen one does, with an
    /// `invalidTransition` warning. Off screen, all of it happens inside the call, without
    /// appearance callbacks. `direction` is not modelled: nothing is rendered. From a callback of a
    /// change of the pages under way (another request's `willMove`, a `didMove(toParent:)` sent as
    /// a turn's moves settle), the call is checked inside it, then runs once that change has
    /// finished, inside the same call (see <doc:Reentrancy>).
    ///
    /// A request waiting behind a transition in flight keeps its new pages as pending pages
    /// (children, their moves open) until its own turn, even when that transition completes first.
    /// If the page controller leaves the window meanwhile, the transition in flight completes at
    /// once (spec §1) and the request keeps its place in the window's queue: when the window
    /// reaches it, at the end of that turn, it settles as an off-screen change does, with no
    /// appearance callbacks, and its `completion` gets `true` (MODEL). A request made off screen
    /// while a turn of the page controller is in flight (from the hide inside a visible window's
    /// release, which comes before the window's transitions complete) waits for that turn too, and
    /// settles off screen once it has completed.
    ///
    /// Refused (a fault, nothing fires): a count other than ``pagesShownAtOnce``, a controller named
    /// twice, one with another parent, the page controller itself or one of its ancestors, one whose
    /// root view holds the page controller's view (a cycle), one that waits to join a navigation
    /// stack (pushed during an interactive pop, R9).
    ///
    /// ## Callback order
    ///
    /// Showing `new` in place of `current`, on screen; inside the call:
    /// 1. `new.willMove(toParent: page)`
    ///
    /// Not animated in an idle window, inside the call too; otherwise at the end of the turn (the
    /// turn starts):
    ///
    /// 2. `new.loadView()`, `new.viewDidLoad()` — only when its view is not loaded
    /// 3. `new.viewWillAppear(animated:)`
    /// 4. `current.viewWillDisappear(animated:)`
    ///
    /// When the animation completes (at once when not animated):
    ///
    /// 5. `.scroll`: `new.viewDidAppear(animated:)`, then `current.viewDidDisappear(animated:)`;
    ///    `.pageCurl`: `current.viewDidDisappear(animated:)`, then `new.viewDidAppear(animated:)`
    /// 6. `new.didMove(toParent: page)`
    /// 7. `current.willMove(toParent: nil)`, `current.didMove(toParent: nil)`
    /// 8. `page.completion(finished: true)` — `completion` runs
    /// 9. `current.deinit` — when nothing else holds it
    ///
    /// With a middle spine, "new" and "current" are pairs, each callback going to the left page,
    /// then the right one, except, when animated, the new pair's steps 2 and 3: right page first
    /// (§8 [rev 2]). A page shown before and after the turn gets no callbacks, unless its view was
    /// moved out of the window by hand: the turn puts it back, and it appears as a new page does
    /// (MODEL). Off screen, inside the call: `new.willMove(toParent: page)`,
    /// `new.didMove(toParent: page)`, `current.willMove(toParent: nil)`,
    /// `current.didMove(toParent: nil)`, `page.completion(finished: true)`.
    ///
    /// - Parameters:
    ///   - controllers: The pages to show: ``pagesShownAtOnce`` of them, left first.
    ///   - direction: The way the pages turn; kept for parity with UIKit, nothing is rendered.
    ///   - animated: Whether the turn animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the turn has completed, with `true` unless an animation driver
    ///     cut the animation short; never when the call is refused.
    public func setControllers(
        _ controllers: [Controller], direction: PageDirection, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        let call = Planning.enter(
            LifecycleCall(
                self, "setControllers", (nil, .controllers(controllers.map(\.id))),
                ("direction", .value(".\(direction)")),
                ("animated", .flag(animated))
            ))
        defer { Planning.leave(call) }
        requestPages(controllers, animated: animated, completion: completion)
    }

    /// ``setControllers(_:direction:animated:completion:)``; returns false when the call was refused.
    @discardableResult
    func requestPages(_ controllers: [Controller], animated: Bool, completion: ((Bool) -> Void)?) -> Bool {
        let call = "setControllers(_:direction:animated:completion:)"
        if let violation = pagesViolation(controllers, call: call) {
            violation.report()
            return false
        }
        let kept = keepUntilChangeEnds {
            ContainerRequest(call: "\(call) on \(id)", recheck: { [self] in pagesViolation(controllers, call: call) }) {
                [self] in requestPages(controllers, animated: animated, completion: completion)
            }
        }
        if kept { return true }
        // §1, §8 [rev 2]: not animated, on screen, in an idle window, the turn runs inside the call,
        // once the adoptions' callbacks (and the requests they made) have run.
        var insideTheCall = false
        changingContents {
            // pagesViolation(_:call:) has just checked the count, and no callback has run since.
            let previous = try! paging.requestBegan(controllers)
            // Each adoption's willMove runs before the next page's: the others are pending members.
            markPendingAdoption(controllers)
            defer { clearPendingAdoption(controllers) }
            var givenUp = false
            DeliveryLoop.runListed(.adoptChild, for: controllers) { page in
                guard !givenUp, page.storedParent !== self else { return }
                guard adoptChild(page, rule: .pageAddedByCall) else {
                    // A page given elsewhere meanwhile: the request is given up, the pages after it
                    // are passed over, and those it adopted end their moves with the next settling
                    // (R7), as pages replaced do.
                    paging.requestGivenUp(restoring: previous)
                    givenUp = true
                    return
                }
                paging.pageAdopted(page)
            }
            paging.adoptionsEnded(animated: animated, completion: completion)
            if DeliveryLoop.verdict(.turnInsideTheCall(self)) == .hold {
                insideTheCall = true
            } else {
                requestTurn()
            }
        }
        if insideTheCall { turnInsideTheCall() }
        checkInvariants()
        return true
    }

    /// Runs the turn a non-animated request asked for inside its call, if the window is still idle
    /// (no visible transition pending or in flight) and the request is still not animated: the
    /// callbacks of its adoptions may have asked for something else meanwhile. Otherwise the turn
    /// waits for its place in the window's queue, or settles off screen (spec §1, §8 [rev 2]).
    private func turnInsideTheCall() {
        guard DeliveryLoop.verdict(.turnInsideTheCall(self)) == .hold, let window = storedView?.storedWindow,
            window.claimVisibleTransitionSlot()
        else {
            requestTurn()
            return
        }
        startVisibleTransition(in: window, done: window.releaseSlotWhenDone)
    }

    /// Asks for the turn to the pages the requests made so far name: on screen, in the window's
    /// queue, behind the visible transitions pending or in flight there; off screen, settled now,
    /// except while a turn of this page controller is in flight. That turn has not moved its pages
    /// yet, so the request waits for it, as it would in the window's queue, and settles (or takes
    /// its place in a window's queue) once it has completed (``endTurnInFlight()``). Off screen with
    /// a turn in flight is the hide inside a visible window's release, which comes before the
    /// window's transitions complete (spec §1 [rev 2]), or a turn whose callbacks took the page
    /// controller off screen.
    func requestTurn() {
        let onScreen = storedView?.storedWindow.map { !$0.isHidden } ?? false
        switch paging.turnRequested(onScreen: onScreen) {
        case .askNow: requestVisibleChange(self, settleOffScreen: settleOffScreen)
        case .waitForTurnInFlight: break
        }
    }

    /// Ends the turn in flight, its moves, completions and delegate calls run; a request that waited
    /// for it off screen is asked for now (``requestTurn()``). A turn that began while this one was
    /// in flight (from one of its callbacks, in another window) took its place, and whichever of
    /// the two ends first ends the phase: the other finds the machine idle and has nothing to end.
    func endTurnInFlight() {
        guard paging.phase != .idle else { return }
        // The phase has just been checked: the machine's refusal (no turn in flight) cannot come.
        if try! paging.turnEnded() { requestTurn() }
    }

    /// Why `pages` cannot be shown, if they cannot. A swipe (`incoming`) brings in pages that are
    /// not pages of this controller already.
    func pagesViolation(_ pages: [Controller], call: String, incoming: Bool = false) -> ContractViolation? {
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
        if incoming, let shown = pages.first(where: { $0.storedParent === self }) {
            return refuse("\(shown.id) is a page of \(id) already; a swipe brings in other pages (§8)", [shown])
        }
        return nil
    }

    /// Off screen: the pages change inside the call, with no appearance callbacks.
    func settleOffScreen() {
        let turn = PageTurn(from: paging.displayed, to: paging.shownControllers, animated: false)
        let completions = paging.turnPlanned()
        pagesWentOut(turn)
        if isViewLoaded { pagesWentIn(turn) }
        settleProgrammaticMoves(turn)
        runPageCompletions(completions, finished: true)
        checkInvariants()
    }

    /// The moves of a programmatic change: new pages stay, old pages leave, and pages asked for
    /// and replaced before they were shown end their addition with `didMove(toParent: nil)` (R7).
    ///
    /// Only the pages whose addition was open when the turn was planned (the machine's settling
    /// additions) are settled. One the turn did not show, but that a request made since names again
    /// (it is in ``shownControllers``), stays a pending page: its move stays open for the turn that
    /// shows it. So do the pages asked for while the turn was in flight (bug L).
    func settleProgrammaticMoves(_ turn: PageTurn) {
        let additions = paging.settlingTaken()
        changingContents {
            settleCompletedTurn(turn, swiped: false)
            let shown = Set(turn.to.map(ObjectIdentifier.init))
            dropOrKeepPending(additions) {
                !shown.contains(ObjectIdentifier($0)) && DeliveryLoop.verdict(.child($0, of: self)) == .hold
            }
        }
    }

    /// Ends the open additions of `pages` that `include` accepts with `didMove(toParent: nil)`
    /// (R7), except those ``shownControllers`` names: a request made meanwhile asked for them, and
    /// they stay pending for its turn, which ends their moves. Each page is checked as it comes up
    /// (``DeliveryLoop/Premises/droppedPage(_:of:)``), once the drops before it have returned. The
    /// caller runs this inside a change of the contents (``changingContents(_:)``), so that a
    /// request made from a drop waits for the others (§1).
    func dropOrKeepPending(_ pages: [Controller], where include: (Controller) -> Bool = { _ in true }) {
        DeliveryLoop.runListed(.dropAddition, for: pages) { page in
            guard include(page) else { return }
            if DeliveryLoop.verdict(.droppedPage(page, of: self)) == .hold {
                page.releaseRule = .pageRelease
                endMove(of: page, stays: false, rule: .pageLeaves)
            } else if shownControllers.containsIdentical(page), DeliveryLoop.verdict(.additionOpen(page)) == .hold {
                paging.pageKeptPending(page)
            }
        }
    }

    func runPageCompletions(_ completions: [(Bool) -> Void], finished: Bool) {
        for completion in completions {
            DeliveryLoop.deliver(
                BlockStep.completion(self, finished: finished, completion), source: .controller(id),
                rule: .pageCompletion)
        }
    }
}

extension PageController: VisibleTransitionHost {
    func startVisibleTransition(in window: Window, done: VisibleTransitionDone) {
        // Requested for `window` earlier in the turn: what ran since may have taken it off screen.
        guard DeliveryLoop.verdict(.shown(self, in: window)) == .hold else {
            settlingOffScreen(settleOffScreen)
            done()
            return
        }
        let turn = PageTurn(from: paging.displayed, to: paging.shownControllers, animated: paging.pendingAnimated)
        let completions = paging.turnPlanned()
        guard turn.from.map(ObjectIdentifier.init) != turn.to.map(ObjectIdentifier.init) else {
            settleProgrammaticMoves(turn)
            runPageCompletions(completions, finished: true)
            done()
            return
        }
        paging.turnBegan()
        TransitionRunner.run(
            PageTurnTransition(self, turn, swiped: false, completions: completions), in: window, done: done)
    }
}
