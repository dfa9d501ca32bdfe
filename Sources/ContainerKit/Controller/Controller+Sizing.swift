extension Controller {
    /// The size this controller would like its container to give it, as UIKit's `preferredContentSize`.
    ///
    /// Setting a new value calls the parent's
    /// ``ContainerController/preferredContentSizeDidChange(forChildContentContainer:)`` inside the call.
    ///
    /// **Callback order**: `parent.preferredContentSizeDidChange(forChildContentContainer: self)`.
    public var preferredContentSize: Size {
        get { storedPreferredContentSize }
        set {
            guard newValue != storedPreferredContentSize else { return }
            storedPreferredContentSize = newValue
            guard let parent = storedParent else { return }
            LifecycleObservation.emit(.preferredContentSizeDidChange(parent.id, child: id), source: .controller(id))
            parent.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }

    /// Asks the window this controller's view is in to resolve its status-bar appearance again
    /// (``Window/statusBarStyle``, ``Window/isStatusBarHidden``).
    public func setNeedsStatusBarAppearanceUpdate() {
        storedView?.window?.resolveStatusBarAppearance()
    }

    /// The coordinator of the navigation, tab, page or presentation transition this controller
    /// takes part in: its own, or the nearest ancestor's. Non-nil inside the callbacks of those
    /// transitions; `transition(from:to:…)` and window changes have none, as in UIKit.
    public var transitionCoordinator: (any TransitionCoordinator)? {
        var controller: Controller? = self
        while let current = controller {
            if let coordinator = current.ownTransitionCoordinator { return coordinator }
            controller = current.storedParent
        }
        return nil
    }
}
