/// A tab switch whose first half has run: what it takes out and brings in. A reference, so the
/// deferred did-half holds the two tabs only through it, and lets them go when it has run.
@MainActor
final class TabSwitch {
    /// The switch's number in the tab bar controller's ``TabSelectionMachine``.
    let number: UInt64
    var from: Controller?
    var to: Controller?

    /// The switch the selection machine put in flight. It holds the tabs alone: the value it is
    /// made from goes at once, so they can go as soon as it lets them.
    init(_ started: TabSelectionMachine.Switch) {
        number = started.number
        from = started.from
        to = started.to
    }
}

extension TabBarController: VisibleTransitionHost {
    /// The switch that waited for its turn (the window had a visible transition pending or in
    /// flight when the selection changed): it runs whole, as one step (spec §7, §1).
    func startVisibleTransition(in window: Window, done: VisibleTransitionDone) {
        guard isShown(in: window) else {
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
        let coordinator = Coordinator(isAnimated: false, duration: 0)
        ownTransitionCoordinator = coordinator
        to?.loadViewIfNeeded()
        // Each callback may re-enter the engine (take this controller out of the window, hide
        // the window), so whether it is still on screen is read again after them (Reentrancy.md).
        // A switch that waited for the window runs whole at the end of a turn (§7, MODEL).
        let willRule: Rule = deferringDidHalf ? .tabWill : .tabWaitingSwitch
        if let to, isShown(in: window) {
            drive(to, .begin(appearing: true, animated: false, timing: .beforeDidAppear), rule: willRule)
        }
        if let from { drive(from, .begin(appearing: false, animated: false, timing: .afterWillAppear), rule: willRule) }
        if let to { installView(of: to) }
        if let from { uninstallView(of: from) }
        selection.viewsSwapped(showing: to)
        coordinator.runAlongsideAnimations()
        // `from` is not `to` (the guard above), so the machine's refusal cannot come.
        let tabSwitch = TabSwitch(try! selection.firstHalfRan(from: from, to: to))
        let goesOn = goesOnAfterItsStart(in: window, transition: "The tab switch", incoming: to.asArray)
        guard deferringDidHalf, goesOn else {
            completeSwitch(tabSwitch, coordinator: coordinator, rule: deferringDidHalf ? .tabDid : .tabWaitingSwitch)
            done()
            return
        }
        // In flight until the end of the turn, though not animated: never handed to the driver. A
        // container leaving the window, or the window hiding, completes it first, as any other.
        let animation = TransitionAnimation(
            kind: .tabSwitch, container: self, from: from.asArray, to: to.asArray,
            duration: 0, window: window
        ) { [self] _ in
            completeSwitch(tabSwitch, coordinator: coordinator, rule: .tabDid)
            done()
        }
        window.animationsInFlight.append(animation)
        window.enqueue(.completeAnimation(animation))
    }

    /// The second half of a switch: the incoming tab's layout pass (`viewIsAppearing`, §1), the
    /// outgoing tab's did-disappear, the incoming tab's did-appear, the coordinator's completions,
    /// then what waited for the switch (``finishSwitch()``).
    private func completeSwitch(_ tabSwitch: TabSwitch, coordinator: Coordinator, rule: Rule) {
        if let to = tabSwitch.to { sendViewIsAppearing(from: to) }
        if let from = tabSwitch.from { drive(from, .end(appearing: false), rule: rule) }
        if let to = tabSwitch.to { endIncomingAppearance(of: to, animated: false, rule: rule) }
        selection.switchCompleted(number: tabSwitch.number)
        tabSwitch.from = nil
        tabSwitch.to = nil
        coordinator.complete(cancelled: false)
        if ownTransitionCoordinator === coordinator { ownTransitionCoordinator = nil }
        finishSwitch()
    }

    /// The layout pass of an incoming tab (§1, §3 **[rev 2]**): `viewIsAppearing` of `incoming` and of
    /// the controllers appearing with it that it reaches by forwarding, pre-order, each once per
    /// appearance, before the switch's did-callbacks. A controller a callback moved on is passed
    /// over, with what is below it.
    private func sendViewIsAppearing(from incoming: Controller) {
        var stack: [Controller] = [incoming]
        while let controller = stack.popLast() {
            guard controller.appearanceState == .appearing else { continue }
            if controller.appearance.awaitsViewIsAppearing {
                let epoch = controller.appearance.epoch
                controller.appearance.noteViewIsAppearingSent()
                controller.deliverAppearance(
                    .isAppearing, animated: false, source: .controller(id), rule: .viewIsAppearingInTabSwitch)
                guard controller.appearanceState == .appearing, controller.appearance.epoch == epoch else { continue }
            }
            stack.append(contentsOf: appearingWith(controller).reversed())
        }
    }

    /// The children `controller` forwards its appearance to (F1, F6): none for one that forwards by
    /// hand (F4).
    private func appearingWith(_ controller: Controller) -> [Controller] {
        guard let container = controller.asContainer, let containerView = container.storedView else { return [] }
        switch container.appearanceForwarding {
        case .automatic:
            return container.children.filter { $0.storedView?.isDescendant(of: containerView) == true }
        case .containerDriven:
            return container.children.filter { container.shows($0) }
        case .manual:
            return []
        }
    }

    /// Off screen: the switch happens inside the call, with no appearance callbacks. The outgoing
    /// tab's view leaving may call out (its disappearance, when the view was put in a visible window
    /// by hand), and those callbacks may bring the tab bar on screen: the switch is a visible one
    /// then, asked for again as any selection on screen is (``requestSwitch()``).
    func switchOffScreen() {
        if let (from, to) = selection.pendingSwitch {
            if let from { uninstallView(of: from) }
            if let window = storedView?.storedWindow, isShown(in: window) {
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
        let removals = selection.switchFinished()
        changingContents {
            for tab in removals {
                endMove(of: tab, stays: false, rule: .tabMove)
            }
        }
        checkInvariants()
    }
}
