extension Window {
    /// How many window releases are running (``release()``): what they deliver is the scope's own
    /// windows going away, which the testing module's recorder treats as it treats deallocations at
    /// the end of its scope. Written and read on the main actor only; `nonisolated(unsafe)` for the
    /// recorder's nonisolated observer.
    package nonisolated(unsafe) static var releasesUnderWay = 0

    /// The release of a visible window, run from its `deinit` (spec §1, the last rules of "Turns";
    /// MODEL): the window is hidden first, as `isHidden = true` hides it, with every view's window
    /// already nil; then its remaining work runs at once, off screen. A hidden window released with
    /// visible transitions waiting runs only steps 3 and 5 (MODEL: the spec speaks of visible windows; the
    /// moves those requests opened would otherwise never end, R7).
    ///
    /// 1. The window becomes hidden and no view of its tree names it any more: in the callbacks
    ///    below, `view.window` is nil, and nothing leads back to the window but a view's superview
    ///    chain (a callback must not keep what it finds there: the window is going away).
    /// 2. Every controller it shows disappears, in the order of the hide (F2): every
    ///    `viewWillDisappear`, pre-order, then every `viewDidDisappear`, pre-order; then those no
    ///    forwarding reaches, as the window's exit ends them (``AppearanceWalk/windowExit(of:window:)``).
    ///    Unlike `isHidden = true`, the transitions in flight are not completed first: the hide
    ///    reaches the controllers they move too (the outgoing one gets its did-callback, an incoming
    ///    one its will- and did-disappear), as it reaches every controller the window shows.
    /// 3. The did-disappears queued by views that left the window earlier in the turn run, in the
    ///    order they were queued (§1, §2.2 **[rev 2]**).
    /// 4. The transitions in flight complete (`finished: true`), in the order they started, as
    ///    off-screen ones do: their moves, delegate calls and completions, and no appearance
    ///    callback the hide already sent (F3 skips a controller that has disappeared). A gesture
    ///    still in progress is finished first.
    /// 5. The visible transitions waiting for their turn settle, in request order, as off-screen
    ///    ones do (inside the call, no appearance callbacks); the deferred did-appears are dropped
    ///    (the appearances they were to complete have ended).
    ///
    /// Nothing here keeps the window: it is passed down the calls only for their duration, and any
    /// weak reference formed to it now reads nil.
    func release() {
        // Its callbacks name the window's deallocation as their call: `window.deinit`.
        let call = Planning.enter(LifecycleCall(target: .window(windowID), name: "deinit", form: .getter))
        defer { Planning.leave(call) }
        Self.releasesUnderWay += 1
        defer { Self.releasesUnderWay -= 1 }
        let inFlight = animationsInFlight
        animationsInFlight = []
        forgetViewsWindow()
        if !storedIsHidden {
            storedIsHidden = true
            AppearanceWalk.windowExit(of: self, window: self)
        }
        completeQueuedDisappearances()
        for animation in inFlight {
            animation.interaction?.finish()
            animation.complete(finished: true)
        }
        // The transitions' `done` finds the window gone (its liveness is cleared as its `deinit`
        // begins), and does nothing now: the slot is freed here.
        isRunningVisibleTransition = false
        deferred.removeAll()
        var settled = 0
        while !transitionRequests.isEmpty, settled < Self.maximumRoundsPerTurn {
            let request = transitionRequests.removeFirst()
            guard let host = request.liveHost else { continue }
            settled += 1
            host.startVisibleTransition(in: self, done: .nothing)
        }
        transitionRequests.removeAll()
        deferred.removeAll()
        queuedAppearanceCompletions = 0
        completionCalls.removeAll()
        animationsInFlight.removeAll()
        isRunningVisibleTransition = false
    }

    /// Clears the window pointer of every view in the window's tree, the window's own included, so
    /// that no view names the window while it goes away (see `deinit`, which calls it too, after
    /// the release, and where no main-actor code runs meanwhile).
    nonisolated func forgetViewsWindow() {
        storedWindow = nil
        var worklist: [View] = []
        subviewList.forEachReversed { worklist.append($0) }
        while let view = worklist.popLast() {
            guard view.storedWindow === self else { continue }
            view.storedWindow = nil
            view.subviewList.forEachReversed { worklist.append($0) }
        }
    }
}
