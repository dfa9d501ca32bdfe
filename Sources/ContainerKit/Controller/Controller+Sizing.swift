extension Controller {
    /// The size this controller would like its container to give it, as UIKit's `preferredContentSize`.
    ///
    /// Setting a new value tells the parent inside the setter, through
    /// ``ContainerController/preferredContentSizeDidChange(forChildContentContainer:)`` (spec §10);
    /// the parent decides what to do with it. Setting the current value, or setting it on a
    /// controller with no parent, tells no one.
    ///
    /// ## Callback order
    ///
    /// With `c` this controller and `p` its parent, inside the setter:
    /// 1. `p.preferredContentSizeDidChange(forChildContentContainer: c)`
    public var preferredContentSize: Size {
        get { storedPreferredContentSize }
        set {
            let call = Planning.enter(.setting("preferredContentSize", of: .controller(id), to: .value("\(newValue)")))
            defer { Planning.leave(call) }
            guard newValue != storedPreferredContentSize else { return }
            storedPreferredContentSize = newValue
            guard let parent = storedParent else { return }
            DeliveryLoop.deliver(
                ControllerStep.preferredContentSizeDidChange(parent, child: self), source: .controller(id),
                rule: .preferredContentSize)
        }
    }

    /// Asks the window this controller's view is in to resolve its status-bar appearance again
    /// (``Window/statusBarStyle``, ``Window/isStatusBarHidden``), as UIKit's
    /// `setNeedsStatusBarAppearanceUpdate()`.
    ///
    /// The window follows ``ContainerController/childForStatusBarStyle`` and
    /// ``ContainerController/childForStatusBarHidden`` down from its root controller (or from the
    /// controller a full-screen presentation shows) and reads ``preferredStatusBarStyle`` and
    /// ``prefersStatusBarHidden`` of the controller it ends at, inside the call (spec §10). Does
    /// nothing when the view is not loaded or not in a window.
    ///
    /// ## Callback order
    ///
    /// No lifecycle callback fires. Inside the call, the window reads the `childForStatusBar…`
    /// properties down the chain, then the preferences of the controller it ends at.
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
