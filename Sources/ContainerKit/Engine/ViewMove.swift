/// Moving a view in the view tree, and the appearance that follows when a controller's root view
/// enters or leaves a visible window (F2).
@MainActor
enum ViewMove {
    /// The moves that have announced themselves and not yet changed the tree, innermost last: the
    /// view each one moves and its new superview. Pushed and popped inside one synchronous
    /// ``perform(_:to:at:drivesAppearance:)``, so it is empty whenever no move is under way.
    @exclusivity(unchecked) static var movesUnderWay: [MoveUnderWay] = []

    /// A move announced. Unretained: `perform` holds both views, and removes the entry, in one call.
    /// `onlyItself`: the move is sending its appearance will-callbacks (§3 **[rev 2]**), and refuses
    /// only a nested move of `view` itself; it validates itself again once they have returned.
    /// `recorded`: it has an entry in ``aheadsUnderWay``, removed with this one.
    struct MoveUnderWay {
        unowned(unsafe) let view: View
        unowned(unsafe) let target: View?
        /// `onlyItself` and `recorded` in one byte: the stack's `removeLast` returns it more cheaply
        /// than two Bools.
        private var flags: UInt8 = 0

        init(view: View, target: View?) {
            self.view = view
            self.target = target
        }

        var onlyItself: Bool {
            get { flags & 1 != 0 }
            set { flags = newValue ? flags | 1 : flags & ~1 }
        }

        var recorded: Bool {
            get { flags & 2 != 0 }
            set { flags = newValue ? flags | 2 : flags & ~2 }
        }
    }

    /// The views whose exit from a window (``AppearanceWalk/windowExit(of:window:)``) is under way,
    /// innermost last, with that window: the walks that make their controllers disappear have yet
    /// to reach some of them. Empty whenever no exit is under way.
    @exclusivity(unchecked) private static var exitsUnderWay: [ExitUnderWay] = []

    /// An exit under way. Unretained: `exiting` holds both, and removes the entry, in one call.
    private struct ExitUnderWay {
        unowned(unsafe) let view: View
        unowned(unsafe) let window: Window
    }

    /// Runs `body`, the exit of `view` from `window`, as an exit under way.
    static func exiting(_ view: View, from window: Window, _ body: () -> Void) {
        exitsUnderWay.append(ExitUnderWay(view: view, window: window))
        defer { exitsUnderWay.removeLast() }
        body()
    }

    /// The window of the innermost exit under way whose view holds `superview` (or is it) and does
    /// not hold `target`, if the move to `target` leaves no visible window: a view moved from
    /// `superview` to `target` then leaves that exit's subtree before its walk reached it.
    private static func exitUnderWay(holding superview: View, notHolding target: View?) -> Window? {
        guard !exitsUnderWay.isEmpty, target?.isInVisibleWindow != true else { return nil }
        for exit in exitsUnderWay.reversed() where superview.isDescendant(of: exit.view) {
            return target?.isDescendant(of: exit.view) == true ? nil : exit.window
        }
        return nil
    }

    /// Moves `view` under `newSuperview` (nil: removes it), at `index` among the subviews (nil: frontmost).
    ///
    /// Order: validation (a fault refuses the move and changes nothing); transitions in flight inside
    /// a subtree that leaves a visible window complete (`finished: true`), and the move is validated
    /// again from where their completions left things; when `drivesAppearance` and the window
    /// changes, the appearance will-callbacks, the view still where it was (§3 **[rev 2]**): the
    /// will-disappears of what leaves a visible window, then the will-appears of what enters one
    /// (``AppearanceWalk/windowExitAhead(of:window:)``, ``AppearanceWalk/windowEntryAhead(of:window:)``),
    /// their did-callbacks queued for the end of the turn; the will-hooks: into a superview,
    /// `willMove(toWindow:)` down the subtree when the window changes, the old superview's
    /// `willRemoveSubview(_:)`, then `willMove(toSuperview:)` (UIKit's order); out of one,
    /// `willMove(toSuperview: nil)` first; the structural change; `didMoveToWindow()` to each view
    /// of the subtree after its subviews, `didMoveToSuperview()` and the new superview's
    /// `didAddSubview(_:)`; then, when
    /// `drivesAppearance`, what the will-callbacks missed (a root view put inside meanwhile, or a
    /// window hidden or shown meanwhile: ``AppearanceReconciler/reconcileRoots(enteredAheadWith:window:)``,
    /// ``AppearanceReconciler/reconcileRoots(leftWith:window:)``), or, for a move inside a visible window, the end of the appearance
    /// transitions of the controllers it takes out of their parents' views
    /// (``AppearanceReconciler/reconcileRoots(movedWith:inVisible:)``), or, for a move that neither leaves nor
    /// ends in a visible window, the end of the disappearances it takes out of their parents' reach
    /// (``AppearanceReconciler/reconcileRoots(movedOffScreenWith:)``). Transitions move views with
    /// `drivesAppearance == false` (F7): the window then drives only what no transition drives (the
    /// controllers inside the view that are not the transition's, as ``AppearanceWalk`` says for
    /// each case).
    ///
    /// **One walk for a window change.** The hooks of a plain ``View`` or ``Window`` do nothing, so
    /// a move skips them (``View/runsNoHooks``). When no view of the moving subtree, nor the old
    /// superview (whose `willRemoveSubview(_:)` runs before the structural change), has hooks, no
    /// code runs between the first walk down the subtree and the structural change: that walk sets
    /// the new window in each view as it goes (``moveWindowAhead(of:to:)``), and the walks that set
    /// it after the change and send `didMoveToWindow()` are left out. What a hook can read is
    /// unchanged, as no hook runs: UIKit's order (`willMove(toWindow:)` to the whole subtree, then
    /// the window changes, then `didMoveToWindow()` to the whole subtree) holds for any subtree with
    /// hooks.
    ///
    /// **Re-entrancy.** While its appearance will-callbacks run, a move refuses only a nested move
    /// of `view` itself (a warning, ``ContractViolation/Kind/invalidViewHierarchy``); any other
    /// runs, and the move starts from where that code left things
    /// (``givesUpAfterAhead(moving:under:_:)``, when the trees changed): it is given up quietly if
    /// withdrawn (``steer(_:_:)``); otherwise the transitions that code started
    /// inside `view`, still leaving a visible window, complete, and the move is given up with a
    /// warning if refused now; either way it is settled (``settle(_:of:windowChanged:)``). A view
    /// that code, or a hook's, moves out of `view` within one window or into none (or a hidden
    /// one) is settled where it lands (``settle(leaving:from:)``).
    /// Its view hooks have been told where `view` is and where it goes, and the move relies on both
    /// when it changes the tree. So a move started from a hook (a nested move) of `view` itself, of
    /// one of its ancestors, or of `newSuperview` or one of its ancestors is ignored and reported
    /// (the same warning): carried out, it would leave `view` in two `subviews` arrays, close a
    /// cycle, or put `view` in a window its hooks did not announce. The move under way then
    /// completes as asked. Any other nested move runs: a `willMove(toSuperview:)` may add subviews
    /// to the view, for one.
    /// Whether the old window was visible is read when the will-callbacks have returned (whether
    /// the new one is, for the appearance sent ahead, once the will-disappears have). After
    /// the structural change the tree is consistent and the did-callbacks may move anything,
    /// `view` included: the appearance that follows goes by where `view` is by then.
    static func perform(_ view: View, to newSuperview: View?, at index: Int?, drivesAppearance: Bool) {
        if let violation = violation(moving: view, under: newSuperview) {
            violation.report()
            return
        }
        var changesWindow = !view.sharesWindow(with: newSuperview)
        if changesWindow, view.isInVisibleWindow, let leaving = view.storedWindow {
            // Before the move announces itself: the completions may move views (the presented view
            // of an interactive dismissal they finish, say), and the move starts from where they
            // leave things.
            let completed = leaving.completeAnimations(inside: view)
            if let violation = violation(moving: view, under: newSuperview) {
                // The completions sent callbacks that changed the tree: the move is given up, a
                // warning, since a fault would claim that nothing changed.
                let givenUp = completed > 0 && violation.severity == .fault
                (givenUp
                    ? violation.givenUp(
                        "The view move was given up: the transitions in flight that it completed first (their view "
                            + "leaves \(leaving.windowID)) changed the tree, and the move is refused now.")
                    : violation).report()
                return
            }
            if completed > 0 { changesWindow = !view.sharesWindow(with: newSuperview) }
        }
        // The appearance will-callbacks come first, the view still where it was (§3 **[rev 2]**):
        // UIKit sends them from the window hooks, before the tree changes. Their code may move
        // anything but the view itself, and the move starts from where they leave things.
        // The move announces itself once: while its appearance will-callbacks run, it refuses only
        // a nested move of the view itself (`onlyItself`), and then whatever its hooks rely on.
        movesUnderWay.append(MoveUnderWay(view: view, target: newSuperview))
        var ahead = AppearanceAhead()
        if drivesAppearance, changesWindow {
            let revision = TreeRevision.current
            ahead = beginAppearanceAhead(of: view, to: newSuperview)
            // Looked at again only if their code changed the trees (or withdrew the move).
            if TreeRevision.current != revision, givesUpAfterAhead(moving: view, under: newSuperview, ahead) { return }
        }
        let oldSuperview = view.superview
        let oldWindow = view.storedWindow
        let newWindow = newSuperview?.storedWindow
        let windowChanges = oldWindow !== newWindow

        // The optionals are unwrapped with `switch`, not `if let`: an `if let` binding of a class
        // reference is a copy, retained and released around each call it is passed to.
        //
        // The will-hooks. Into a superview, in the order of UIKit's code (iOS 26.1,
        // `-[UIView _addSubview:positioned:relativeTo:]`): `willMove(toWindow:)` down the subtree,
        // the old superview's `willRemoveSubview(_:)`, then the view's `willMove(toSuperview:)`. Out
        // of one, as a log of UIKit shows: `willMove(toSuperview: nil)` first.
        //
        // With no hook to run between the window walk and the structural change, the one walk that
        // finds so puts the subtree in its new window as it goes: the walks of the window pointers
        // and of `didMoveToWindow()` below are left out.
        let intoSuperview = newSuperview != nil
        if !intoSuperview { deliver(.willMoveToSuperview, of: view, naming: nil) }
        let windowMovedAhead =
            windowChanges && (oldSuperview?.runsNoHooks ?? true) && moveWindowAhead(of: view, to: newWindow)
        if windowChanges, !windowMovedAhead {
            forEachView(in: view) { each in
                deliver(.willMoveToWindow, of: each, window: newWindow)
            }
        }
        switch oldSuperview {
        case let oldSuperview?:
            deliver(.willRemoveSubview, of: oldSuperview, naming: view)
        case nil: break
        }
        if intoSuperview { deliver(.willMoveToSuperview, of: view, naming: newSuperview) }
        if movesUnderWay.removeLast().recorded { aheadsUnderWay.removeLast() }
        // A view taken out of a subtree whose exit walk is under way (one that left a visible
        // window, or a window being hidden) holds controllers that walk has yet to reach: it leaves
        // that window as a visible window's.
        let leftExit: Window? =
            switch oldSuperview {
            case let oldSuperview?: exitUnderWay(holding: oldSuperview, notHolding: newSuperview)
            case nil: nil
            }
        let leftWindow: Window? =
            if windowChanges, let oldWindow, !oldWindow.isHidden { oldWindow } else { leftExit }

        oldSuperview?.subviewList.remove(view, leaving: View.listHole)
        switch newSuperview {
        case let newSuperview?:
            if let index {
                newSuperview.subviewList.insert(view, at: index)
            } else {
                newSuperview.subviewList.append(view)
            }
        case nil: break
        }
        view.superview = newSuperview
        TreeRevision.advance()
        if windowChanges, !windowMovedAhead {
            forEachView(in: view) { $0.storedWindow = newWindow }
            // Subviews before their superview, as UIKit's `_didMoveFromWindow:toWindow:` recurses
            // first: the order read before any hook runs.
            for each in viewsSubviewsFirst(in: view) {
                deliver(.didMoveToWindow, of: each)
            }
        }
        deliver(.didMoveToSuperview, of: view)
        switch newSuperview {
        case let newSuperview?:
            deliver(.didAddSubview, of: newSuperview, naming: view)
        case nil: break
        }

        // A did-callback that moved the view on has run the appearance of that move already: the
        // view disappears from the window it left unless it is back in it, and appears in the one
        // it entered only if it is still there and that window is visible. A move made by a
        // transition (not `drivesAppearance`) leaves the controllers it moves to the transition
        // (F7): the window drives the rest, as ``AppearanceReconciler`` says for each case.
        // What the will-callbacks sent ahead began ends as queued; the reconciler takes what they
        // missed (a view put inside meanwhile), or what a window hidden or shown meanwhile changed.
        switch leftWindow {
        case let leftWindow?:
            if DeliveryLoop.verdict(.viewOut(view, of: leftWindow)) == .hold {
                if drivesAppearance, !ahead.exited(from: leftWindow) {
                    AppearanceWalk.windowExit(of: view, window: leftWindow)
                } else if !(ahead.enteredInto != nil && view.isInVisibleWindow) {
                    // Gone into a visible window whose entry began ahead, what appears there is its.
                    AppearanceReconciler.reconcileRoots(leftWith: view, window: leftWindow)
                }
            }
        case nil: break
        }
        switch newWindow {
        case let newWindow?:
            if windowChanges, DeliveryLoop.verdict(.viewInside(view, visible: newWindow)) == .hold {
                if !drivesAppearance {
                    AppearanceReconciler.reconcileRoots(broughtInByTransitionWith: view, window: newWindow)
                } else if ahead.entered(into: newWindow) {
                    AppearanceReconciler.reconcileRoots(enteredAheadWith: view, window: newWindow)
                } else {
                    AppearanceWalk.windowEntry(of: view, window: newWindow)
                }
            }
        case nil: break
        }
        // A transition drives the controllers it moves (F7), not those whose root views ride along
        // in a view put there by hand: one its move takes out of its parent's view is the window's
        // from now on, as after a move by hand.
        if !windowChanges, let window = newWindow, DeliveryLoop.verdict(.viewInside(view, visible: window)) == .hold {
            AppearanceReconciler.reconcileRoots(movedWith: view, inVisible: window)
            // Moved by hand from inside the callbacks of a move under way, out of its view: what
            // that move began for the controllers in `view` is settled where it landed. Checked
            // here and below, off the path of a move that changes windows.
            if drivesAppearance, !movesUnderWay.isEmpty { settle(leaving: view, from: oldSuperview) }
        }
        // Out of any visible window, and out of none (or out of a subtree whose exit is under way):
        // what its parent's forwarding reached no more (F1) ends an open disappearance here, as a
        // view leaving a window would (F2).
        if leftWindow == nil || leftExit != nil, DeliveryLoop.verdict(.viewOffScreen(view)) == .hold {
            AppearanceReconciler.reconcileRoots(movedOffScreenWith: view)
            // Into no window or a hidden one too: no walk of this move began anything for it.
            if drivesAppearance, !movesUnderWay.isEmpty { settle(leaving: view, from: oldSuperview) }
        }
        if ahead.began, ahead.needsSettling(view, windowChanged: windowChanges) {
            settle(ahead, of: view, windowChanged: windowChanges)
        }
    }

    /// The appearance will-callbacks of a move of `view` under `newSuperview`, sent before its view
    /// hooks and its structural change (§3 **[rev 2]**): the disappearance of what leaves a visible
    /// window, then the appearance of what enters one, each read when its turn comes (the first's
    /// callbacks may show, hide or move either window). Meanwhile a nested move of `view` itself is
    /// ignored (a warning); any other runs, and the caller validates the move again after. The
    /// walk of a view with subviews records its window first (``recordAhead(exitingFrom:)``,
    /// ``recordAhead(enteringInto:)``), for a nested move that takes a subview out.
    @inline(__always)
    private static func beginAppearanceAhead(of view: View, to newSuperview: View?) -> AppearanceAhead {
        var ahead = AppearanceAhead()
        let entry = movesUnderWay.count - 1
        movesUnderWay[entry].onlyItself = true
        defer { movesUnderWay[entry].onlyItself = false }
        switch view.storedWindow {
        case let oldWindow?:
            if !oldWindow.isHidden {
                ahead.exitedFrom = Unmanaged.passUnretained(oldWindow)
                AppearanceWalk.windowExitAhead(of: view, window: oldWindow, to: newSuperview)
            }
        case nil: break
        }
        switch newSuperview {
        case let newSuperview?:
            switch newSuperview.storedWindow {
            case let newWindow?:
                if !newWindow.isHidden, view.storedWindow !== newWindow {
                    ahead.enteredInto = Unmanaged.passUnretained(newWindow)
                    AppearanceWalk.windowEntryAhead(of: view, window: newWindow, into: newSuperview)
                }
            case nil: break
            }
        case nil: break
        }
        return ahead
    }

    /// `root` and the views under it, each view after its subviews, in their order (post-order):
    /// the reverse of a pre-order walk that takes the subviews last first.
    private static func viewsSubviewsFirst(in root: View) -> [View] {
        var order: [View] = []
        var stack = [root]
        while let view = stack.popLast() {
            order.append(view)
            stack.append(contentsOf: view.subviews)
        }
        return order.reversed()
    }

    /// The violation that refuses or ignores moving `view` under `superview` (nil: removing it), if any.
    static func violation(moving view: View, under superview: View?) -> ContractViolation? {
        switch superview {
        case let superview?: if let fault = fault(moving: view, under: superview) { return fault }
        case nil: break
        }
        return movesUnderWay.isEmpty ? nil : nestedMoveViolation(moving: view)
    }

    /// The fault that refuses moving `view` under `superview`, if any: a move the engine makes on
    /// its own asks first, and is not made when it would be refused.
    static func fault(moving view: View, under superview: View) -> ContractViolation? {
        if view.isWindow {
            return ContractViolation(
                kind: .invalidViewHierarchy, severity: .fault, controllers: [],
                message: "A Window cannot be added as a subview; a window is the root of its view tree."
            )
        }
        // Only a view with subviews can be a strict ancestor of `superview` (a superview link always
        // has its entry in the superview's subviews), so the walk up from `superview` runs only for
        // one: adding a new view at the bottom of a deep chain stays constant-time.
        if superview === view || (!view.subviewList.isEmpty && superview.isDescendant(of: view)) {
            let owners = [view.owningController?.id, superview.nearestOwningController?.id].compactMap { $0 }
            return ContractViolation(
                kind: .invalidViewHierarchy, severity: .fault, controllers: owners,
                message: superview === view
                    ? "A view cannot be added as a subview of itself."
                    : "A view cannot be added under one of its own descendants: the view tree would have a cycle."
            )
        }
        // A controller whose addition's `willMove(toParent:)` is running belongs to that parent already.
        // The host is compared by address: only the fault needs a reference to it.
        if let child = view.owningController, let parent = child.parentOrJoiningContainer,
            let host = superview.nearestOwnerStorage, host.toOpaque() != Unmanaged.passUnretained(parent).toOpaque()
        {
            return hierarchyInconsistency(child: child, parent: parent, host: host.takeUnretainedValue(), nested: false)
        }
        return nestedRootViewFault(moving: view, under: superview)
            ?? builtInNestingFault(moving: view, under: superview)
    }
}
