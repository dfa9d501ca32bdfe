extension Window {
    /// Resolves ``statusBarStyle`` and ``isStatusBarHidden`` from the root controller down the
    /// `childForStatusBarStyle` / `childForStatusBarHidden` chains. Runs when the window is shown,
    /// when its root changes, and on `setNeedsStatusBarAppearanceUpdate()`.
    func resolveStatusBarAppearance() {
        guard let root = storedRootController else {
            statusBarStyle = .default
            isStatusBarHidden = false
            return
        }
        // A full-screen presentation takes the status bar over from what it covers.
        var top = root
        while let presented = top.presentedController,
            presented.presentationStorage?.chain.presentedStyle == .fullScreen
        {
            top = presented
        }
        statusBarStyle = Self.follow(from: top, \.childForStatusBarStyle).preferredStatusBarStyle
        isStatusBarHidden = Self.follow(from: top, \.childForStatusBarHidden).prefersStatusBarHidden
    }

    /// Follows a delegation chain until a controller answers nil (or itself); a chain that loops
    /// stops at the controller where it would revisit one.
    private static func follow(from root: Controller, _ next: (ContainerController) -> Controller?) -> Controller {
        var current = root
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        while let container = current as? ContainerController, let delegate = next(container),
            visited.insert(ObjectIdentifier(delegate)).inserted
        {
            current = delegate
        }
        return current
    }
}
