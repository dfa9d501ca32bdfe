/// The premises of planned steps, and the one function that checks them.
extension DeliveryLoop {
    /// What a step was planned under, or, for a step that follows callbacks of the same call, what
    /// those callbacks must have left in place: for ``verdict(_:)`` to check when its turn comes.
    enum Premises {
        /// A step of the appearance transition of `controller` that a callback of the same
        /// transition precedes (`viewIsAppearing(_:)` after `viewWillAppear(_:)`, `viewDidAppear(_:)`
        /// after `viewIsAppearing(_:)`): that transition, begun at `epoch`, is still open toward,
        /// or ended at, `state`.
        case transition(of: Controller, epoch: UInt64, state: AppearanceState)
        /// A walk's `step` for a child (``PlannedStep``), planned while the walk from `root` was
        /// under way; `sparing` is the window whose transitions in flight the walk spares (F7).
        case forwarded(PlannedStep, AppearanceStep, root: Controller, sparing: Window?)
        /// A built-in container's `step`, forwarded from inside its own callback to `child`, one of
        /// the children it showed when it took the step (F6); `sparing` is the container's window
        /// if transitions are in flight there (F7).
        case forwardedByContainer(ContainerController, AppearanceStep, child: Controller, sparing: Window?)
        /// The did-appear that a view's entry into `window` deferred to the end of the turn (§1),
        /// queued for one appearance of its root.
        case deferredAppearance(AppearanceCompletion, in: Window)
        /// The did-disappear that a view's exit from a visible window deferred to the end of the
        /// turn (§1, §2.2 **[rev 2]**), queued for one disappearance of its controller.
        case deferredDisappearance(DisappearanceCompletion)
        /// An addition's structural half, once the child's `willMove(toParent: container)` has
        /// returned (R1): the child still heads to `container`.
        case joining(Controller, ContainerController)
        /// The will-callback of `controller`, which a transition of `host` started in `window`
        /// brings in: the plan's condition for it to begin appearing (``TransitionPlan/ComingCondition``)
        /// still holds after the callbacks sent before it.
        case coming(Controller, TransitionPlan.ComingCondition, host: Controller?, window: Window?)
        /// The walk's `step`, taken by `controller`, goes on to its children (F1): its callbacks
        /// left it where the step leads; and, for a child the walk planned under `parent` (nil for
        /// the walk's root), with the tree at `revision` before its callbacks, they did not take it
        /// out of `parent`'s reach below `root`.
        case forwardingOn(from: Controller, AppearanceStep, under: Controller?, root: Controller, revision: UInt64)
        /// A visible transition of the built-in `container` in `window`: the container is still
        /// shown there. Checked when the transition's turn comes (it was requested earlier in the
        /// turn; otherwise it settles off screen), once its will-half has run (otherwise its
        /// did-half runs at once, as off screen, instead of waiting for what the plan waits for),
        /// after a swipe's incoming pages' `willMove(toParent:)` and the delegate's
        /// `willTransition(to:)` (otherwise the swipe is given up), after a tab switch off screen
        /// took the outgoing tab's view out (otherwise the switch is asked for on screen), and as a
        /// tab switch is asked for (otherwise it waits for the window to run it).
        case shown(ContainerController, in: Window)
        /// What a change of `container` does next, read once the moves, view hooks or
        /// will-callbacks it sent have returned: its view is in a visible window now, and the
        /// change goes on on screen; otherwise it settles, or completes, as an off-screen one does
        /// (§1). Those callbacks may have put the container on screen as well as taken it off.
        case inVisibleWindow(ContainerController)
        /// `controller` is in `state`, where its callbacks just sent left it: a navigation
        /// controller's `willShow` after its top's `viewWillAppear(_:)`, the end of the top's move
        /// and its `didShow` after the top's `viewDidAppear(_:)` (the stack's machine takes the
        /// answer as a fact); a tab's `viewIsAppearing(_:)` in the switch's layout pass.
        case reached(Controller, AppearanceState)
        /// The will-callback of `controller`, taken out by a plan that passes over the controllers
        /// it takes out once they have disappeared (a dismissal's chain): it has not disappeared.
        case notDisappeared(Controller)
        /// The did-half of a visible transition, for `incoming`, the controller it brought in: its
        /// view is in a visible window, where it appears. Otherwise what took it out left its
        /// appearance open, and the ``AppearanceReconciler`` ends it.
        case arrived(Controller)
        /// The did-half of a visible transition, for `outgoing`, the controller it took out: its
        /// view left with the transition (`viewTakenOut`) or is in no visible window, and it
        /// disappears. Otherwise it was moved by hand elsewhere in the visible window, where the
        /// window drives it (F2): the ``AppearanceReconciler`` takes it.
        case departed(Controller, viewTakenOut: Bool)
        /// The sweep after a built-in `container`'s change off screen has settled: `child`, whose
        /// appearance transition was open while `container` showed it, is still its child and
        /// shown by it. Otherwise (the settling itself, or a callback, let go of it) nothing will
        /// end that transition: the ``AppearanceReconciler`` takes it.
        case stillShown(Controller, by: ContainerController)
        /// A step of the presentation or dismissal `transition`: the links it changes still hold
        /// (a dismissal settled off screen before its turn came cuts them), and `window`, if named,
        /// is not hidden.
        case linked(PresentationTransition, in: Window?)
        /// The end of the move of a navigation controller's new top, `controller`, after the
        /// transition's did-callbacks: they ended its appearance (it appeared, or, appearing
        /// before them, it is no longer: a disappearance began or ended). Otherwise its move waits
        /// for its first appearance (§6).
        case appearanceEnded(Controller, wasAppearing: Bool)
        /// The removal of `controller`'s root view by the did-half of a custom container's
        /// transition: the view is still where the transition found it, in `superview`. Moved by
        /// hand since, it stays where it was put.
        case viewIn(Controller, superview: View)
        /// A transition's animation in `window`, once its will-half ran: the window is not hidden.
        /// Otherwise it completes inside the call, as on a hidden window.
        case visible(Window)
        /// The pull of `sheet`, presented by `presenter`, once the presentation delegate has
        /// answered: `sheet` is still presented by it and shown in `window`. Otherwise the user can
        /// no longer be pulling it, and the pull is given up before any appearance callback.
        case pullable(Controller, presentedBy: Controller, in: Window)
        /// The entry of `root`, one of the controllers the view `entering` brought into `window`
        /// drives, found before the first one's callbacks ran: the window still drives it (its
        /// root view still inside `entering`, in the visible window, and no forwarding there
        /// reaching it). Rejected when it is in the visible window, not appeared, and something
        /// else reaches it now (it joined a parent's appearance late): the reconciler takes it.
        /// With `newSuperview`, the entry runs before the move puts `entering` there (§3
        /// **[rev 2]**), so `entering` is not in the window yet: `newSuperview` must still be.
        /// Once a callback has taken it out, or withdrawn the move, the move will not bring `root`
        /// in (it settles the roots that began: ``ViewMove/settle(_:of:windowChanged:)``).
        case entering(Controller, within: View, window: Window, into: View?)
        /// A step of the exit of `root`, one of the controllers a view leaving a window drives: a
        /// callback of an earlier root has not put its view back in `window` (given, and visible
        /// again), which drives it from then on.
        case leaving(Controller, unlessBackIn: Window?)
        /// A step of the exit of `root`, one of the controllers the view `leaving` takes out of the
        /// visible `window` for `newSuperview`, run before the move takes `leaving` out (§3
        /// **[rev 2]**): a callback of an earlier root has not moved `root`'s view out of `leaving`
        /// (its own move drove it then), nor put `newSuperview` in `window` or withdrawn the move
        /// (the move no longer takes `root` out).
        case leavingAhead(Controller, within: View, window: Window, to: View?)
        /// The installation of `child`'s view by a built-in `container`'s forwarding, once the view
        /// is loaded: `container` still shows it.
        case stillShows(ContainerController, Controller)
        /// A move of `child` that `container` sends after others: `child` is still its child.
        case child(Controller, of: ContainerController)
        /// The end of the addition of `child`, an incoming page of a completed turn: its move is
        /// still open (R7: a callback sent before may have ended it, or it was shown already).
        case additionOpen(Controller)
        /// The removal of `page`, which a completed turn of `pageController` takes out (or kept out of
        /// view), once the moves sent before it have returned: `page` is still its child, no move of
        /// it is open, and the pages asked for do not name it. Otherwise a callback sent before (a
        /// swipe begun and completed inside it, in another window) removed it, moved it on, or
        /// showed it again, and its state is what that call left.
        case outgoingPage(Controller, of: PageController)
        /// The drop of `page`, which `pageController` adopted for a turn that does not show it (a
        /// swipe given up or cancelled, a request replaced before its turn), once the drops sent
        /// before it have returned: `page` is still its child with its addition open, and the pages
        /// asked for do not name it. Otherwise a turn that completed inside a callback sent before
        /// ended its move, or a request made meanwhile names it and it stays pending for that
        /// request's turn. It never began appearing, or its appearance has ended: nothing is left
        /// open.
        case droppedPage(Controller, of: PageController)
        /// The turn a non-animated request of `pageController` asks for, run inside the call, once
        /// the callbacks of its adoptions (and the requests they made, which wait for the change's
        /// end) have run: the pages asked for are still to be shown without animation, and the
        /// page controller is in a visible window with no visible transition pending or in flight.
        /// Otherwise the turn waits for its place in the window's queue, or settles off screen.
        case turnInsideTheCall(PageController)
        /// The `didSelect` that follows a selection of `controller`, once the switch's first half
        /// has run: `controller` is still one of `tabBar`'s tabs.
        case tab(Controller, of: TabBarController)
        /// A step of the will-half of `tabBar`'s switch numbered `number`, run in `window`, before
        /// its views swap (the outgoing tab's will-callback, the swap itself): that switch is still
        /// the one under way and still beginning, and the tab bar controller is still shown in
        /// `window`. Otherwise a callback sent before took the tab bar off screen (a hidden window,
        /// another window), or another switch took its place: the switch gives up its swap, and its
        /// open appearances go to the reconciler.
        case switchUnderWay(TabBarController, number: UInt64, in: Window?)
        /// The installation of `controller`'s root view in `window`: still the window's root
        /// controller.
        case root(Controller, of: Window)
        /// The exit of the controllers whose root views `view` took out of `window`, once the
        /// move's hooks have returned: a hook has not put it back in.
        case viewOut(View, of: Window)
        /// The entry of the controllers whose root views `view` brought into `window` (or moved
        /// within it), once the move's hooks have returned: it is still there, and `window` is not
        /// hidden.
        case viewInside(View, visible: Window)
        /// The end of what `view`'s move took out of its parents' forwarding, once the move's
        /// hooks have returned: it is in no visible window, where nothing else reaches it.
        case viewOffScreen(View)
        /// The end of the move of `controller`, a navigation controller's top whose move waits for
        /// its first appearance (§6), once a walk that ends the appearance it had begun is over:
        /// the walk ended it (it has appeared or disappeared), and its parent's top still waits for
        /// it.
        case pendingTop(Controller)
        /// The did-half of the presentation or dismissal `transition`: nothing ended it before its
        /// did-half came (it still holds its presenter and its chain).
        case unsettled(PresentationTransition)
        /// The return of `presenter`'s root view to `superview`, the place a full-screen
        /// presentation took it from, as its dismissal begins or settles: the view was not put
        /// anywhere by hand since, the move would not be refused (a cycle that views moved by hand
        /// would make, say), and the presenter has not changed parents (its view belongs in its new
        /// parent's view, which puts it there: R6).
        case placeFree(Controller, in: View)
    }

    /// Whether a planned step's premises still hold.
    enum Verdict {
        /// They hold: the step runs.
        case hold
        /// The step does not run as planned: it is dropped, because what moved its subject on
        /// reaches it itself (a later appearance transition, a transition in flight that brings it
        /// in or takes it out, F7, or a parent that moved on); or the call takes its other path (a
        /// change off screen settles as an off-screen one does, a swipe or a pull is given up).
        case moot
        /// What ran since the step was planned (a callback, or the change itself) took its subject
        /// out of the reach of what planned it, and nothing else will reach it: the
        /// ``AppearanceReconciler`` takes it.
        case rejected
    }

    /// Decides whether `premises` still hold: the one place where a planned step is checked before
    /// it runs.
    @inline(__always)
    static func verdict(_ premises: Premises) -> Verdict {
        switch premises {
        case .transition(let controller, let epoch, let state):
            return controller.appearanceState == state && controller.appearance.epoch == epoch ? .hold : .moot
        case .forwarded(let planned, let step, let root, let transitions):
            if let transitions, transitions.isMoving(planned.controller) { return .moot }
            guard AppearanceWalk.fits(planned.parent, step) else { return .moot }
            // A begin step is rejected when its parent moved on or no longer reaches it. An end step
            // is never rejected: it ends what was begun, wherever the controller went.
            if step.isBegin, planned.revision != TreeRevision.current,
                planned.parent.appearanceState != planned.parentState
                    || !planned.parent.stillForwards(to: planned.controller, below: root)
            {
                return .rejected
            }
            return .hold
        case .forwardedByContainer(let container, let step, let child, let transitions):
            // A child's callback moved the container on (took it out of the window, say): the later
            // call reaches the children. One the container no longer shows follows that change, and
            // one a transition in flight moves is that transition's (F7).
            guard AppearanceWalk.fits(container, step), container.shows(child) else { return .moot }
            if let transitions, transitions.isMoving(child) { return .moot }
            return .hold
        case .deferredAppearance(let completion, let window):
            // A view that left again, moved to another window, or appeared again since (its root
            // completed by an ancestor's completion or by hand) has nothing left to complete here.
            guard let controller = completion.controller, controller.appearance.epoch == completion.epoch,
                controller.storedView?.isIn(window) == true, !window.isHidden,
                !(completion.rootBegan && controller.appearanceState == .appeared)
            else { return .moot }
            return .hold
        case .deferredDisappearance(let completion):
            // One that appeared again since (its view came back, or entered another visible window:
            // a new epoch), or whose disappearance something else ended, has nothing left to end.
            let controller = completion.controller
            return controller.appearance.endIsQueued && controller.appearance.epoch == completion.epoch ? .hold : .moot
        case .joining(let child, let container):
            // Its override moved it elsewhere, or took it out again: the addition is over. One that
            // ended the move itself with `didMove(toParent: container)`, early (R3 wants it after
            // the add), still joins: that does not undo it.
            return child.containment.isJoiningOrChild(of: container.id) ? .hold : .moot
        case .coming(let controller, let condition, let host, let window):
            // A callback sent before took the host, the window or the controller off screen: the
            // transition's did-half ends it where it is (F7), or the plan passes it over.
            // A `switch`, not `Optional.map`: a closure handed to a nonisolated function is checked
            // for the main actor each time it runs.
            let holds =
                switch (condition, window) {
                case (.hostShown, let window?): host?.isShown(in: window) == true
                case (.hostShown, nil): false
                case (.hostInVisibleWindow, _): host?.isInVisibleWindow == true
                case (.windowNotHidden, _): window?.isHidden == false
                case (.itselfInVisibleWindow, _): controller.isInVisibleWindow
                case (.placeInVisibleWindow, _):
                    controller.isInVisibleWindow
                        || (controller.storedView?.superview == nil
                            && controller.presentationStorage?.chain.hiddenViewSuperview?.isInVisibleWindow == true)
                }
            return holds ? .hold : .moot
        case .forwardingOn(let controller, let step, let parent, let root, let revision):
            // Its callback moved it on: its children follow the later call instead.
            guard AppearanceWalk.fits(controller, step) else { return .moot }
            // Its callback took it out of its parent's reach: nothing the walk sends will end the
            // appearance it began, so the reconciler takes it.
            if let parent, step.isBegin, revision != TreeRevision.current,
                !parent.stillForwards(to: controller, below: root)
            {
                return .rejected
            }
            return .hold
        case .shown(let container, let window):
            // What ran since took it off screen: the change settles, or completes, as an off-screen
            // one does.
            return container.isShown(in: window) ? .hold : .moot
        case .inVisibleWindow(let container):
            return container.storedView?.isInVisibleWindow == true ? .hold : .moot
        case .reached(let controller, let state):
            return controller.appearanceState == state ? .hold : .moot
        case .notDisappeared(let controller):
            // A callback sent before dismissed it already: its did-disappear came then.
            return controller.appearanceState != .disappeared ? .hold : .moot
        case .arrived(let controller):
            return controller.isInVisibleWindow ? .hold : .rejected
        case .departed(let controller, let viewTakenOut):
            return viewTakenOut || !controller.isInVisibleWindow ? .hold : .rejected
        case .stillShown(let child, let container):
            return child.storedParent === container && container.shows(child) ? .hold : .rejected
        case .linked(let transition, let window):
            if let window, window.isHidden { return .moot }
            return transition.linksHold ? .hold : .moot
        case .appearanceEnded(let controller, let wasAppearing):
            let state = controller.appearanceState
            return state == .appeared || (wasAppearing && state != .appearing) ? .hold : .moot
        case .viewIn(let controller, let superview):
            return controller.storedView?.superview === superview ? .hold : .moot
        case .visible(let window):
            return window.isHidden ? .moot : .hold
        case .pullable(let sheet, let presenter, let window):
            return sheet.presentingController === presenter && sheet.isShown(in: window) ? .hold : .moot
        case .entering(let root, let entering, let window, let newSuperview):
            if newSuperview != nil, ViewMove.isWithdrawn(entering) { return .moot }
            if AppearanceWalk.isDriven(root, by: window, within: entering, into: newSuperview) { return .hold }
            let inPlace =
                switch newSuperview {
                case let newSuperview?:
                    newSuperview.storedWindow === window && root.storedView?.isDescendant(of: entering) == true
                case nil: root.storedView?.storedWindow === window
                }
            return inPlace && !window.isHidden && root.appearanceState != .appeared ? .rejected : .moot
        case .leavingAhead(let root, let leaving, let window, let newSuperview):
            let stays = newSuperview?.storedWindow === window || ViewMove.isWithdrawn(leaving)
            return !stays && root.storedView?.isDescendant(of: leaving) == true ? .hold : .moot
        case .leaving(let root, let window):
            guard let window, !window.isHidden else { return .hold }
            return root.storedView?.storedWindow === window ? .moot : .hold
        case .stillShows(let container, let child):
            return container.shows(child) ? .hold : .moot
        case .child(let child, let container):
            return child.storedParent === container ? .hold : .moot
        case .additionOpen(let child):
            return child.containment.isMovingToParent ? .hold : .moot
        case .outgoingPage(let page, let pageController):
            guard page.storedParent === pageController, !page.containment.isMovingToParent,
                !page.containment.isMovingFromParent
            else { return .moot }
            return pageController.shownControllers.containsIdentical(page) ? .moot : .hold
        case .droppedPage(let page, let pageController):
            guard page.storedParent === pageController, page.containment.isMovingToParent else { return .moot }
            return pageController.shownControllers.containsIdentical(page) ? .moot : .hold
        case .turnInsideTheCall(let pageController):
            guard !pageController.paging.pendingAnimated, let window = pageController.storedView?.storedWindow,
                !window.isHidden, !window.hasVisibleTransition
            else { return .moot }
            return .hold
        case .tab(let controller, let tabBar):
            return tabBar.selection.isTab(controller) ? .hold : .moot
        case .switchUnderWay(let tabBar, let number, let window):
            guard tabBar.selection.isBeginning(number), let window, tabBar.isShown(in: window) else { return .rejected }
            return .hold
        case .root(let controller, let window):
            return window.storedRootController === controller ? .hold : .moot
        case .viewOut(let view, let window):
            return view.isIn(window) ? .moot : .hold
        case .viewInside(let view, let window):
            return !window.storedIsHidden && view.isIn(window) ? .hold : .moot
        case .viewOffScreen(let view):
            return view.isInVisibleWindow ? .moot : .hold
        case .pendingTop(let controller):
            let state = controller.appearanceState
            guard state == .appeared || state == .disappeared,
                // Asked of the parent without a reference: only a pending top needs one.
                controller.parentStorage?.withGuaranteed({ $0.hasPendingTop(controller) }) == true
            else { return .moot }
            return .hold
        case .unsettled(let transition):
            return transition.presenting != nil && !transition.chain.isEmpty ? .hold : .moot
        case .placeFree(let presenter, let superview):
            guard let view = presenter.storedView, view.superview == nil,
                ViewMove.fault(moving: view, under: superview) == nil
            else { return .moot }
            if let parent = presenter.storedParent, superview.nearestOwningController !== parent { return .moot }
            return .hold
        }
    }
}
