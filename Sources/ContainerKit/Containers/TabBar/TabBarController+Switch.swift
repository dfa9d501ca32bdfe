/// A tab switch: what it takes out and brings in (spec §7). It holds the two tabs while it runs
/// and lets them go as it ends.
@MainActor
final class TabSwitch: PlannedTransition {
    let tabBar: TabBarController
    var from: Controller?
    var to: Controller?
    let plan: TransitionPlan
    /// The switch's number in the tab bar controller's ``TabSelectionMachine``, which recorded it
    /// as it began.
    private let number: UInt64
    private var coordinator: Coordinator?
    /// The window the switch runs in, for the premises of its will-half. Unretained: read only
    /// during the will-half, while ``TransitionRunner/run(_:in:done:)`` holds the window.
    private unowned(unsafe) var window: Window?
    /// Whether the will-half has reached the views swap (made it, or given it up).
    private var swapReached = false

    /// The switch `started`, from its `from` to its `to`; with `deferringDidHalf`, its did-half
    /// waits for the end of the turn (§1 **[rev 2]**). One that waited for the window runs whole,
    /// as one step (§7, MODEL).
    init(_ tabBar: TabBarController, _ started: TabSelectionMachine.Switch, deferringDidHalf: Bool) {
        self.tabBar = tabBar
        number = started.number
        from = started.from
        to = started.to
        let rule: Rule = deferringDidHalf ? .tabWill : .tabWaitingSwitch
        plan = TransitionPlan(
            kind: .tabSwitch, animated: false, duration: 0, willOrder: .comingFirst, didOrder: .leavingFirst,
            loading: .beforeTheWills, comingBegins: .hostShown, layoutPassRule: .viewIsAppearingInTabSwitch,
            willRule: rule,
            didRule: deferringDidHalf ? .tabDid : .tabWaitingSwitch, wait: deferringDidHalf ? .endOfTurn : .nothing)
    }

    var host: Controller? { tabBar }
    /// The outgoing tab. Read for its will-callback after the incoming tab's, which may have taken
    /// the tab bar controller off screen or begun another switch: it is this switch's only while
    /// the switch is still under way in its window (a premise); otherwise what took the tab bar off
    /// screen, or the other switch, moves it.
    var leaving: TransitionSide {
        guard !swapReached, from != nil else { return .only(from) }
        return DeliveryLoop.verdict(.switchUnderWay(tabBar, number: number, in: window)) == .hold
            ? .only(from) : .only(nil)
    }
    var coming: TransitionSide { .only(to) }
    var source: EventSource { .controller(tabBar.id) }

    func adopt(_ coordinator: Coordinator) {
        tabBar.ownTransitionCoordinator = coordinator
        self.coordinator = coordinator
    }

    func willHalfEnded(in window: Window?) -> Window? {
        tabBar.windowGoingOn(from: window, transition: "The tab switch", incoming: to.asArray)
    }

    /// As the will-callbacks begin, the switch keeps the window for the premises of its will-half.
    ///
    /// After them, the views swap. A selection or a change of the tabs made by the callbacks before
    /// found the switch recorded, bringing `to` in: it waits behind this switch, so the views swap as
    /// planned. Unless those callbacks took the tab bar controller off screen or another switch took
    /// this one's place (a premise, read as the point comes): then the swap is given up. The views
    /// stay as they are, the outgoing tab is no longer this switch's (if its disappearance is open,
    /// the reconciler takes it), and the selection asks for the switch it needs from the tab shown
    /// (off screen, inside the call). The incoming tab's open appearance ends in the did-half, which
    /// finds it off screen.
    ///
    /// Before the did-callbacks, the incoming tab's layout pass (`viewIsAppearing`, §1). At the
    /// completion, the coordinator's completions, then what waited for the switch.
    @inline(__always)
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksBegin:
            self.window = window
        case .willCallbacksSent:
            swapReached = true
            if DeliveryLoop.verdict(.switchUnderWay(tabBar, number: number, in: window)) == .hold {
                planner.then(.installIncomingViews)
                planner.then(.uninstallOutgoingViews)
                planner.then(.commitViewsSwapped)
            } else {
                planner.then(.commitSwapGivenUp)
                planner.then(.reconcile)
                planner.then(.applyWaitingRequests)
            }
        case .didCallbacksBegin:
            if to != nil { planner.then(.runLayoutPass) }
        case .completion:
            planner.then(.commitEnded)
            planner.then(.letGo)
            planner.then(.completeCoordinator)
            planner.then(.endMoves)
            planner.checkInvariants()
            planner.then(.giveSlotBack)
        case .leavingSideEnded: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        switch step {
        case .installIncomingViews: if let to { tabBar.installView(of: to) }
        case .uninstallOutgoingViews: if let from { tabBar.uninstallView(of: from) }
        case .commitViewsSwapped: tabBar.selection.viewsSwapped(number: number)
        case .commitSwapGivenUp: tabBar.selection.swapGivenUp(number: number)
        case .reconcile: reconcileOutgoing()
        case .applyWaitingRequests: tabBar.requestSwitch()
        case .commitEnded: tabBar.selection.switchCompleted(number: number)
        case .letGo:
            from = nil
            to = nil
        case .completeCoordinator:
            if let coordinator {
                coordinator.complete(cancelled: false)
                if tabBar.ownTransitionCoordinator === coordinator { tabBar.ownTransitionCoordinator = nil }
            }
            coordinator = nil
        case .endMoves: tabBar.endRemovalsAfterSwitch()
        case .checkInvariants: tabBar.checkInvariants()
        default: assertionFailure("\(step) is not a step of a tab switch")
        }
    }

    /// The swap given up: the outgoing tab is no longer this switch's, and if its disappearance is
    /// open, the reconciler takes it. Out of line: a cold path, kept out of the switch's will-half.
    @inline(never)
    private func reconcileOutgoing() {
        let outgoing = from
        from = nil
        if let outgoing {
            AppearanceReconciler.reconcile(
                outgoing, after: .letGo(by: tabBar, formerWindow: window), source: .controller(tabBar.id))
        }
    }
}

extension TabBarController: VisibleTransitionHost {
    /// The switch that waited for its turn (the window had a visible transition pending or in
    /// flight when the selection changed): it runs whole, as one step (spec §7, §1).
    func startVisibleTransition(in window: Window, done: VisibleTransitionDone) {
        // Requested for `window` earlier in the turn: what ran since may have taken it off screen.
        guard DeliveryLoop.verdict(.shown(self, in: window)) == .hold else {
            settlingOffScreen(switchOffScreen)
            done()
            return
        }
        runSwitch(in: window, deferringDidHalf: false, done: done)
    }

    /// The switch to the selected tab, on screen in `window`: inside the call, the incoming tab's
    /// will-appear, the outgoing tab's will-disappear, then the views swap. With
    /// `deferringDidHalf`, the rest waits for the end of the turn, the switch in flight meanwhile
    /// (§1 **[rev 2]**); otherwise it follows at once. The rest is the incoming tab's
    /// `viewIsAppearing` (the layout pass), the outgoing tab's did-disappear, the incoming tab's
    /// did-appear. `done` is called once it has run.
    func runSwitch(in window: Window, deferringDidHalf: Bool, done: VisibleTransitionDone) {
        guard let (from, to) = selection.pendingSwitch else {
            finishSwitch()
            done()
            return
        }
        // Recorded before its first callback, so that a selection those callbacks make waits behind
        // it (spec §1). `from` is not `to` (the pending switch says so): the refusal cannot come.
        let started = try! selection.switchBegan(from: from, to: to)
        TransitionRunner.run(TabSwitch(self, started, deferringDidHalf: deferringDidHalf), in: window, done: done)
    }

    /// Off screen: the switch happens inside the call, with no appearance callbacks. The outgoing
    /// tab's view leaving may call out (its disappearance, when the view was put in a visible window
    /// by hand), and those callbacks may bring the tab bar on screen: the switch is a visible one
    /// then, asked for again as any selection on screen is (``requestSwitch()``).
    func switchOffScreen() {
        if let (from, to) = selection.pendingSwitch {
            if let from { uninstallView(of: from) }
            if let window = storedView?.storedWindow, DeliveryLoop.verdict(.shown(self, in: window)) == .hold {
                requestSwitch()
                return
            }
            selection.shownOffScreen(to)
            if let to, isViewLoaded { installView(of: to) }
        }
        finishSwitch()
    }

    /// After a switch: the removals that waited for it end (a tab taken out while shown, or while
    /// the switch that hides it was half done).
    func finishSwitch() {
        endRemovalsAfterSwitch()
        checkInvariants()
    }

    /// The removals that waited for a switch end (``finishSwitch()``).
    func endRemovalsAfterSwitch() {
        let removals = selection.switchFinished()
        changingContents {
            DeliveryLoop.runListed(.endRemoval, for: removals) { tab in
                endMove(of: tab, stays: false, rule: .tabMove)
            }
        }
    }
}
