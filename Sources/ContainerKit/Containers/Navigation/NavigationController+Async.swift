extension NavigationController {
    /// The async forms of the navigation calls: `await nav.async.push(b, animated: true)`.
    ///
    /// Each one makes the request, then ends its window's turns itself until the request's
    /// transition has completed, suspending only while a manual animation driver or an interactive
    /// handle holds it. Off screen, the request completes inside the call.
    public var async: AsyncNavigation { AsyncNavigation(navigation: self) }
}

/// The async forms of a ``NavigationController``'s calls; see ``NavigationController/async``.
@MainActor
public struct AsyncNavigation {
    let navigation: NavigationController

    /// Pushes `controller` and returns once its transition has completed.
    public func push(_ controller: Controller, animated: Bool) async {
        await navigation.awaitCompletion { done in
            if !navigation.requestPush(controller, animated: animated, completion: done) { done() }
        }
    }

    /// Pops the top controller and returns it once the transition has completed; nil, at once,
    /// when the stack holds one controller.
    @discardableResult
    public func pop(animated: Bool) async -> Controller? {
        var popped: Controller?
        await navigation.awaitCompletion { done in
            popped = navigation.pop(animated: animated, completion: done)
            if popped == nil { done() }
        }
        return popped
    }

    /// Pops to the root and returns the popped controllers once the transition has completed.
    @discardableResult
    public func popToRoot(animated: Bool) async -> [Controller] {
        var popped: [Controller] = []
        await navigation.awaitCompletion { done in
            popped = navigation.popToRoot(animated: animated, completion: done)
            if popped.isEmpty { done() }
        }
        return popped
    }

    /// Pops to `controller` and returns the popped controllers once the transition has completed.
    @discardableResult
    public func pop(to controller: Controller, animated: Bool) async -> [Controller] {
        var popped: [Controller] = []
        await navigation.awaitCompletion { done in
            popped = navigation.pop(to: controller, animated: animated, completion: done)
            if popped.isEmpty { done() }
        }
        return popped
    }

    /// Replaces the stack and returns once the transition has completed.
    public func setControllers(_ controllers: [Controller], animated: Bool) async {
        await navigation.awaitCompletion { done in
            if !navigation.requestControllers(controllers, animated: animated, completion: done) { done() }
        }
    }
}
