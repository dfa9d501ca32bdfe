/// The async forms of a ``PageController``'s calls (see ``AsyncProxy``).
extension AsyncProxy where Base: PageController {
    /// Shows `controllers` and returns once the turn has completed, with whether it finished.
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
