extension NavigationController {
    // MARK: - Waiting (spec §6)

    /// Whether the navigation controller's changes have a window to be shown in now: its view is in a
    /// window that is not hidden. Otherwise a change completes inside its call (§1).
    var hasWindowForChanges: Bool { storedView?.isInVisibleWindow ?? false }

    /// Applies a request now (`applyNow`), or keeps it (`request()`, made only then) for when the
    /// transition pending or in flight completes.
    ///
    /// Off screen, a change applied earlier whose transition the window has not started yet (the
    /// navigation controller left the window since) completes first, as an off-screen one does, so
    /// that nothing waits for a window that may never run it.
    func applyOrWait(animated: Bool, _ applyNow: () -> Void, otherwise request: () -> ContainerRequest) {
        if !hasWindowForChanges, stack.hasUnsettledChange {
            settlingOffScreen(settleOffScreen)
        }
        guard stack.mustWait(animated: animated) else {
            applyNow()
            return
        }
        // A request that waits (spec §6) is checked now and applied later: the controllers it brings
        // in are claimed by the stack meanwhile, so that nothing moves them elsewhere or pushes them
        // again first (R9). A child already (the top a swipe back takes out, say) is claimed too: a
        // second push of it is refused inside its call.
        var waiting = request()
        if !waiting.joining.isEmpty {
            let claims = StackClaims(navigation: self, controllers: waiting.joining)
            waiting.claims = claims
            for controller in waiting.joining { controller.claimForStack(claims) }
        }
        _ = stack.requestMade(waiting)
    }

    /// Applies the requests that waited, in order, until one has to wait again (an animated one
    /// behind the transition the previous one made pending, say). A request refused now (a callback
    /// of the transition it waited for gave its controller elsewhere) is given up with a warning: it
    /// was accepted when it was made.
    func applyWaitingRequests() {
        guard stack.waitingRequestsApplying() else { return }
        defer { stack.waitingRequestsApplied() }
        while let next = stack.nextWaitingRequest() {
            for controller in next.joining { controller.releaseStackClaim(of: self) }
            run(next, afterWaitingFor: .transition)
        }
    }

    // MARK: - Applying (spec §6)

    /// Applies a change that makes `newStack` the stack: the stack changes now, and the moves are
    /// sent as spec §6 lists them; then, on screen, the transition from the controller shown to the
    /// new top is pending (the window starts it at the end of the turn); off screen it completes now.
    ///
    /// Whether the navigation controller is on screen is read again once the moves have returned:
    /// their callbacks may have put it in a visible window (its parent embedded in a presented
    /// controller, say), where the controller it shows has begun appearing with it and only the
    /// transition can take it off screen, or taken it out of one (see <doc:Reentrancy>).
    func apply(_ newStack: [Controller], animated: Bool, completion: (() -> Void)?) {
        // Queued before the moves, so that a transition asked for inside them (a presentation, a
        // dismissal) runs after this one, in request order (§1).
        if hasWindowForChanges, let window = storedView?.storedWindow {
            window.requestVisibleTransition(for: self)
        }
        changingContents {
            sendMoves(changingStackTo: newStack)
            stack.changeApplied(animated: animated, completion: completion)
            if DeliveryLoop.verdict(.inVisibleWindow(self)) == .hold, let window = storedView?.storedWindow {
                // A window asked already keeps the place it gave this transition.
                window.requestVisibleTransition(for: self)
            } else {
                settlingOffScreen(settleOffScreen)
            }
        }
    }

    /// Changes the stack to `newStack` and sends the moves of the change: each controller it removes,
    /// bottom first, `willMove(toParent: nil)` then `didMove(toParent: nil)`, except the shown one,
    /// whose move ends with the transition; each controller it adds, in stack order,
    /// `willMove(toParent: self)` then `didMove(toParent: self)`, except the new top, whose move ends
    /// after its `viewDidAppear`; then the pending top this change supersedes ends its move,
    /// `didMove(toParent: self)` if it stays, `didMove(toParent: nil)` if it left (R7: it gets no
    /// `willMove(toParent: nil)` while its move is open).
    ///
    /// The stack is committed before calling out. The controllers it adds are pending members until
    /// each is adopted (R9); one given elsewhere meanwhile is dropped with a warning.
    private func sendMoves(changingStackTo newStack: [Controller]) {
        var change = stack.stackChanging(to: newStack)
        let added = change.added
        let superseded = change.superseded
        markPendingAdoption(added)
        defer { clearPendingAdoption(added) }
        // Each removal's step holds its controller alone, so that one nothing else holds is
        // deallocated right after its move. Additions still open that this change takes out again
        // end at nil after its own moves (R7).
        var droppedAdditions: [Controller] = []
        if !change.removed.isEmpty {
            // Taken out of the change, not copied, so that the steps hold the controllers alone.
            var removed: [Controller] = []
            swap(&removed, &change.removed)
            DeliveryLoop.runListed(.removeChild, releasingEach: consume removed) { controller in
                // The shown controller taken out and put back already has its removal open: it is a
                // removal again, which the transition ends.
                if controller === superseded || controller === stack.leavingShown { return }
                if controller.containment.isMovingToParent {
                    droppedAdditions.append(controller)
                    return
                }
                controller.releaseRule = .navigationRelease
                beginRemovingChild(controller, rule: .navigationApply)
                if !stack.removalBegan(of: controller) {
                    endMove(of: controller, stays: false, rule: .navigationMoveAtOnce)
                }
            }
        }
        if !added.isEmpty { adopt(added, into: newStack) }
        if let superseded {
            // Shown on screen (appearing with the navigation controller) and gone from the stack, it
            // is the outgoing controller of the transition now pending, whose end closes its move
            // right after its viewDidDisappear, as for the shown controller a change removes (no
            // willMove: its move is open, R7).
            if !controllers.containsIdentical(superseded) { superseded.releaseRule = .navigationRelease }
            let onScreen = DeliveryLoop.verdict(.inVisibleWindow(self)) == .hold
            switch stack.supersededTopSettles(superseded, onScreen: onScreen) {
            case .leavesWithTransition: break
            case .endMove(let stays): endMove(of: superseded, stays: stays, rule: .navigationReplacedPendingTop)
            }
        }
        if !droppedAdditions.isEmpty {
            DeliveryLoop.runListed(.dropAddition, for: droppedAdditions) { controller in
                guard DeliveryLoop.verdict(.child(controller, of: self)) == .hold else { return }
                controller.releaseRule = .navigationRelease
                endMove(of: controller, stays: false, rule: .navigationReplacedPendingTop)
            }
        }
    }

    /// The additions of a change of the stack to `newStack`: each of `added` is adopted in its
    /// turn, in stack order, and its move ends at once, but for the new top's, which waits for its
    /// first appearance (spec §6).
    @inline(__always)
    private func adopt(_ added: [Controller], into newStack: [Controller]) {
        DeliveryLoop.runListed(.adoptChild, for: added) { controller in
            // The shown controller, whose removal is open, put back: its move ends with
            // `didMove(toParent: self)` when the transition settles it (R7).
            if controller.storedParent === self { return }
            guard adoptChild(controller, rule: .navigationApply) else {
                stack.adoptionFailed(of: controller)
                return
            }
            // Its root view, put in a visible window by hand while the request waited, left it with
            // the adoption, and nothing shows it until a transition does: it disappears as a view
            // leaving a window does (F2), before its move can wait for an appearance.
            AppearanceReconciler.reconcile(controller, after: .adoptedOffScreen, source: .controller(id))
            if controller === newStack.last {
                try! stack.newTopAdopted(controller)
            } else {
                endMove(of: controller, stays: true, rule: .navigationMoveAtOnce)
            }
        }
    }

    /// Ends the move of the pending top `controller`, whose first appearance has just ended (spec
    /// §6): `didMove(toParent: self)`, right after its `viewDidAppear`, or after a `viewDidDisappear`
    /// that came first.
    func endPendingTopMove(of controller: Controller) {
        guard DeliveryLoop.verdict(.child(controller, of: self)) == .hold, stack.pendingTopAppeared(controller)
        else { return }
        endMove(of: controller, stays: true, rule: .navigationDidMove)
    }

    /// Ends the move of the shown controller that a change took out (or out and back in), as the
    /// transition that takes it off screen ends: `didMove(toParent: nil)`, or `didMove(toParent: self)`
    /// if it is in the stack again (R7). Returns it when it left, for ``release(_:)``.
    func endLeavingShownMove(interactive: Bool = false) -> Controller? {
        guard let (leaving, stays) = stack.leavingShownMoveEnds() else { return nil }
        if !stays { leaving.releaseRule = .navigationRelease }
        endMove(of: leaving, stays: stays, rule: interactive ? .navigationInteractiveDidMove : .navigationDidMove)
        return stays ? nil : leaving
    }

    // MARK: - The navigation controller's own appearance (spec §6)

    /// Called once the navigation controller has forwarded `step` of its own appearance to `child`,
    /// the controller it shows (F6): tells the delegate `willShow` after the top's `viewWillAppear`
    /// and `didShow` after its `viewDidAppear`, once each per appearance, unless a transition of its
    /// own is pending or in flight, which tells the delegate instead (a `willShow` sent stays, and
    /// only the `didShow` is replaced).
    func shownControllerTook(_ step: AppearanceStep, _ child: Controller) {
        switch step {
        case .begin(appearing: true, let animated):
            let isAppearing = DeliveryLoop.verdict(.reached(child, .appearing)) == .hold
            guard stack.navigationBeganAppearing(child, isAppearing: isAppearing, animated: animated) else { return }
            tellDelegateWillShow(child, animated: animated)
        case .end(appearing: true):
            // A top already appeared when the navigation controller's appearance reached it (F3 skipped
            // it; its state was left to a container that forwards by hand) has no viewDidAppear to
            // come: its move ends now.
            if DeliveryLoop.verdict(.reached(child, .appeared)) == .hold { endPendingTopMove(of: child) }
            // Read again: the move's `didMove(toParent:)` may have moved it on.
            let hasAppeared = DeliveryLoop.verdict(.reached(child, .appeared)) == .hold
            guard let announced = stack.navigationAppeared(child, hasAppeared: hasAppeared) else { return }
            tellDelegateDidShow(child, animated: announced.animated)
        case .end(appearing: false):
            stack.announcementEnded()
        case .begin(appearing: false, _), .end(appearing: nil):
            stack.announcementEnded()
        }
    }
}

extension Controller {
    /// Called when an appearance walk from this controller that ends a step is over: if this
    /// controller is a navigation controller's top whose move waits for its first appearance, and
    /// the walk ended the appearance it had begun (its `viewDidAppear`, or a `viewDidDisappear` that
    /// came first), its `didMove(toParent: nav)` comes now (spec §6), whatever path brought the
    /// appearance (the navigation controller's own, its transition, the window).
    func appearanceEnded(from before: AppearanceState) {
        guard before == .appearing || before == .disappearing, DeliveryLoop.verdict(.pendingTop(self)) == .hold,
            let navigation = storedParent as? NavigationController
        else { return }
        navigation.endPendingTopMove(of: self)
    }
}

// MARK: - Pops and stack replacements, applied now or when they stop waiting

extension NavigationController {
    /// Applies a pop: returns the top it takes out, nil when the stack holds one controller or none.
    func applyPop(animated: Bool, completion: (() -> Void)?, whenApplied: ((Controller?) -> Void)?)
        -> Controller?
    {
        let top = controllers.count > 1 ? controllers.last : nil
        if top != nil { apply(Array(controllers.dropLast()), animated: animated, completion: completion) }
        whenApplied?(top)
        return top
    }

    /// Applies a pop to the root: returns the controllers it takes out, bottom first.
    func applyPopToRoot(
        animated: Bool, completion: (() -> Void)?, whenApplied: (([Controller]) -> Void)?
    ) -> [Controller] {
        let popped = controllers.count > 1 ? Array(controllers[1...]) : []
        if !popped.isEmpty { apply([controllers[0]], animated: animated, completion: completion) }
        whenApplied?(popped)
        return popped
    }

    /// Checks a pop to `controller` again as it runs: refused once `controller` has left the stack.
    func popToRecheck(_ controller: Controller) -> () -> ContractViolation? {
        { [self] in controllers.containsIdentical(controller) ? nil : popToViolation(controller) }
    }

    /// Applies a pop to `controller`: returns the controllers it takes out, bottom first; nothing,
    /// and `whenApplied` is not told, when `controller` has left the stack.
    func applyPop(
        to controller: Controller, animated: Bool, completion: (() -> Void)?,
        whenApplied: (([Controller]) -> Void)?
    ) -> [Controller] {
        guard let index = controllers.firstIndex(where: { $0 === controller }) else { return [] }
        let popped = Array(controllers[(index + 1)...])
        if !popped.isEmpty { apply(Array(controllers[...index]), animated: animated, completion: completion) }
        whenApplied?(popped)
        return popped
    }

    /// ``setControllers(_:animated:completion:)``; returns false when the call was refused.
    @discardableResult
    func requestControllers(_ newControllers: [Controller], animated: Bool, completion: (() -> Void)?) -> Bool {
        if let violation = stackViolation(newControllers) {
            violation.report()
            return false
        }
        let kept = keepUntilChangeEnds {
            ContainerRequest(call: "setControllers on \(id)", recheck: { [self] in stackViolation(newControllers) }) {
                [self] in setControllers(newControllers, animated: animated, completion: completion)
            }
        }
        if kept { return true }
        applyOrWait(animated: animated) {
            apply(newControllers, animated: animated, completion: completion)
        } otherwise: {
            ContainerRequest(
                call: "setControllers on \(id)", animated: animated, joining: newControllers,
                recheck: { [self] in stackViolation(newControllers) },
                apply: { [self] in apply(newControllers, animated: animated, completion: completion) })
        }
        checkInvariants()
        return true
    }
}
