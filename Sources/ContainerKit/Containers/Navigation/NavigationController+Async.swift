/// The async forms of a ``NavigationController``'s calls (see ``AsyncProxy``).
extension AsyncProxy where Base: NavigationController {
    /// Pushes `controller` and returns once its transition has completed.
    public func push(_ controller: Controller, animated: Bool) async {
        await base.awaitCompletion { done in
            if !base.requestPush(controller, animated: animated, completion: done) { done() }
        }
    }

    /// Pops the top controller and returns it once the transition has completed; nil, at once,
    /// when the stack holds one controller.
    @discardableResult
    public func pop(animated: Bool) async -> Controller? {
        var popped: Controller?
        await base.awaitCompletion { done in
            popped = base.pop(animated: animated, completion: done)
            if popped == nil { done() }
        }
        return popped
    }

    /// Pops to the root and returns the popped controllers once the transition has completed.
    @discardableResult
    public func popToRoot(animated: Bool) async -> [Controller] {
        var popped: [Controller] = []
        await base.awaitCompletion { done in
            popped = base.popToRoot(animated: animated, completion: done)
            if popped.isEmpty { done() }
        }
        return popped
    }

    /// Pops to `controller` and returns the popped controllers once the transition has completed.
    @discardableResult
    public func pop(to controller: Controller, animated: Bool) async -> [Controller] {
        var popped: [Controller] = []
        await base.awaitCompletion { done in
            popped = base.pop(to: controller, animated: animated, completion: done)
            if popped.isEmpty { done() }
        }
        return popped
    }

    /// Replaces the stack and returns once the transition has completed.
    public func setControllers(_ controllers: [Controller], animated: Bool) async {
        await base.awaitCompletion { done in
            if !base.requestControllers(controllers, animated: animated, completion: done) { done() }
        }
    }
}
