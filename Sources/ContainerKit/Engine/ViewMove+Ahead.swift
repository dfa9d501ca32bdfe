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
