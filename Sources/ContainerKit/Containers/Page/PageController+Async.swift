/// The async forms of a ``PageController``'s calls (see ``AsyncProxy``).
extension AsyncProxy where Base: PageController {
    /// Shows `controllers` and returns once the turn has completed, with whether it finished;
    /// `false`, at once, when the call is refused.
    ///
    /// ## Callback order
    ///
    /// As ``PageController/setControllers(_:direction:animated:completion:)``, all of it before this
    /// returns.
    ///
    /// - Parameters:
    ///   - controllers: The pages to show: ``PageController/pagesShownAtOnce`` of them, left first.
    ///   - direction: The way the pages turn; nothing is rendered.
    ///   - animated: Whether the turn animates.
    /// - Returns: Whether the turn ran to its end (`false` when a driver cut it short).
    @discardableResult
    public func setControllers(_ controllers: [Controller], direction: PageDirection, animated: Bool) async -> Bool {
        var finished = false
        await base.awaitCompletion { done in
            let accepted = base.requestPages(controllers, animated: animated) {
                finished = $0
                done()
            }
            if !accepted { done() }
        }
        return finished
    }
}
