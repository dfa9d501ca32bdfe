/// Moving a view in the view tree, and the appearance that follows when a controller's root view
/// enters or leaves a visible window (F2).
@MainActor
enum ViewMove {
    /// Moves `view` under `newSuperview` (nil: removes it), at `index` among the subviews (nil: frontmost).
    ///
    /// Order: validation (a fault refuses the move and changes nothing); transitions in flight inside
    /// a subtree that leaves a visible window complete (`finished: true`); `willMove(toSuperview:)`
    /// and, when the window changes, `willMove(toWindow:)` down the subtree; the structural change;
    /// `didMoveToWindow()` down the subtree and `didMoveToSuperview()`; then, when
    /// `drivesAppearance`, the disappearance of what left a visible window and the appearance of
    /// what entered one. Transitions move views with `drivesAppearance == false` (F7).
    static func perform(_ view: View, to newSuperview: View?, at index: Int?, drivesAppearance: Bool) {
        if let newSuperview, let violation = violation(moving: view, under: newSuperview) {
            violation.report()
            return
        }
        let oldSuperview = view.superview
        let oldWindow = view.storedWindow
        let newWindow = newSuperview?.storedWindow
        let windowChanges = oldWindow !== newWindow
        let leftWindow = windowChanges ? oldWindow.flatMap { $0.isHidden ? nil : $0 } : nil
        let enteredWindow = windowChanges ? newWindow.flatMap { $0.isHidden ? nil : $0 } : nil

        leftWindow?.completeAnimations(inside: view)

        view.willMove(toSuperview: newSuperview)
        if windowChanges {
            forEachView(in: view) { $0.willMove(toWindow: newWindow) }
        }
        oldSuperview?.willRemoveSubview(view)

        if let oldSuperview, let position = oldSuperview.subviews.lastIndex(where: { $0 === view }) {
            oldSuperview.subviews.remove(at: position)
        }
        if let newSuperview {
            let position = min(max(index ?? newSuperview.subviews.count, 0), newSuperview.subviews.count)
            newSuperview.subviews.insert(view, at: position)
        }
        view.superview = newSuperview
        if windowChanges {
            forEachView(in: view) { $0.storedWindow = newWindow }
            forEachView(in: view) { $0.didMoveToWindow() }
        }
        view.didMoveToSuperview()
        newSuperview?.didAddSubview(view)

        guard drivesAppearance else { return }
        if let leftWindow {
            AppearanceWalk.windowExit(of: view, window: leftWindow)
        }
        if let enteredWindow, view.storedWindow === enteredWindow {
            AppearanceWalk.windowEntry(of: view, window: enteredWindow)
        }
    }

    /// The fault that refuses moving `view` under `superview`, if any.
    private static func violation(moving view: View, under superview: View) -> ContractViolation? {
        if view is Window {
            return ContractViolation(
                kind: .invalidViewHierarchy, severity: .fault, controllers: [],
                message: "A Window cannot be added as a subview; a window is the root of its view tree."
            )
        }
        if superview.isDescendant(of: view) {
            let owners = [view.owningController?.id, superview.nearestOwningController?.id].compactMap { $0 }
            return ContractViolation(
                kind: .invalidViewHierarchy, severity: .fault, controllers: owners,
                message: superview === view
                    ? "A view cannot be added as a subview of itself."
                    : "A view cannot be added under one of its own descendants: the view tree would have a cycle."
            )
        }
        if let child = view.owningController, let parent = child.storedParent,
            let host = superview.nearestOwningController, host !== parent
        {
            return ContractViolation(
                kind: .viewControllerHierarchyInconsistency, severity: .fault,
                controllers: [child.id, host.id, parent.id],
                message: "\(child.id)'s root view cannot be added under a view owned by \(host.id): its parent is "
                    + "\(parent.id), so its view belongs in \(parent.id)'s view hierarchy (R6; UIKit raises "
                    + "UIViewControllerHierarchyInconsistency)."
            )
        }
        return nil
    }

    /// Visits `root` and every view under it, pre-order, without recursion.
    static func forEachView(in root: View, _ body: (View) -> Void) {
        body(root)
        guard !root.subviews.isEmpty else { return }
        var stack: [View] = root.subviews.reversed()
        while let view = stack.popLast() {
            body(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
    }
}
