/// A view: a node of the view tree, UIKit's `UIView` without drawing or layout.
///
/// Views exist so that adding and removing them drives appearance as in UIKit: a controller's root
/// view entering a visible ``Window`` makes the controller appear, leaving it makes it disappear.
/// A view holds its subviews strongly and its superview weakly.
@MainActor
open class View {
    /// The frame in the superview's coordinates. ContainerKit does no autoresizing: frames change
    /// only when code sets them (the window sets its root view's frame).
    public var frame: Rect

    /// A name for ``recursiveDescription``; the engine never reads it.
    public var name: String?

    /// The superview, weak.
    public internal(set) weak var superview: View?

    /// The subviews, back to front.
    public internal(set) var subviews: [View] = []

    /// The window this view is in, cached and updated as the view moves.
    weak var storedWindow: Window?

    /// The controller whose root view this is, weak.
    weak var owningController: Controller?

    /// Creates a view with `frame`.
    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    /// The view is about to move to `newSuperview` (nil: about to be removed). The default does nothing.
    open func willMove(toSuperview newSuperview: View?) {}

    /// The view moved to a new superview, or was removed from its superview. The default does nothing.
    open func didMoveToSuperview() {}

    /// The view is about to move to `newWindow` (nil: about to leave its window), with every view
    /// under it. The default does nothing.
    open func willMove(toWindow newWindow: Window?) {}

    /// The view moved to a new window, or left its window. The default does nothing.
    open func didMoveToWindow() {}

    /// The view was added as a direct subview. The default does nothing.
    open func didAddSubview(_ subview: View) {}

    /// A direct subview is about to be removed. The default does nothing.
    open func willRemoveSubview(_ subview: View) {}
}
