// Where a view goes once the built-in containers show their children: the view move's cycle
// checks (``ViewMove/fault(moving:under:)``) and the built-in containers' own ask it.

extension ViewMove {
    /// Whether `view` is `start`, or an ancestor of it now or once the built-in containers above
    /// `start` show their children: each puts a child's root view in its own view.
    ///
    /// Both chains count: a root view that its container will take in later (a controller pushed
    /// during a swipe back, say) is where it is until then, and a change made meanwhile must not
    /// close a cycle through where it is now.
    static func eventuallyHolds(_ view: View, _ start: View) -> Bool {
        if start.isDescendant(of: view) { return true }
        var current: View? = start
        while let node = current {
            if node === view { return true }
            current =
                if let owner = node.owningController { eventualSuperview(ofRootViewOf: owner) } else { node.superview }
        }
        return false
    }

    /// Whether `controller`'s root view holds `start`, now or once the built-in containers show
    /// their children, whether it is loaded or not: a built-in container whose view is not loaded
    /// puts its children's root views in it once it is loaded and shown, so it holds what they hold.
    static func eventuallyHolds(rootViewOf controller: Controller, _ start: View) -> Bool {
        if let view = controller.storedView { return eventuallyHolds(view, start) }
        guard controller.asContainer?.isBuiltInContainer == true else { return false }
        var current: View? = start
        while let node = current {
            guard let owner = node.owningController else {
                current = node.superview
                continue
            }
            // The containers that will put `owner`'s root view in theirs, up to the first one loaded.
            var member = owner
            while let container = member.builtInContainerShowingIt {
                if container === controller { return true }
                if container.storedView != nil { break }
                member = container
            }
            current = eventualSuperview(ofRootViewOf: owner)
        }
        return false
    }

    /// Where `controller`'s root view is, or goes when its built-in container shows it: that
    /// container's view (or, while that one is not loaded, where the container's own view goes).
    /// A controller waiting to join a navigation stack (``Controller/pendingStack``: pushed during
    /// an interactive pop) goes in that navigation controller's view when the gesture ends, as a
    /// child does: completing the gesture is part of some moves (a view leaving a visible window),
    /// and a move checked before it must be refused for what it leads to, not after it. So does a
    /// controller a container is about to adopt (``Controller/pendingAdoption``), or is adopting
    /// (inside the `willMove(toParent:)` of its adoption): the container puts its root view there
    /// next.
    static func eventualSuperview(ofRootViewOf controller: Controller) -> View? {
        var current = controller
        while let container = current.builtInContainerShowingIt {
            if let containerView = container.storedView { return containerView }
            current = container
        }
        return current === controller ? controller.storedView?.superview : nil
    }
}

extension Controller {
    /// The built-in container that puts this controller's root view in its own view: its parent,
    /// the container it is joining (inside the `willMove(toParent:)` of its adoption), or the one it
    /// is a pending member of (``pendingContainer``); nil when that is not a built-in container.
    fileprivate var builtInContainerShowingIt: ContainerController? {
        guard let container = parentOrJoiningContainer ?? pendingContainer, container.isBuiltInContainer else {
            return nil
        }
        return container
    }
}
