extension Window {
    /// The window whose turn is running, if any: turns never nest, across windows too.
    @exclusivity(unchecked) @MainActor static var windowRunningTurn: Window?

    /// The most rounds a turn may take before it is stopped as a runaway.
    package static let maximumRoundsPerTurn = 10_000

    /// Ends the turn: runs the deferred work (did-appear of views that entered the window,
    /// did-disappear of views that left it, the visible transitions waiting to start, the
    /// animations the driver completes) until nothing is left.
    ///
    /// ContainerKit has no run loop: this is where the work UIKit defers to the end of the run-loop
    /// turn happens (spec §1). Each round runs the work queued before it, in the order it was
    /// queued; work queued during a round runs in the next. So a visible transition requested in a
    /// turn starts here, and with the default ``animationDriver`` it also completes here; a manual
    /// driver holds it in ``animationsInFlight`` instead. A turn that is still producing work after
    /// 10,000 rounds is stopped: the work left is dropped and listed in a `runawayTurn` fault, and no
    /// callback is left half-run. Called from inside a callback of a running turn (of any window),
    /// or of any other engine call (`makeKeyAndVisible()`, `addChild(_:)`, a view move, a push), it
    /// returns at once and reports a warning: a callback never runs a turn, and the work waits for
    /// the caller's next `runUntilIdle()`.
    ///
    /// ## Callback order
    ///
    /// Inside the call, round by round, each piece of work in the order it was queued. A piece of
    /// work is one of:
    /// - the did-appear half of a controller `c` whose view entered the window during the turn and
    ///   is still in it: `c.viewDidAppear(animated: false)`, then each descendant's, pre-order. The
    ///   round's first such half, or did-disappear half, is preceded by the layout pass:
    ///   `viewIsAppearing(animated: false)` of every controller whose did-appear the round
    ///   completes, tree by tree, pre-order
    /// - the did-disappear half of a controller `c` whose view left the window during the turn, and
    ///   has not appeared again since: `c.viewDidDisappear(animated: false)`, then UIKit's repeated
    ///   `didMove(toParent:)` when one is due (R7), then each descendant's did-disappear, pre-order
    ///   (spec §1, §2.2). A controller has one such half pending at a time: the later of its
    ///   did-appear and did-disappear replaces the earlier it queued last
    /// - the start of the visible transitions requested (navigation, tab, page, presentation), one
    ///   at a time in request order: view loading, will-callbacks, delegate calls (each request
    ///   lists its own)
    /// - the completion of an animation the default driver completes: the transition's
    ///   did-callbacks, moves, delegate calls and completions
    /// - the did-half of a tab switch whose first half ran inside its call (spec §7): the incoming
    ///   tab's `viewIsAppearing`, the outgoing tab's did-disappear, the incoming tab's did-appear
    ///
    /// So after `nav.push(b, animated: true)`, one `runUntilIdle()` starts the push and, in the
    /// next round, completes it.
    public func runUntilIdle() {
        if let running = Self.windowRunningTurn {
            let whose = running === self ? "its" : "\(running.windowID)'s"
            ContractViolation(
                kind: .nestedRunUntilIdle, severity: .warning, controllers: [],
                message: "runUntilIdle() was called on \(windowID) from inside \(whose) running turn; it returned at "
                    + "once. A turn is never nested: the running one goes on until nothing is left."
            ).report()
            return
        }
        if let delivery = DeliveryLoop.innermost {
            ContractViolation(
                kind: .nestedRunUntilIdle, severity: .warning, controllers: [],
                message: "runUntilIdle() was called on \(windowID) from inside \(delivery.description), a callback "
                    + "delivered outside a turn; it returned at once. A callback never runs a turn: the call that "
                    + "delivered it has work left, and the work waits for the caller's next runUntilIdle()."
            ).report()
            return
        }
        Self.windowRunningTurn = self
        var stoppedAsRunaway = false
        defer {
            Self.windowRunningTurn = nil
            checkInvariants()
            storedRootController?.checkInvariants()
            checkAppearanceDefinition(turnWasStopped: stoppedAsRunaway)
            DeliveryLoop.checkAgendaDrained()
        }
        var rounds = 0
        while !deferred.isEmpty {
            guard rounds < Self.maximumRoundsPerTurn else {
                stoppedAsRunaway = true
                let left = deferred.map(\.description)
                // A disappearance whose queued end is dropped is open with nothing to end it: the
                // mark goes, so that what ends an open disappearance (a removal, the reconciler)
                // may end it later.
                for case .completeDisappearance(let completion) in deferred
                where completion.controller.appearance.epoch == completion.epoch {
                    completion.controller.appearanceStorage.noteEndDropped()
                }
                deferred.removeAll()
                queuedAppearanceCompletions = 0
                completionCalls.removeAll()
                ContractViolation(
                    kind: .runawayTurn, severity: .fault, controllers: [],
                    message: "The turn of \(windowID) was still producing work after \(Self.maximumRoundsPerTurn) "
                        + "rounds and was stopped; the work left was dropped: \(left.joined(separator: "; "))."
                ).report()
                return
            }
            rounds += 1
            swap(&deferred, &running)
            // A round with no did-appear has no layout pass.
            var laidOut = queuedAppearanceCompletions == 0
            queuedAppearanceCompletions = 0
            for index in running.indices {
                if !laidOut, running[index].completesAppearanceTransition {
                    laidOut = true
                    layOut(running[index...])
                }
                perform(running[index])
            }
            running.removeAll(keepingCapacity: true)
        }
    }

    /// Whether the turn has deferred work left for ``runUntilIdle()``. Animations a manual driver
    /// holds are not pending work: see ``animationsInFlight``.
    public var hasPendingWork: Bool { !deferred.isEmpty }

    func enqueue(_ work: DeferredWork) {
        deferred.append(work)
        LifecycleObservation.noteActivity(of: self)
    }

    /// A serial for the next appearance completion queued in this window.
    func nextCompletionSerial() -> UInt64 {
        lastCompletionSerial &+= 1
        if let call = Planning.current { completionCalls[lastCompletionSerial] = call }
        return lastCompletionSerial
    }

    /// Queues the did-appear half of a window entry (§1). The did-disappear its controller queued
    /// last, the usual case of a view that left the window and comes back in the same turn, is
    /// replaced (UIKit keeps one pending did-block per controller): it would find the controller
    /// appearing again and end nothing.
    func enqueueAppearanceCompletion(_ completion: AppearanceCompletion) {
        queuedAppearanceCompletions &+= 1
        if let last = deferred.indices.last,
            let serial = deferred[last].disappearanceCompletionSerial(of: completion.controller)
        {
            if !completionCalls.isEmpty { completionCalls.removeValue(forKey: serial) }
            deferred[last] = .completeAppearance(completion)
            return
        }
        enqueue(.completeAppearance(completion))
    }

    /// Queues the did-disappear of `controller`, whose disappearance has just begun (§1, §2.2). The
    /// did-appear of `controller` queued last, the usual case of a view that entered the window and
    /// leaves it in the same turn, is replaced (UIKit keeps one pending did-block per controller):
    /// it would find `controller`'s view out of the window and complete nothing.
    func enqueueDisappearanceCompletion(of controller: Controller) {
        let completion = DisappearanceCompletion(controller, serial: nextCompletionSerial())
        if let last = deferred.indices.last, let serial = deferred[last].appearanceCompletionSerial(of: controller) {
            if !completionCalls.isEmpty { completionCalls.removeValue(forKey: serial) }
            queuedAppearanceCompletions &-= 1
            deferred[last] = .completeDisappearance(completion)
            return
        }
        enqueue(.completeDisappearance(completion))
    }

    /// Updates the queued appearance completion with `serial`, if it is still waiting: a turn run
    /// from inside the walk that queued it may have performed it already.
    func updateAppearanceCompletion(serial: UInt64, _ update: (inout AppearanceCompletion) -> Void) {
        for index in deferred.indices.reversed() {
            guard case .completeAppearance(var completion) = deferred[index], completion.serial == serial else {
                continue
            }
            update(&completion)
            deferred[index] = .completeAppearance(completion)
            return
        }
    }

    private func perform(_ work: DeferredWork) {
        switch work {
        case .completeAppearance(let completion):
            let plannedBy = completionCalls.isEmpty ? nil : completionCalls.removeValue(forKey: completion.serial)
            // Tied to the window and the appearance it completes.
            guard DeliveryLoop.verdict(.deferredAppearance(completion, in: self)) == .hold,
                let controller = completion.controller
            else { return }
            Planning.resume(plannedBy) { completeAppearance(of: controller) }
        case .completeDisappearance(let completion):
            let plannedBy = completionCalls.isEmpty ? nil : completionCalls.removeValue(forKey: completion.serial)
            guard DeliveryLoop.verdict(.deferredDisappearance(completion)) == .hold else { return }
            Planning.resume(plannedBy) { completeDisappearance(of: completion.controller) }
        case .completeAnimation(let animation):
            animation.complete(finished: true)
        case .startVisibleTransitions:
            startVisibleTransitions()
        }
    }

    /// The layout pass of a round (§1, §3 **[rev 2]**), run as the round reaches its first deferred
    /// did-appear or did-disappear, as UIKit lays out before the blocks it queued after the commit:
    /// `viewIsAppearing(_:)` of every appearance the round's did-appears complete, root by root in
    /// the order they were queued, each tree pre-order. A completion that has nothing left to
    /// complete has no pass either, nor one whose root heard its `viewIsAppearing(_:)` already.
    private func layOut(_ works: ArraySlice<DeferredWork>) {
        for index in works.indices {
            // A root whose viewIsAppearing was sent already (an earlier root's pass reached it, as
            // each level of a chain that entered level by level is reached by the top's) has its
            // tree laid out: so a round's pass stays linear in the trees it lays out.
            guard case .completeAppearance(let completion) = works[index],
                DeliveryLoop.verdict(.deferredAppearance(completion, in: self)) == .hold,
                let controller = completion.controller, controller.appearance.awaitsViewIsAppearing
            else { continue }
            let plannedBy = completionCalls.isEmpty ? nil : completionCalls[completion.serial]
            Planning.resume(plannedBy) {
                LayoutPass.run(from: controller, source: .window(windowID), rule: .viewIsAppearingInWindow)
            }
        }
    }

    /// The did-appear a view's entry into this window deferred to the end of the turn (§1).
    private func completeAppearance(of controller: Controller) {
        AppearanceWalk.run(
            from: controller, step: .end(appearing: true), source: .window(windowID), rule: .turnEnd,
            rootIsManual: false, sparingMovesOf: self)
    }

    /// Runs at once the did-disappears queued in this window, in the order they were queued, and
    /// leaves the rest of its work queued: the window is going away (``release()``).
    func completeQueuedDisappearances() {
        let queued = deferred.filter(\.isDisappearanceCompletion)
        guard !queued.isEmpty else { return }
        deferred.removeAll(where: \.isDisappearanceCompletion)
        for work in queued { perform(work) }
    }

    /// The did-disappear a view's exit from this window deferred to the end of the turn (§1, §2.2).
    private func completeDisappearance(of controller: Controller) {
        AppearanceWalk.run(
            from: controller, step: .end(appearing: false), source: .window(windowID), rule: .turnEnd,
            rootIsManual: false)
    }

    /// Completes at once (`finished: true`) every animation in flight whose container's view is
    /// inside `view`: a container leaving the window, or the window hiding, ends its transition first.
    ///
    /// A completion may start another transition inside `view`; it is completed too, until none is
    /// left (a completion that starts one every time is stopped as a runaway after
    /// ``maximumRoundsPerTurn`` of them). Returns how many it completed.
    @discardableResult
    func completeAnimations(inside view: View) -> Int {
        var completed = 0
        while let animation = animationsInFlight.first(where: { animation in
            view === self || animation.containerController?.storedView?.isDescendant(of: view) == true
        }) {
            guard completed < Self.maximumRoundsPerTurn else {
                ContractViolation(
                    kind: .runawayTurn, severity: .fault, controllers: [animation.container],
                    message: "Completing the transitions in flight in \(windowID) kept starting new ones; "
                        + "\(completed) were completed and the rest were left in flight."
                ).report()
                return completed
            }
            completed += 1
            animation.interaction?.finish()
            animation.complete(finished: true)
        }
        return completed
    }

    /// Whether an animation in flight will end `controller`'s open appearance transition toward
    /// `appearing` (F7): one that brings its view in ends an appearance, one that takes it out a
    /// disappearance, the other way round once its gesture was cancelled. One that moves it the
    /// other way ends nothing of it: its did-callback skips a controller moving the other way (F3).
    func isAnimating(_ controller: Controller, toward appearing: Bool) -> Bool {
        animationsInFlight.contains { animation in
            let reversed = animation.interaction?.state == .cancelled
            let ending = appearing != reversed ? animation.toControllers : animation.fromControllers
            return ending.contains(controller.id)
        }
    }

    /// Whether a transition in flight of `controller`'s parent brings its view in or takes it out
    /// (F7). One that named it but whose container it has left since (taken out by a later
    /// transition, and added elsewhere) moves it no more.
    func isMoving(_ controller: Controller) -> Bool {
        guard let parent = controller.storedParent else { return false }
        let id = controller.id
        return animationsInFlight.contains { animation in
            animation.containerController === parent
                && (animation.toControllers.contains(id) || animation.fromControllers.contains(id))
        }
    }

    func animationStarted(_ animation: TransitionAnimation) {
        animationsInFlight.append(animation)
        LifecycleObservation.noteActivity(of: self)
        animationDriver.animationDidStart(animation, in: self)
    }

    func animationEnded(_ animation: TransitionAnimation) {
        if let index = animationsInFlight.lastIndex(ofIdentical: animation) {
            animationsInFlight.remove(at: index)
        }
    }
}
