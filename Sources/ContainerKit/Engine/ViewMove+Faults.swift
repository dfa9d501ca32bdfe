/// The violations that refuse or ignore a view move: the faults of where the controllers' root views
/// would end up (R6, and the views the built-in containers put in their own), and the warning for a
/// move nested in the callbacks of another that it would invalidate.
extension ViewMove {
    /// A built-in container puts its children's root views in its own view, whenever it shows them:
    /// a move that would put a built-in container's view inside the root view of one of its
    /// children (or of a child of a built-in container that container shows, and so on) would make
    /// a cycle then, so it is refused up front.
    static func builtInNestingFault(moving view: View, under superview: View) -> ContractViolation? {
        // Only a view with subviews, or a built-in container's root view, can be an eventual ancestor
        // of another view; the walk costs what the cycle check of `fault(moving:under:)` costs.
        guard !view.subviewList.isEmpty || view.owningController?.asContainer?.isBuiltInContainer == true,
            eventuallyHolds(view, superview)
        else { return nil }
        let owners = [view.nearestOwningController?.id, superview.nearestOwningController?.id].compactMap { $0 }
        return ContractViolation(
            kind: .invalidViewHierarchy, severity: .fault, controllers: owners,
            message: "The view cannot be added there: a navigation, tab bar or page controller puts its children's "
                + "root views in its own view, and one of them would then hold a view that holds it: the view tree "
                + "would have a cycle."
        )
    }

    /// R6 for the controllers whose root views are inside `view` with no other controller's root view
    /// in between, when `view` is a plain view: the move changes their nearest owning controller from
    /// the old superview's to `superview`'s, which must then be their parent (when they have one).
    ///
    /// Two walks run in step: down the plain part of the subtree, collecting those controllers, and up
    /// from `superview` to its nearest owning controller (the host). Either can end the check: no such
    /// controller with a parent below, or no host above (a controller may then put its view there). So
    /// a move costs at most twice the shorter walk that settles it: wrapping a deep chain bottom-up and
    /// adding leaves to a deep chain top-down both stay constant-time.
    static func nestedRootViewFault(moving view: View, under superview: View) -> ContractViolation? {
        guard view.ownerStorage == nil, !view.subviewList.isEmpty else { return nil }
        var below: [View] = view.subviews.reversed()
        var candidates: [Controller] = []
        var above: View? = superview
        var host: Controller?
        while host == nil || !below.isEmpty {
            if let next = below.popLast() {
                if let owner = next.owningController {
                    if owner.storedParent != nil { candidates.append(owner) }
                } else {
                    below.append(contentsOf: next.subviews.reversed())
                }
            }
            if below.isEmpty, candidates.isEmpty { return nil }
            if host == nil {
                guard let current = above else { return nil }
                host = current.owningController
                above = current.superview
            }
        }
        guard let host, let child = candidates.first(where: { $0.storedParent !== host }),
            let parent = child.storedParent
        else { return nil }
        // A move that keeps the host (a reordering, or a wrapper moved inside one controller's view)
        // changes nothing for them.
        if view.superview?.nearestOwningController === host { return nil }
        return hierarchyInconsistency(child: child, parent: parent, host: host, nested: true)
    }

    /// R6's fault: `child`'s root view would end up under a view owned by `host`, not by `parent`.
    static func hierarchyInconsistency(
        child: Controller, parent: ContainerController, host: Controller, nested: Bool
    ) -> ContractViolation {
        let placement = nested ? "inside the moved view, under a view owned by" : "under a view owned by"
        let relation = child.storedParent == nil ? "it is joining" : "its parent is"
        return ContractViolation(
            kind: .viewControllerHierarchyInconsistency, severity: .fault,
            controllers: [child.id, host.id, parent.id],
            message: "\(child.id)'s root view cannot be added \(placement) \(host.id): \(relation) "
                + "\(parent.id), so its view belongs in \(parent.id)'s view hierarchy (R6; UIKit raises "
                + "UIViewControllerHierarchyInconsistency)."
        )
    }

    /// Whether a move of `view` made now would be ignored as nested in a move under way
    /// (``nestedMoveViolation(moving:)``).
    static func wouldIgnoreNestedMove(of view: View) -> Bool {
        !movesUnderWay.isEmpty && nestedMoveViolation(moving: view) != nil
    }

    /// The warning that ignores a nested move of `view` that would invalidate a move under way (see
    /// ``perform(_:to:at:drivesAppearance:)``), if any.
    static func nestedMoveViolation(moving view: View) -> ContractViolation? {
        for entry in movesUnderWay.reversed() {
            let (moving, target) = (entry.view, entry.target)
            if entry.onlyItself {
                guard view === moving else { continue }
            }
            // Only a view with subviews can be a strict ancestor of another.
            let conflicts =
                view.subviewList.isEmpty
                ? view === moving || view === target
                : moving.isDescendant(of: view) || target?.isDescendant(of: view) == true
            guard conflicts else { continue }
            let role: String
            if view === moving {
                role = "it is being moved"
            } else if view === target {
                role = "a view is being moved into it"
            } else {
                role = "it holds a view being moved, or the view it is moving into"
            }
            let owners = [view.nearestOwningController?.id, moving.nearestOwningController?.id].compactMap { $0 }
            return ContractViolation(
                kind: .invalidViewHierarchy, severity: .warning,
                controllers: owners.count == 2 && owners[0] == owners[1] ? [owners[0]] : owners,
                message: "A view cannot be moved from inside the callbacks of a move that involves it (\(role)): "
                    + "willMove(toSuperview:), willMove(toWindow:) and willRemoveSubview(_:), and the viewWillAppear(_:) "
                    + "and viewWillDisappear(_:) the move sends, run before the tree changes, and the move relies on "
                    + "what they were told. The nested move was ignored; move the view from didMoveToSuperview() "
                    + "instead."
            )
        }
        return nil
    }
}
