/// The async forms of a ``NavigationController``'s calls (see ``AsyncProxy``).
extension AsyncProxy where Base: NavigationController {
    /// Pushes `controller` and returns once its transition has completed.
    ///
    /// Makes the request, then ends the window's turns until it has completed; returns at once when
    /// the push is refused or completes inside the call (off screen).
    ///
    /// ## Callback order
    ///
    /// As ``NavigationController/push(_:animated:completion:)``, all of it before this returns.
    ///
    /// - Parameters:
    ///   - controller: The controller to push.
    ///   - animated: Whether the transition animates.
    public func push(_ controller: Controller, animated: Bool) async {
        await base.awaitCompletion { done in
            if !base.requestPush(controller, animated: animated, completion: done) { done() }
        }
    }

    /// Pops the top controller and returns it once the transition has completed; nil, at once,
    /// when the stack holds one controller.
    ///
    /// ## Callback order
    ///
    /// As ``NavigationController/pop(animated:completion:)``, all of it before this returns.
    ///
    /// - Parameter animated: Whether the transition animates.
    /// - Returns: The controller popped, or nil.
    @discardableResult
    public func pop(animated: Bool) async -> Controller? {
        var popped: Controller?
        await base.awaitCompletion { done in
            base.requestPop(animated: animated, completion: done) { top in
                popped = top
                if top == nil { done() }
            }
        }
        return popped
    }

    /// Pops to the root and returns the popped controllers once the transition has completed; an
    /// empty array, at once, when the root is the top.
    ///
    /// ## Callback order
    ///
    /// As ``NavigationController/popToRoot(animated:completion:)``, all of it before this returns.
    ///
    /// - Parameter animated: Whether the transition animates.
    /// - Returns: The controllers popped, bottom first.
    @discardableResult
    public func popToRoot(animated: Bool) async -> [Controller] {
        var popped: [Controller] = []
        await base.awaitCompletion { done in
            base.requestPopToRoot(animated: animated, completion: done) { controllers in
                popped = controllers
                if controllers.isEmpty { done() }
            }
        }
        return popped
    }

    /// Pops to `controller` and returns the popped controllers once the transition has completed;
    /// an empty array, at once, when `controller` is the top or not in the stack.
    ///
    /// ## Callback order
    ///
    /// As ``NavigationController/pop(to:animated:completion:)``, all of it before this returns.
    ///
    /// - Parameters:
    ///   - controller: The controller to pop to.
    ///   - animated: Whether the transition animates.
    /// - Returns: The controllers popped, bottom first.
    @discardableResult
    public func pop(to controller: Controller, animated: Bool) async -> [Controller] {
        var popped: [Controller] = []
        await base.awaitCompletion { done in
            let accepted = base.requestPop(to: controller, animated: animated, completion: done) { controllers in
                popped = controllers
                if controllers.isEmpty { done() }
            }
            if accepted.isEmpty, !base.controllers.contains(where: { $0 === controller }) { done() }
        }
        return popped
    }

    /// Replaces the stack and returns once the transition has completed; at once when the call is
    /// refused.
    ///
    /// ## Callback order
    ///
    /// As ``NavigationController/setControllers(_:animated:completion:)``, all of it before this
    /// returns.
    ///
    /// - Parameters:
    ///   - controllers: The new stack, bottom first.
    ///   - animated: Whether the transition animates.
    public func setControllers(_ controllers: [Controller], animated: Bool) async {
        await base.awaitCompletion { done in
            if !base.requestControllers(controllers, animated: animated, completion: done) { done() }
        }
    }
}
