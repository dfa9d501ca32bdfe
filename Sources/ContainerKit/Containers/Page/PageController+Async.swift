extension PageController {
    /// The async forms of the page calls: `await page.async.setControllers([p1], direction: .forward, animated: true)`.
    public var async: AsyncPaging { AsyncPaging(page: self) }
}

/// The async forms of a ``PageController``'s calls; see ``PageController/async``.
@MainActor
public struct AsyncPaging {
    let page: PageController

    /// Shows `controllers` and returns once the turn has completed, with whether it finished.
    @discardableResult
    public func setControllers(_ controllers: [Controller], direction: PageDirection, animated: Bool) async -> Bool {
        var finished = false
        await page.awaitCompletion { done in
            let accepted = page.requestPages(controllers, animated: animated) {
                finished = $0
                done()
            }
            if !accepted { done() }
        }
        return finished
    }
}
