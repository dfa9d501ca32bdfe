/// The async forms of presentation (see ``AsyncProxy``): `await a.async.present(b, animated: true)`.
extension AsyncProxy {
    /// Presents `controller` and returns once the presentation has completed; at once when the call
    /// was refused or ignored.
    ///
    /// ## Callback order
    ///
    /// As ``Controller/present(_:animated:completion:)``, all of it before this returns.
    ///
    /// - Parameters:
    ///   - controller: The controller to present.
    ///   - animated: Whether the transition animates.
    public func present(_ controller: Controller, animated: Bool) async {
        await base.awaitCompletion { done in
            base.present(controller, animated: animated, completion: done)
            if controller.presentingController == nil { done() }
        }
    }

    /// Dismisses as ``Controller/dismiss(animated:completion:)`` does and returns once the
    /// dismissal has completed (after the presentation it waits behind, if any); at once when there
    /// is nothing to dismiss or the call is ignored (the controllers are being dismissed already).
    ///
    /// ## Callback order
    ///
    /// As ``Controller/dismiss(animated:completion:)``, all of it before this returns.
    ///
    /// - Parameter animated: Whether the transition animates.
    public func dismiss(animated: Bool) async {
        var top: Controller = base
        while let presented = top.presentedController { top = presented }
        await base.awaitCompletion(in: top.viewIfLoaded?.window) { done in
            if !base.requestDismissal(animated: animated, completion: done) { done() }
        }
    }
}
