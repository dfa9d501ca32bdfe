extension PageController {
    /// Begins a swipe in `direction`, as the user's pan gesture does: the data source is asked for
    /// the incoming page(s), which start appearing inside the call, and the returned handle
    /// finishes or cancels the turn.
    ///
    /// The data source is asked only here, once per page needed (a pull model, spec §8). The turn
    /// starts inside this call, animated, and waits for the handle: ``InteractiveTransition/finish()``
    /// lets it complete, ``InteractiveTransition/cancel()`` lets it fall back (with the `.scroll`
    /// style, the outgoing pages come back inside `cancel()`; with `.pageCurl`, they start coming
    /// back there). Either way the window's animation driver then completes the rest (in the next
    /// ``Window/runUntilIdle()`` with the default driver). A cancelled page is dropped: its move
    /// ends with `didMove(toParent: nil)` (R7) and the page controller keeps no reference to it.
    /// The delegate hears about swipes only.
    ///
    /// Returns nil when the page controller is not in a visible window, shows no page, a visible
    /// transition is pending or in flight in its window (so a swipe cannot begin while the previous
    /// one still animates), or the data source has no page in that direction (it is asked, and
    /// nothing else fires). Refused (a fault, nothing fires after the data source's answer): an
    /// answer that has another parent, whose root view holds the page controller's view, or that is
    /// a page of this controller already. Given up, also returning nil, when the incoming pages'
    /// `willMove(toParent:)` or the delegate's `willTransition(to:)` takes the page controller off
    /// screen: a warning, and each page's move ends with `didMove(toParent: nil)` (R7); a request
    /// made from one of those calls waits until they have all been sent (§1). Taken off screen by
    /// the appearance callbacks that follow, the swipe completes inside the call, as one in flight
    /// does when its page controller leaves the window.
    ///
    /// ## Callback order
    ///
    /// A swipe from `current` to `new`; inside the call:
    /// 1. `page.dataSource.controllerAfter(current)` — `controllerBefore` for `.reverse`; with a
    ///    middle spine, once for each incoming page, the second asked about the first
    /// 2. `new.willMove(toParent: page)`
    /// 3. `page.delegate.willTransition(to: [new])`
    /// 4. `new.loadView()`, `new.viewDidLoad()` — only when its view is not loaded
    /// 5. `new.viewWillAppear(animated: true)`
    /// 6. `current.viewWillDisappear(animated: true)`
    ///
    /// Then the rest of the style's row; the first two of each row are steps 5 and 6 above:
    ///
    /// | style | finished | cancelled |
    /// | --- | --- | --- |
    /// | `.scroll` | new.viewWillAppear, current.viewWillDisappear, new.viewDidAppear, current.viewDidDisappear | new.viewWillAppear, current.viewWillDisappear, current.viewWillAppear, current.viewDidAppear, new.viewWillDisappear, new.viewDidDisappear |
    /// | `.pageCurl` | new.viewWillAppear, current.viewWillDisappear, current.viewDidDisappear, new.viewDidAppear | new.viewWillAppear, current.viewWillDisappear, new.viewWillDisappear, current.viewWillAppear, new.viewDidDisappear, current.viewDidAppear |
    ///
    /// A cancelled row's third and fourth callbacks come inside `cancel()`; the rest of each row
    /// when the animation completes, followed by:
    ///
    /// - finished: `new.didMove(toParent: page)`, `current.willMove(toParent: nil)`,
    ///   `current.didMove(toParent: nil)`,
    ///   `page.delegate.didFinishAnimating(previous: [current], completed: true)`, then
    ///   `current.deinit` when nothing else holds it
    /// - cancelled: `new.didMove(toParent: nil)` (R7),
    ///   `page.delegate.didFinishAnimating(previous: [current], completed: false)`, then
    ///   `new.deinit` when nothing else holds it
    ///
    /// With a middle spine, "new" and "current" are pairs, and the incoming pair's callbacks come
    /// before the outgoing pair's where a row says so: the incoming pair's will-callbacks
    /// (`viewWillAppear`, with its view's loading, and on cancel `viewWillDisappear`) go right page
    /// first, then left; the outgoing pair's will-callbacks, and every did-callback, left then right
    /// (spec §8 [rev 2]).
    ///
    /// - Parameter direction: `.forward` asks for the page after the current one, `.reverse` for the
    ///   page before.
    /// - Returns: The handle of the gesture, or nil when the swipe cannot begin.
    public func beginInteractivePaging(_ direction: PageDirection) -> InteractiveTransition? {
        let call = Planning.enter(LifecycleCall(self, "beginInteractivePaging", (nil, .value(".\(direction)"))))
        defer { Planning.leave(call) }
        guard isInVisibleWindow, let window = storedView?.storedWindow, !window.hasVisibleTransition,
            !paging.displayed.isEmpty, let dataSource
        else { return nil }
        guard let incoming = askForPages(direction, from: paging.displayed, dataSource: dataSource) else { return nil }
        if let violation = pagesViolation(incoming, call: "a swipe's data source", incoming: true) {
            violation.report()
            return nil
        }
        guard window.claimVisibleTransitionSlot() else { return nil }
        let turn = PageTurn(from: paging.displayed, to: incoming, animated: true)
        let requestsBefore = paging.requestsMade
        var adopted: [Controller] = []
        changingContents {
            markPendingAdoption(incoming)
            defer { clearPendingAdoption(incoming) }
            var givenUp = false
            DeliveryLoop.runListed(.adoptChild, for: incoming) { page in
                guard !givenUp else { return }
                guard adoptChild(page, rule: .pageAddedBySwipe) else {
                    givenUp = true
                    return
                }
                adopted.append(page)
            }
        }
        guard adopted.count == incoming.count else {
            // A page given elsewhere before its adoption (`adoptChild` warns): the swipe does not
            // begin, and the pages adopted are dropped as a given-up swipe's are (R7). The claims
            // on the incoming pages keep other parents from taking them, so this is a safeguard.
            changingContents { dropOrKeepPending(adopted) }
            window.releaseVisibleTransitionSlot()
            return nil
        }
        if let delegate {
            DeliveryLoop.deliver(
                DelegateStep.pageWillTransition(self, delegate, to: incoming), source: .controller(id),
                rule: .pageWillTransition)
        }
        // The incoming pages' `willMove(toParent:)` and the delegate may have taken this controller
        // off screen (its view out of the window, or the window hidden): the user can no longer be
        // swiping, so the swipe is given up before any appearance callback.
        guard DeliveryLoop.verdict(.shown(self, in: window)) == .hold else {
            giveUpSwipe(turn, in: window)
            return nil
        }
        paging.swipeBegan()
        let swipeTurn = PageTurnTransition(self, turn, swiped: true, requestsMadeBefore: requestsBefore)
        TransitionRunner.begin(swipeTurn, in: window)

        var animation: TransitionAnimation?
        // The handle and the animation hold the window weakly: the engine never keeps a window alive.
        let handle = InteractiveTransition { [self, weak window] cancelled in
            ownTransitionCoordinator?.endInteraction(cancelled: cancelled)
            if cancelled { TransitionRunner.begin(PageTurnReversal(self, turn), in: window) }
            if let animation, let window { window.animationDriver.interactionDidEnd(animation, in: window) }
        }
        let started = TransitionAnimation(
            kind: .paging, container: self, from: turn.from, to: turn.to, duration: Self.turnDuration,
            interaction: handle, window: window
        ) { [self, weak handle, weak window] finished in
            let done = VisibleTransitionDone(releasingSlotOf: window)
            if handle?.state != .cancelled {
                TransitionRunner.end(swipeTurn, finished: finished, done: done)
            } else {
                TransitionRunner.end(PageTurnReversal(self, turn), finished: finished, done: done)
            }
        }
        animation = started
        window.animationStarted(started)
        completeIfTakenOffScreenAsItStarted(in: window, transition: "The swipe", incoming: turn.entering)
        return handle
    }

    /// Gives up a swipe whose incoming pages were adopted but that its callbacks took off screen
    /// before its turn began: a warning, the pages' moves end as a cancelled swipe's do
    /// (`didMove(toParent: nil)`, R7), the delegate hears that the transition did not complete, and
    /// the window's slot is free again. The pages never began appearing. The drops are a change of
    /// the contents: a request made from one of them runs once they have all been sent.
    private func giveUpSwipe(_ turn: PageTurn, in window: Window) {
        ContractViolation(
            kind: .invalidTransition, severity: .warning, controllers: [id] + turn.to.map(\.id),
            message: "The swipe on \(id) was given up: \(id)'s view left \(window.windowID) (or the window was "
                + "hidden) inside the incoming pages' willMove(toParent:) or the delegate's willTransition(to:), "
                + "before the turn began; the pages it adopted leave again."
        ).report()
        // A request made from a drop waits for the others, as one made from a cancelled swipe's does.
        changingContents { dropOrKeepPending(turn.to) }
        tellDelegateDidFinishAnimating(true, previous: turn.from, completed: false)
        checkInvariants()
        window.releaseVisibleTransitionSlot()
    }

    /// Tells the delegate that a swipe's animation ended, `completed` or not.
    func tellDelegateDidFinishAnimating(_ finished: Bool, previous: [Controller], completed: Bool) {
        guard let delegate else { return }
        DeliveryLoop.deliver(
            DelegateStep.pageDidFinishAnimating(
                self, delegate, finished: finished, previous: previous, completed: completed),
            source: .controller(id), rule: .pageDidFinishAnimating)
    }

    /// The pages a swipe brings in, asked of the data source one at a time; nil when it runs out.
    private func askForPages(
        _ direction: PageDirection, from shown: [Controller], dataSource: any PageControllerDataSource
    ) -> [Controller]? {
        var pages: [Controller] = []
        var anchor = direction == .forward ? shown[shown.count - 1] : shown[0]
        for _ in 0..<pagesShownAtOnce {
            let next: Controller?
            switch direction {
            case .forward:
                next = DeliveryLoop.askForPage(
                    .pageAfter(self, dataSource, anchor), source: .controller(id), rule: .pageDataSource)
            case .reverse:
                next = DeliveryLoop.askForPage(
                    .pageBefore(self, dataSource, anchor), source: .controller(id), rule: .pageDataSource)
            }
            guard let next else { return nil }
            pages.append(next)
            anchor = next
        }
        return direction == .forward ? pages : pages.reversed()
    }
}
