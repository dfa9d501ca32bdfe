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
}
