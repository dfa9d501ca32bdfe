/// The appearance will-callbacks a view move sends before it changes the tree (§3 **[rev 2]**), and
/// what settles them once the move is over.
extension ViewMove {
    /// The windows whose appearance a move began before changing the tree: the visible window the
    /// view was leaving, whose will-disappears it sent (their did-disappears queued there), and the
    /// visible window it was about to enter, whose will-appears it sent (their did-appears queued
    /// there). Unretained, and compared by address: a strong read would retain and release each
    /// window on every move (the windows outlive the call).
    struct AppearanceAhead {
        var exitedFrom: Unmanaged<Window>?
        var enteredInto: Unmanaged<Window>?
        /// Whether the move began an appearance or a disappearance ahead.
        var began: Bool { exitedFrom != nil || enteredInto != nil }

        /// Whether the move began the disappearance of what leaves `window`.
        func exited(from window: Window) -> Bool {
            exitedFrom?.toOpaque() == Unmanaged.passUnretained(window).toOpaque()
        }

        /// Whether the move began the appearance of what enters `window`.
        func entered(into window: Window) -> Bool {
            enteredInto?.toOpaque() == Unmanaged.passUnretained(window).toOpaque()
        }

        /// Whether ``ViewMove/settle(_:of:windowChanged:)`` has anything to do for `view`: it is off
        /// screen though it was entering a window, or on screen, by no window change, though it was
        /// leaving one. The usual move, which ends where it was headed, sets up nothing.
        @inline(__always)
        func needsSettling(_ view: View, windowChanged: Bool) -> Bool {
            let onScreen = view.isInVisibleWindow
            return (enteredInto != nil && !onScreen) || (exitedFrom != nil && !windowChanged && onScreen)
        }
    }

    /// Brings what `ahead` began in line with where `view` ended, once nothing else of the move
    /// reconciles it: the callbacks sent ahead, or those of the move's hooks, may have shown, hidden
    /// or moved a window, or the move may have been given up.
    ///
    /// - Out of every visible window, though it was entering one: what began appearing there
    ///   disappears (``AppearanceReconciler/reconcileRoots(leftWith:window:)``).
    /// - In a visible window it did not enter by a window change (`windowChanged`), though it was
    ///   leaving one: what began disappearing appears again, as when a view comes back in one turn
    ///   (``AppearanceReconciler/reconcileRoots(enteredAheadWith:window:)``); and what began
    ///   appearing for another window appears in this one, its did-appear queued here
    ///   (``AppearanceReconciler/reconcileRoots(landedWith:in:)``).
    static func settle(_ ahead: AppearanceAhead, of view: View, windowChanged: Bool) {
        switch view.storedWindow {
        case let window? where !window.isHidden:
            if ahead.enteredInto != nil, !ahead.entered(into: window), !windowChanged {
                AppearanceReconciler.reconcileRoots(landedWith: view, in: window)
            } else if ahead.exitedFrom != nil, !windowChanged {
                AppearanceReconciler.reconcileRoots(enteredAheadWith: view, window: window)
            }
        default:
            switch ahead.enteredInto {
            case let entered?:
                AppearanceReconciler.reconcileRoots(leftWith: view, window: entered.takeUnretainedValue())
            case nil: break
            }
        }
    }
}

extension ViewMove {
    /// The views whose moves under way were withdrawn (``steer(_:_:)``) while
    /// they sent their appearance will-callbacks: each is given up once they have returned, which
    /// removes it.
    @exclusivity(unchecked) static var withdrawnMoves: [Unmanaged<View>] = []

    /// The moves under way of views with subviews whose appearance will-callbacks have begun,
    /// innermost last, with the windows they began an appearance in, each recorded before its walk:
    /// a nested move that takes a subview out finds there what its controllers began
    /// (``settle(leaving:from:)``). A leaf, the usual root view, has no subview to take out, and
    /// no entry. Pushed and popped with the move's own entry in ``movesUnderWay``.
    @exclusivity(unchecked) static var aheadsUnderWay: [AheadUnderWay] = []

    /// The appearance a move of `view` began ahead. Unretained, as ``MoveUnderWay``.
    struct AheadUnderWay {
        unowned(unsafe) let view: View
        var ahead: AppearanceAhead
    }

    /// Whether the move of `view` under `superview`, announced last, is given up now that the
    /// appearance will-callbacks it sent ahead (`ahead`) have returned and changed the trees; if
    /// so, its entries are removed and what it began is settled where the view is. It is given up
    /// quietly if it was withdrawn (``steer(_:_:)``). Otherwise the transitions
    /// those callbacks started inside `view`, when it still leaves a visible window, complete
    /// (`finished: true`), as those in flight before did: nothing animates in a view out of the
    /// window; and it is given up with a warning if it is refused now (a fault reported as the
    /// warning that it was given up, since those callbacks ran).
    @inline(never)
    static func givesUpAfterAhead(moving view: View, under superview: View?, _ ahead: AppearanceAhead) -> Bool {
        let violation: ContractViolation?
        let address = Unmanaged.passUnretained(view).toOpaque()
        if withdrawnMoves.contains(where: { $0.toOpaque() == address }) {
            withdrawnMoves.removeAll { $0.toOpaque() == address }
            violation = nil
        } else {
            switch ahead.exitedFrom {
            case let exited?:
                let window = exited.takeUnretainedValue()
                if view.isIn(window), !window.isHidden, !(superview?.isIn(window) ?? false) {
                    window.completeAnimations(inside: view)
                }
            case nil: break
            }
            let own = movesUnderWay.removeLast()
            violation = self.violation(moving: view, under: superview)
            movesUnderWay.append(own)
            guard violation != nil else { return false }
        }
        if movesUnderWay.removeLast().recorded { aheadsUnderWay.removeLast() }
        switch violation {
        case let violation? where violation.severity == .fault:
            violation.givenUp(
                "The view move was given up: the viewWillAppear(_:) or viewWillDisappear(_:) it sent first "
                    + "changed the tree, and the move is refused now."
            ).report()
        case let violation?: violation.report()
        case nil: break
        }
        settle(ahead, of: view, windowChanged: false)
        return true
    }

    /// What a window's root set made from inside the callbacks of a move of a root's view does
    /// with that move (``steering(of:endingIn:inside:)``).
    enum Steering {
        /// No move of the view is under way: the set moves it.
        case noMove
        /// The move takes the view where the set wants it: it goes on (reinstated, if an earlier
        /// set withdrew it), and the set moves nothing.
        case goesOn
        /// The move, the window's own root move, is sending its appearance will-callbacks: it is
        /// withdrawn (given up quietly once they return), and the view stays where it is.
        case withdraw
        /// The move takes the view elsewhere and cannot be withdrawn: its view hooks have been told
        /// where the view goes, or it is not the window's own (a move by hand, another window's
        /// root). The set is refused.
        case refused
    }

    /// What a root set of `window` must do with the move of `view` under way, which it wants to end
    /// in `window` (`inside`, a new root's view) or out of it (a former root's view). Only a move
    /// into `window` or out of it, sending its will-callbacks, can be withdrawn.
    static func steering(of view: View, endingIn window: Window, inside: Bool) -> Steering {
        guard let entry = movesUnderWay.lastIndex(where: { $0.view === view }) else { return .noMove }
        let headedIn = movesUnderWay[entry].target === window
        if headedIn == inside { return .goesOn }
        let windowsOwn = headedIn || view.superview === window
        return windowsOwn && movesUnderWay[entry].onlyItself ? .withdraw : .refused
    }

    /// Carries out `steering` for the move of `view` under way.
    static func steer(_ view: View, _ steering: Steering) {
        let address = Unmanaged.passUnretained(view).toOpaque()
        switch steering {
        case .goesOn:
            withdrawnMoves.removeAll { $0.toOpaque() == address }
        case .withdraw:
            guard !withdrawnMoves.contains(where: { $0.toOpaque() == address }) else { return }
            withdrawnMoves.append(Unmanaged.passUnretained(view))
            TreeRevision.advance()
        case .noMove, .refused:
            break
        }
    }

    /// Whether the move of `view` under way was withdrawn (``steer(_:_:)``): the
    /// controllers its will-callbacks have not reached yet get none.
    static func isWithdrawn(_ view: View) -> Bool {
        guard !withdrawnMoves.isEmpty else { return false }
        let address = Unmanaged.passUnretained(view).toOpaque()
        return withdrawnMoves.contains { $0.toOpaque() == address }
    }

    /// Records that the innermost move under way, whose view has subviews, is about to send the
    /// will-disappears of what leaves `window` (§3 **[rev 2]**): a nested move that takes a
    /// subview out meanwhile settles what they began (``settle(leaving:from:)``).
    static func recordAhead(exitingFrom window: Window) {
        recordAhead { $0.exitedFrom = Unmanaged.passUnretained(window) }
    }

    /// Records that the innermost move under way, whose view has subviews, is about to send the
    /// will-appears of what enters `window`, as ``recordAhead(exitingFrom:)`` does.
    static func recordAhead(enteringInto window: Window) {
        recordAhead { $0.enteredInto = Unmanaged.passUnretained(window) }
    }

    private static func recordAhead(_ change: (inout AppearanceAhead) -> Void) {
        let entry = movesUnderWay.count - 1
        if movesUnderWay[entry].recorded {
            change(&aheadsUnderWay[aheadsUnderWay.count - 1].ahead)
        } else {
            var ahead = AppearanceAhead()
            change(&ahead)
            movesUnderWay[entry].recorded = true
            aheadsUnderWay.append(AheadUnderWay(view: movesUnderWay[entry].view, ahead: ahead))
        }
    }

    /// `view` has moved from `oldSuperview` within one window, or into none (or a hidden one), from
    /// inside a callback of a move under way: when it left the view of the innermost such move holding
    /// `oldSuperview`, what that move's will-callbacks began for its controllers (the appearance of
    /// a window it will not enter now, the disappearance from a window it stays in) is settled
    /// from where it is (``settle(_:of:windowChanged:)``). Still inside that view, it moves on
    /// with it.
    @inline(never)
    static func settle(leaving view: View, from oldSuperview: View?) {
        guard !aheadsUnderWay.isEmpty, let oldSuperview else { return }
        for move in aheadsUnderWay.reversed() {
            guard oldSuperview.isDescendant(of: move.view) else { continue }
            if !view.isDescendant(of: move.view) { settle(move.ahead, of: view, windowChanged: false) }
            return
        }
    }
}
