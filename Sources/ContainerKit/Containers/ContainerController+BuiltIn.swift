extension ContainerController {
    /// Loads `child`'s view and puts it in this container's view, without appearance callbacks
    /// (the container's transition sends them: F7).
    func installView(of child: Controller, below sibling: Controller? = nil) {
        let containerView = view
        let childView = child.view
        guard childView.superview !== containerView else { return }
        childView.frame = containerView.bounds
        var index: Int?
        if let siblingView = sibling?.storedView,
            let position = containerView.subviews.firstIndex(where: { $0 === siblingView })
        {
            index = position
        }
        ViewMove.perform(childView, to: containerView, at: index, drivesAppearance: false)
    }

    /// Takes `child`'s view out of its superview, without appearance callbacks (F7): out of this
    /// container's view, or from wherever it was put by hand (a child the container no longer shows
    /// has its view in no window).
    func uninstallView(of child: Controller) {
        guard let childView = child.storedView, childView.superview != nil else { return }
        ViewMove.perform(childView, to: nil, at: nil, drivesAppearance: false)
    }

    /// R9 for built-in containers: `addChild(_:)` on the container, and `addChild(_:)` or
    /// `removeFromParent()` on a controller it manages, are refused with a fault.
    func refuseManualMove(of child: Controller, call: String, container: String, api: String) -> Bool {
        ContractViolation(
            kind: .builtInContainerChildMovedByHand, severity: .fault, controllers: [id, child.id],
            message: "\(call) was refused: \(child.id) would move in or out of \(id), a \(container), which moves "
                + "its children only through its own API (\(api)) (R9)."
        ).report()
        return true
    }

    /// Runs `step` on `controller` and what it forwards to, driven by this container for `rule`.
    func drive(_ controller: Controller, _ step: AppearanceStep, rule: Rule) {
        AppearanceWalk.run(from: controller, step: step, source: .controller(id), rule: rule, rootIsManual: false)
    }

    /// Runs a request's completion closure, reporting it as `container.completion()`.
    func runCompletions(_ completions: [() -> Void], rule: Rule) {
        for completion in completions {
            DeliveryLoop.deliver(
                BlockStep.completion(self, finished: nil, { _ in completion() }), source: .controller(id), rule: rule)
        }
    }

    /// Why `controllers` cannot be this built-in container's children, if they cannot: a controller
    /// named twice, the container itself or an ancestor, or one that has another parent (R9).
    func contentsProblem(_ controllers: [Controller]) -> (reason: String, controller: Controller)? {
        var seen = Set<ObjectIdentifier>()
        for controller in controllers {
            guard seen.insert(ObjectIdentifier(controller)).inserted else {
                return ("\(controller.id) is named twice", controller)
            }
            if isSelfOrDescendant(of: controller) {
                return ("\(controller.id) is \(id) or one of its ancestors", controller)
            }
            if let cycle = presentationCycle(adopting: controller) {
                return (cycle, controller)
            }
            controller.reconcileDeallocatedParent()
            if let parent = controller.storedParent, parent !== self {
                return ("\(controller.id) is a child of \(parent.id); remove it from its parent first (R9)", controller)
            }
            if let joining = controller.joiningParent {
                return (
                    "\(controller.id) is joining \(joining): its willMove(toParent: \(joining)) is running (R7, R9)",
                    controller
                )
            }
            if let conflict = controller.placementConflict() {
                return (conflict, controller)
            }
            if let waiting = controller.pendingMembershipConflict(), controller.pendingAdoption !== self {
                return (waiting, controller)
            }
            if let cycle = viewCycle(showing: controller) {
                return (cycle, controller)
            }
        }
        return nil
    }

    /// Why this built-in container cannot show `controller`, if its root view holds the container's
    /// view, now or once the built-in containers above show their children: the container would
    /// put that root view inside its own view, a cycle. A built-in `controller` whose view is not
    /// loaded holds what the root views of its own children hold (it puts them in its view).
    func viewCycle(showing controller: Controller) -> String? {
        guard let start = storedView ?? ViewMove.eventualSuperview(ofRootViewOf: self),
            ViewMove.eventuallyHolds(rootViewOf: controller, start)
        else { return nil }
        return "\(controller.id)'s root view holds \(id)'s view, or will once the containers above show it, and "
            + "\(id) would put it inside its own view: the view tree would have a cycle"
    }

    /// Ends the appearance a transition of this container began for `incoming`, as
    /// ``AppearanceWalk/endIncomingAppearance(of:animated:source:rule:)`` says.
    func endIncomingAppearance(of incoming: Controller, animated: Bool, rule: Rule) {
        AppearanceWalk.endIncomingAppearance(of: incoming, animated: animated, source: .controller(id), rule: rule)
    }

    /// The window in which the visible transition this built-in container started in `window` goes
    /// on, once its will-half has run: `window`, or nil when the transition completes inside the
    /// call (it started off screen, or ``goesOnAfterItsStart(in:transition:incoming:)`` says it no
    /// longer goes on). What a navigation transition, a tab switch and a page turn answer the runner
    /// (``PlannedTransition/willHalfEnded(in:)``).
    func windowGoingOn(
        from window: Window?, transition: String, incoming: @autoclosure () -> [Controller]
    ) -> Window? {
        guard let window, goesOnAfterItsStart(in: window, transition: transition, incoming: incoming()) else {
            return nil
        }
        return window
    }

    /// Whether the visible transition this built-in container started in `window` goes on there,
    /// read once the callbacks its start sends have returned: its premise, which the loop checks
    /// (``DeliveryLoop/Premises/shown(_:in:)``). If it does not (they took the container's view out
    /// of the window, moved it to another, or hid the window), a warning says that it completes
    /// inside the call, as off screen, and that `incoming` ends disappeared.
    func goesOnAfterItsStart(in window: Window, transition: String, incoming: @autoclosure () -> [Controller])
        -> Bool
    {
        guard DeliveryLoop.verdict(.shown(self, in: window)) != .hold else { return true }
        let incoming = incoming()
        let named = incoming.map { "\($0.id)" }.joined(separator: ", ")
        ContractViolation(
            kind: .invalidTransition, severity: .warning, controllers: [id] + incoming.map(\.id),
            message: "\(transition) on \(id): \(id)'s view left \(window.windowID) (or the window was hidden) inside "
                + "the callbacks the transition sends as it starts; the transition completed inside the call, as an "
                + "off-screen one does" + (named.isEmpty ? "." : ", and \(named) end disappeared.")
        ).report()
        return false
    }

    /// An interactive transition of this built-in container, just put in flight in `window`: if the
    /// callbacks its start sent took the container off screen (``goesOnAfterItsStart(in:transition:incoming:)``
    /// reports it), it completes at once, as one in flight does when its container leaves the window.
    /// Its animation was not in flight yet when they did, so nothing completed it then.
    func completeIfTakenOffScreenAsItStarted(
        in window: Window, transition: String, incoming: @autoclosure () -> [Controller]
    ) {
        guard !goesOnAfterItsStart(in: window, transition: transition, incoming: incoming()), let view = storedView
        else { return }
        window.completeAnimations(inside: view)
    }

    /// A built-in container's change: on screen, `host`'s visible transition at the end of the turn;
    /// off screen, `settleOffScreen` now (through ``settlingOffScreen(_:)``).
    func requestVisibleChange(_ host: any VisibleTransitionHost, settleOffScreen: () -> Void) {
        if let window = storedView?.storedWindow, !window.isHidden {
            window.requestVisibleTransition(for: host)
        } else {
            settlingOffScreen(settleOffScreen)
        }
    }

    /// Runs `settle`, a change this container makes off screen inside the call (§1), then ends the
    /// appearance transitions it leaves with nothing to end them.
    ///
    /// A built-in container reaches only the children it shows (F6). One it showed whose transition
    /// is open (begun on screen: the container disappears with a transition that takes it out and
    /// has not completed) and that it no longer shows would wait for a did-callback that never
    /// comes. Each such child, in `children` order, once `settle` has returned, ends it as
    /// ``AppearanceReconciler/Change/letGo(by:formerWindow:)`` says: in a visible window
    /// (its view moved there by hand) the window takes it over; otherwise a disappearing one gets
    /// its did-disappear as a view leaving a window does (F2), inside the call, unless a view's exit
    /// from a visible window queued that did-disappear for the end of the turn (§1). So does an appearing
    /// one while this container appears itself with its view in no window yet (brought in by a
    /// transition that has not put it there): it gets will-disappear, then did-disappear, and the
    /// child shown now joins the container's appearance as its view goes in (F1). A child the change
    /// removed ended it at its removal already; this is for one that stays a child unshown (a tab
    /// no longer selected, a controller no longer on top of the stack).
    func settlingOffScreen(_ settle: () -> Void) {
        let open = children.filter { child in
            shows(child) && (child.appearanceState == .appearing || child.appearanceState == .disappearing)
        }
        changingContents {
            settle()
            DeliveryLoop.runListed(.reconcile, for: open) { child in
                guard DeliveryLoop.verdict(.stillShown(child, by: self)) != .hold else { return }
                AppearanceReconciler.reconcile(
                    child, after: .letGo(by: self, formerWindow: storedView?.storedWindow), source: .controller(id))
            }
        }
    }
}

extension Controller {
    /// Whether this controller is still on screen in `window`, the window that runs its visible
    /// transition (a built-in container's, or one it is brought in by). A callback the transition
    /// sends as it starts may have taken the controller's view out of it, moved it to another
    /// window, or hidden the window.
    func isShown(in window: Window) -> Bool {
        isInVisibleWindow && storedView?.isIn(window) == true
    }

    /// Why this controller cannot become a child, a stack entry, a tab or a page: it is presented
    /// (a presented controller has no parent, §9), or it is a window's root. Nil when it can.
    func placementConflict() -> String? {
        if let presenter = presentingController {
            return "\(id) is presented by \(presenter.id); dismiss it first (§9)"
        }
        if let window = storedView?.superview as? Window, window.storedRootController === self {
            return "\(id) is the root controller of \(window.windowID); set that window's rootController to nil first"
        }
        return nil
    }

    /// Why this controller cannot go anywhere else now, if it is a pending member of a built-in
    /// container: named by a push or `setControllers` that waits for a navigation controller's
    /// transition (spec §6), it joins the stack when that request is applied; named by a change of a container's contents, it is adopted once the
    /// callbacks that change sends first have run (R9). Nil when it is not.
    func pendingMembershipConflict() -> String? {
        if let navigation = pendingStack {
            return "\(id) waits to join \(navigation.id)'s stack: a push or setControllers names it and waits for "
                + "the transition of \(navigation.id) pending or in flight (an interactive pop, say); only "
                + "\(navigation.id)'s API can move it (R9)"
        }
        // Inside the willMove of its adoption, it is joining the container: that refusal says more.
        guard let container = pendingAdoption, openJoiningContainer == nil else { return nil }
        return "\(id) waits to join \(container.id): a change to the contents of \(container.id) names it and adopts "
            + "it once the callbacks it sends first have run; only \(container.id)'s API can move it (R9)"
    }

    /// Whether this controller is `controller` or one of its descendants: making `controller` a
    /// child of this one would close a cycle. A pending member of a built-in container
    /// (``Controller/pendingContainer``: pushed during a swipe back, or named by a change of the
    /// container's contents not done yet) counts as that container's child already: it becomes one
    /// when the gesture ends, or the change adopts it.
    func isSelfOrDescendant(of controller: Controller) -> Bool {
        var current: Controller? = self
        while let candidate = current {
            if candidate === controller { return true }
            current = candidate.storedParent ?? candidate.pendingContainer
        }
        return false
    }

    /// Whether this controller is `controller` or below it, through parents and presenting
    /// controllers (a presented controller has no parent: the way up from it is its presenter).
    func isSelfOrBelow(_ controller: Controller) -> Bool {
        var current: Controller? = self
        while let candidate = current {
            if candidate === controller { return true }
            current = candidate.storedParent ?? candidate.presentingController
        }
        return false
    }

    /// Why making `controller` a child of this controller would close a cycle through a
    /// presentation, if it would: this controller is presented, itself or through an ancestor, from
    /// `controller` or a controller below it. A presenter holds what it presents and a parent its
    /// children, so the two would hold each other and never be deallocated. The caller has checked
    /// that this controller is not `controller` or one of its descendants.
    func presentationCycle(adopting controller: Controller) -> String? {
        guard isSelfOrBelow(controller) else { return nil }
        return "\(id) is presented, itself or through an ancestor, from \(controller.id) or a controller below it: "
            + "the two would hold each other (a presenter holds what it presents) and never be deallocated"
    }

    /// The nearest ancestor of type `T`, if any.
    func nearestAncestor<T: ContainerController>(of type: T.Type) -> T? {
        var ancestor = storedParent
        while let current = ancestor {
            if let match = current as? T { return match }
            ancestor = current.storedParent
        }
        return nil
    }
}
