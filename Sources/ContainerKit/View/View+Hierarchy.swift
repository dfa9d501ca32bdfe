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
    /// If this moves a controller's root view into a visible window, the controller appears; out of
    /// one, it disappears (F2): see ``Window``. Refused (a fault): adding a view to itself or to one
    /// of its descendants, adding a ``Window``, and adding a controller's root view under a view
    /// owned by a controller that is not its parent (R6), whether it is `view` itself or inside
    /// `view` (a plain wrapper around a child's view goes where that child's parent is).
    ///
    /// Ignored (a warning): a move started from the will-callbacks of a move under way
    /// (`willMove(toSuperview:)`, `willMove(toWindow:)`, `willRemoveSubview(_:)`) that would change
    /// where the moving view is or goes: moving that view, one of its ancestors, or its new
    /// superview or one of that superview's ancestors. Moves from the did-callbacks are carried out.
    ///
    /// **Callback order** for a controller `c` whose root view enters a visible window:
    /// `c.loadView()`/`c.viewDidLoad()` if needed, `c.viewWillAppear(animated: false)` and its
    /// forwarding inside the call; `c.viewIsAppearing(animated: false)` and
    /// `c.viewDidAppear(animated: false)` at the end of the turn.
    public func addSubview(_ view: View) {
        ViewMove.perform(view, to: self, at: nil, drivesAppearance: true)
        checkInvariants()
        view.checkInvariants()
    }

    /// Inserts `view` at `index` among the subviews (clamped to `0...subviews.count`), removing it
    /// from its current superview first. Appearance as for ``addSubview(_:)``.
    public func insertSubview(_ view: View, at index: Int) {
        ViewMove.perform(view, to: self, at: index, drivesAppearance: true)
        checkInvariants()
        view.checkInvariants()
    }

    /// Removes the view from its superview, as UIKit's `removeFromSuperview()`. Does nothing when
    /// there is no superview.
    ///
    /// **Callback order** for a controller `c` whose root view leaves a visible window:
    /// `c.viewWillDisappear(animated: false)`, then its forwarding, then
    /// `c.viewDidDisappear(animated: false)` and its forwarding, inside the call.
    public func removeFromSuperview() {
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
    var nearestOwningController: Controller? {
        var current: View? = self
        while let view = current {
            if let owner = view.owningController { return owner }
            current = view.superview
        }
        return nil
    }
}
