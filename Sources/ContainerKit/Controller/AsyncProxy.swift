/// The async forms of a controller's transition calls, with the same names:
/// `await nav.async.push(b, animated: true)`.
///
/// Each form makes the request, then ends its window's turns itself until the request's
/// transition has completed, suspending only while a manual animation driver or an interactive
/// handle holds it. Off screen, the request completes inside the call. The forms live behind this
/// proxy, never as same-name `async` overloads, which would make every un-awaited call of the name
/// an error in an async context.
@MainActor
public struct AsyncProxy<Base: Controller> {
    /// The controller the calls go to.
    public let base: Base

    /// Creates the proxy of `base`.
    public init(base: Base) {
        self.base = base
    }
}

/// Gives every controller its ``AsyncProxy``.
@MainActor
public protocol AsyncCallable: Controller {}

extension AsyncCallable {
    /// The async forms of this controller's transition calls; see ``AsyncProxy``.
    public var async: AsyncProxy<Self> { AsyncProxy(base: self) }
}

extension Controller: AsyncCallable {}
