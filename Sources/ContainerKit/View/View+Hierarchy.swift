extension View {
    /// The frame's size at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The window the view is in, if any. A window is in itself.
    public var window: Window? { storedWindow }

    /// The controller whose root view this is, if any.
    public var controller: Controller? { owningController }

    /// Adds `view` as the frontmost subview, as UIKit's `addSubview(_:)`, removing it from its
    /// current superview first.
    ///
    /// Appearance follows window membership (F2): if this moves a controller's root view into a
    /// visible ``Window``, the controller appears, with the descendants it forwards to; if it moves
    /// one out of a visible window, they disappear; a move within one window fires no appearance
    /// callback. Which controllers the window drives is decided by the controller tree, not the
    /// view tree: every controller whose root view moves and that no forwarding reaches, in
    /// pre-order over the controller tree. Children of a container that forwards by hand, or of a
    /// built-in container, are left to their container (F4, F6). The appearance that begins here
    /// completes at the end of the turn, unless the view leaves the window again first (then it
    /// gets no `viewDidAppear`, spec §1).
    ///
    /// Refused (a fault, nothing changes): adding a view to itself or to one of its descendants,
    /// adding a ``Window``, and adding a controller's root view under a view owned by a controller
    /// that is not its parent (R6), whether it is `view` itself or inside `view` (a plain wrapper
    /// around a child's view goes where that child's parent is). Ignored (a warning): a move
    /// started from the will-hooks of a move under way (`willMove(toSuperview:)`,
    /// `willMove(toWindow:)`, `willRemoveSubview(_:)`) that would change where the moving view is or
    /// goes: moving that view, one of its ancestors, or its new superview or one of that
    /// superview's ancestors; and moving the view itself from the `viewWillAppear(_:)` or
    /// `viewWillDisappear(_:)` the move sends. The move starts from where those appearance
    /// callbacks leave things, and is given up (a warning) if it is refused then. Moves from the
    /// did-callbacks are carried out.
    ///
    /// ## Callback order
    ///
    /// With `c` a controller whose root view is `view` or inside it. Inside the call:
    /// 1. when `view` leaves a visible window: the transitions in flight in that subtree complete
    ///    (`finished: true`), with their own callbacks
    /// 2. when `view` leaves a visible window: every `viewWillDisappear(animated: false)`,
    ///    pre-order, `view` still in place (spec §3)
    /// 3. when `view` enters a visible window: `c.viewWillAppear(animated: false)`, then each
    ///    descendant's, pre-order, `view` not yet added: no `window`, and no `superview` or the old
    ///    one (spec §3)
    /// 4. the view hooks, in the order of UIKit's code: `willMove(toWindow:)` down the subtree,
    ///    pre-order (when the window changes), the old superview's `willRemoveSubview(_:)`,
    ///    `view.willMove(toSuperview:)`; the tree changes; `didMoveToWindow()` to each view of the
    ///    subtree after its subviews, `view.didMoveToSuperview()`, then this view's `didAddSubview(_:)`
    ///
    /// At the end of the turn (``Window/runUntilIdle()``): for what left, every
    /// `viewDidDisappear(animated: false)`, pre-order (spec §1, §2.2); for what entered:
    ///
    /// 5. `c.viewIsAppearing(animated: false)`, `c.viewDidAppear(animated: false)`, then each
    ///    descendant's, pre-order
    ///
    /// - Parameter view: The view to add: a controller's root view, or any view with root views
    ///   inside it.
    public func addSubview(_ view: View) {
        let call = Planning.enter(LifecycleCall(self, "addSubview", (nil, .of(view))))
        defer { Planning.leave(call) }
        ViewMove.perform(view, to: self, at: nil, drivesAppearance: true)
        checkInvariants()
        view.checkInvariants()
    }

    /// Inserts `view` at `index` among the subviews, removing it from its current superview first,
    /// as UIKit's `insertSubview(_:at:)`.
    ///
    /// The same as ``addSubview(_:)`` but for the position: appearance follows window membership
    /// (F2), and the same moves are refused or ignored.
    ///
    /// ## Callback order
    ///
    /// As ``addSubview(_:)``: the will-callbacks of a view entering or leaving a visible window
    /// inside the call, its did-callbacks at the end of the turn.
    ///
    /// - Parameters:
    ///   - view: The view to insert.
    ///   - index: Its position among the subviews, back to front, clamped to `0...subviews.count`.
    public func insertSubview(_ view: View, at index: Int) {
        let call = Planning.enter(LifecycleCall(self, "insertSubview", (nil, .of(view)), ("at", .value("\(index)"))))
        defer { Planning.leave(call) }
        ViewMove.perform(view, to: self, at: index, drivesAppearance: true)
        checkInvariants()
        view.checkInvariants()
    }

    /// Removes the view from its superview, as UIKit's `removeFromSuperview()`. Does nothing when
    /// there is no superview.
    ///
    /// When the view leaves a visible window, every controller whose root view leaves with it and
    /// that no forwarding reaches begins disappearing, with its descendants, inside the call; their
    /// did-callbacks come at the end of the turn, queued in the window, which holds each controller
    /// until then (F2; spec §1, §2.2). A transition in flight inside the view's subtree completes
    /// first (`finished: true`). A view that entered the window in this turn gets no
    /// `viewDidAppear`, and one that comes back before the turn ends no `viewDidDisappear` (§1).
    ///
    /// ## Callback order
    ///
    /// With `c` a controller whose root view is this view or inside it, and the window visible;
    /// inside the call (1 to 3), then at the end of the turn (4):
    /// 1. the transitions in flight in this subtree complete (`finished: true`), with their own
    ///    callbacks
    /// 2. `c.viewWillDisappear(animated: false)`, then each descendant's, pre-order, the view still
    ///    in its superview and window (spec §3)
    /// 3. the view hooks: `willMove(toSuperview: nil)`, `willMove(toWindow: nil)` down the subtree,
    ///    the superview's `willRemoveSubview(_:)`; the tree changes; `didMoveToWindow()` to each view
    ///    of the subtree after its subviews, `didMoveToSuperview()`
    /// 4. `c.viewDidDisappear(animated: false)`, then each descendant's, pre-order, in
    ///    ``Window/runUntilIdle()``, the view gone
    public func removeFromSuperview() {
        let call = Planning.enter(LifecycleCall(self, "removeFromSuperview"))
        defer { Planning.leave(call) }
        guard let formerSuperview = superview else { return }
        ViewMove.perform(self, to: nil, at: nil, drivesAppearance: true)
        checkInvariants()
        formerSuperview.checkInvariants()
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The view tree below this view, one view a line, as UIKit's `recursiveDescription`:
    ///
    /// ```
    /// <Window window; frame = (0, 0, 320, 480)>
    ///    | <View; frame = (0, 0, 320, 480); controller = root>
    ///    |    | <View; frame = (0, 0, 100, 100); controller = child>
    /// ```
    public var recursiveDescription: String {
        var lines: [String] = []
        var stack: [(view: View, depth: Int)] = [(self, 0)]
        while let (view, depth) = stack.popLast() {
            lines.append(String(repeating: "   | ", count: depth) + view.shortDescription)
            for subview in view.subviews.reversed() {
                stack.append((subview, depth + 1))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `<View name; frame = (…); controller = c>`.
    var shortDescription: String {
        var text = "<\(String(describing: type(of: self)))"
        if let window = self as? Window {
            text += " \(window.windowID)"
        } else if let name {
            text += " \(name)"
        }
        text += "; frame = \(frame)"
        if let owningController {
            text += "; controller = \(owningController.id)"
        }
        if let window = self as? Window, window.isHidden {
            text += "; hidden"
        }
        return text + ">"
    }

    /// The nearest controller whose root view is this view or one of its ancestors.
    var nearestOwningController: Controller? { nearestOwnerStorage?.takeUnretainedValue() }

    /// ``nearestOwningController``, unretained: the walk up reads the back pointers alone, and
    /// retains nothing on the way (`nonisolated` for the reason the identity tests below are).
    nonisolated var nearestOwnerStorage: Unmanaged<Controller>? {
        var current = Unmanaged.passUnretained(self)
        while true {
            // Unretained is sound: a superview clears its subviews' pointer before it goes away.
            let (owner, superview) = current._withUnsafeGuaranteedRef { ($0.ownerStorage, $0.superviewStorage) }
            if let owner { return owner }
            guard let superview else { return nil }
            current = superview
        }
    }
}

// Identity tests on the unretained back pointers, which read the pointers alone: reading a window
// into a strong reference to compare it retains and releases it. `nonisolated`, as the storage they
// read is, so that the closures they pass carry no dynamic check of the main actor.
extension View {
    /// Whether this view is in the window `other` is in, or both are in none; with `other` nil,
    /// whether this view is in no window.
    nonisolated func sharesWindow(with other: View?) -> Bool {
        windowStorage?.toOpaque() == other?.windowStorage?.toOpaque()
    }

    /// Whether this view is in `window` (nil: in no window).
    nonisolated func isIn(_ window: Window?) -> Bool {
        windowStorage?.toOpaque() == window.map { Unmanaged.passUnretained($0).toOpaque() }
    }

    /// Whether this view is in a window, and that window is not hidden.
    nonisolated var isInVisibleWindow: Bool {
        // Unretained is sound: a window clears the pointer in every view of its tree before it goes away.
        windowStorage?._withUnsafeGuaranteedRef { !$0.storedIsHidden } ?? false
    }
}

extension View {
    /// Whether this is a plain ``View`` or ``Window``, whose hooks (`willMove(toWindow:)` and the
    /// rest) do nothing: a move need not call them. Read from the object's type, in the line its
    /// reference count shares, which a walk touches anyway; a subclass may override a hook, so only
    /// those two classes count.
    nonisolated var runsNoHooks: Bool {
        let type = type(of: self)
        return type == View.self || type == Window.self
    }
}

extension ViewMove {
    /// Visits `root` and every view under it, pre-order, without recursion. Inlined, so that a view
    /// move's walks neither call out nor retain what their closures capture around the call.
    @inline(__always)
    static func forEachView(in root: View, _ body: (View) -> Void) {
        walkViews(in: root) { view -> Bool in
            body(view)
            return true
        }
    }

    /// Visits `root` and the views under it, pre-order, without recursion, while `body` returns true.
    /// Returns whether it visited them all.
    @inline(__always) @discardableResult
    static func walkViews(in root: View, while body: (View) -> Bool) -> Bool {
        guard body(root) else { return false }
        guard !root.subviewList.isEmpty else { return true }
        var stack: [View] = []
        root.subviewList.forEachReversed { stack.append($0) }
        while let view = stack.popLast() {
            guard body(view) else { return false }
            view.subviewList.forEachReversed { stack.append($0) }
        }
        return true
    }

    /// Runs `hook` of `view` (see ``DeliveryLoop/deliver(_:of:naming:window:)``), unless `view` is a
    /// plain ``View`` or ``Window``, whose hooks do nothing: no code would run in the hook's frame.
    @inline(__always)
    static func deliver(_ hook: ViewHook, of view: View, naming other: View? = nil, window: Window? = nil) {
        guard !view.runsNoHooks else { return }
        DeliveryLoop.deliver(hook, of: view, naming: other, window: window)
    }

    /// The window change of a move, in the walk that would send `willMove(toWindow:)`, when no view
    /// of `root`'s subtree has hooks: sets `newWindow` in each view, pre-order, and returns true.
    /// At the first view with hooks it puts the views it changed back in the window they shared
    /// (a view's window is its superview's) before any hook runs, and returns false: the move then
    /// sends the hooks and changes the window in UIKit's order.
    ///
    /// Called only when the old superview has no hooks either, so that no code runs from here to
    /// the structural change: none can read a window pointer set early (see
    /// ``perform(_:to:at:drivesAppearance:)``).
    static func moveWindowAhead(of root: View, to newWindow: Window?) -> Bool {
        let oldWindow = root.storedWindow
        var moved = 0
        let movedAll = walkViews(in: root) { view -> Bool in
            guard view.runsNoHooks else { return false }
            view.storedWindow = newWindow
            moved += 1
            return true
        }
        guard !movedAll else { return true }
        walkViews(in: root) { view -> Bool in
            guard moved > 0 else { return false }
            view.storedWindow = oldWindow
            moved -= 1
            return true
        }
        return false
    }
}
