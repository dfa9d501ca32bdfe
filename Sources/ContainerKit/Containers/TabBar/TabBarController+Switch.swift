extension TabBarController: VisibleTransitionHost {
    func startVisibleTransition(in window: Window, done: @escaping () -> Void) {
        guard isInVisibleWindow, storedView?.storedWindow === window else {
            settlingOffScreen(switchOffScreen)
            done()
            return
        }
        let from = shown
        let to = selectedController
        if to !== from {
            let coordinator = Coordinator(isAnimated: false, duration: 0)
            ownTransitionCoordinator = coordinator
            to?.loadViewIfNeeded()
            // Each callback may re-enter the engine (take this controller out of the window, hide
            // the window), so whether it is still on screen is read again after them (Reentrancy.md).
            if let to { beginAppearance(ofIncoming: to, animated: false, in: window) }
            if let from { drive(from, .begin(appearing: false, animated: false, timing: .afterWillAppear)) }
            if let to { installView(of: to) }
            if let from { uninstallView(of: from) }
            shown = to
            coordinator.runAlongsideAnimations()
            _ = goesOnAfterItsStart(in: window, transition: "The tab switch", incoming: to.map { [$0] } ?? [])
            if let from { drive(from, .end(appearing: false)) }
            if let to { endIncomingAppearance(of: to, animated: false) }
            coordinator.complete(cancelled: false)
            ownTransitionCoordinator = nil
        }
        finishSwitch()
        done()
    }

    /// Off screen: the switch happens inside the call, with no appearance callbacks.
    func switchOffScreen() {
        let to = selectedController
        if to !== shown {
            if let shown { uninstallView(of: shown) }
            shown = to
            if let to, isViewLoaded { installView(of: to) }
        }
        finishSwitch()
    }

    /// After a switch: the removals it waited for end, then the taps are told.
    private func finishSwitch() {
        let removals = removalsAfterSwitch.filter { $0 !== shown }
        removalsAfterSwitch.removeAll { $0 !== shown }
        changingContents {
            for tab in removals {
                endMove(of: tab, stays: false)
            }
        }
        let taps = pendingDidSelect
        pendingDidSelect = []
        for tab in taps where storedControllers.contains(where: { $0 === tab }) {
            tellDelegateDidSelect(tab)
        }
        checkInvariants()
    }
}
