/// How a presented controller covers its presenter, as UIKit's `UIModalPresentationStyle`.
public enum ModalPresentationStyle: Hashable, Sendable {
    /// Resolves to ``pageSheet``, as on modern iOS.
    case automatic
    /// Covers the window; the presenter disappears and its view leaves the window.
    case fullScreen
    /// A sheet: the presenter stays on screen and gets no appearance callbacks.
    case pageSheet
    /// A smaller sheet: the presenter stays on screen and gets no appearance callbacks.
    case formSheet
    /// Covers the window, but the presenter stays underneath with no appearance callbacks.
    case overFullScreen
    /// Covers the nearest ancestor that defines a presentation context, as full screen does for
    /// that controller's subtree.
    case currentContext
    /// Covers the nearest ancestor that defines a presentation context, as a sheet does.
    case overCurrentContext

    /// What `.automatic` means: `.pageSheet`.
    var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

    /// Whether the presenter disappears (and its view leaves the window) while this is presented.
    var hidesPresenter: Bool {
        switch resolved {
        case .fullScreen, .currentContext: true
        case .automatic, .pageSheet, .formSheet, .overFullScreen, .overCurrentContext: false
        }
    }

    /// Whether the presenter is resolved from the presentation context (the context styles).
    var usesPresentationContext: Bool { self == .currentContext || self == .overCurrentContext }

    /// Whether a pull-down gesture can dismiss it.
    var isSheet: Bool {
        switch resolved {
        case .pageSheet, .formSheet, .overCurrentContext: true
        case .automatic, .fullScreen, .overFullScreen, .currentContext: false
        }
    }
}

/// Told about a sheet that a pull-down gesture tries to dismiss, as UIKit's
/// `UIAdaptivePresentationControllerDelegate`. Every requirement has a default:
/// `presentationControllerShouldDismiss` answers true, the others do nothing.
@MainActor
public protocol PresentationDelegate: AnyObject {
    /// The gesture began: return false to refuse it.
    func presentationControllerShouldDismiss(_ presented: Controller) -> Bool
    /// The gesture will dismiss `presented` if it finishes.
    func presentationControllerWillDismiss(_ presented: Controller)
    /// The gesture dismissed `presented`.
    func presentationControllerDidDismiss(_ presented: Controller)
    /// The gesture was refused (``presentationControllerShouldDismiss(_:)`` answered false, or
    /// the controller is modal in presentation).
    func presentationControllerDidAttemptToDismiss(_ presented: Controller)
}

extension PresentationDelegate {
    public func presentationControllerShouldDismiss(_ presented: Controller) -> Bool { true }
    public func presentationControllerWillDismiss(_ presented: Controller) {}
    public func presentationControllerDidDismiss(_ presented: Controller) {}
    public func presentationControllerDidAttemptToDismiss(_ presented: Controller) {}
}

/// A controller's presentation links and settings (one stored value of ``Controller``).
struct PresentationState {
    /// The controller this one presents (strong: ownership runs up the chain of presentations).
    var presented: Controller?
    /// The controller that presents this one (weak).
    weak var presenting: Controller?
    /// The style asked for.
    var style = ModalPresentationStyle.automatic
    /// The style this controller was presented with, resolved.
    var presentedStyle: ModalPresentationStyle?
    var definesContext = false
    var isModal = false
    weak var delegate: (any PresentationDelegate)?
    /// Where the presenter's view was before a full-screen presentation took it out of the window.
    weak var hiddenViewSuperview: View?
    var hiddenViewIndex = 0
    /// Whether this controller is being presented or dismissed now (for `isBeingPresented` and
    /// `isBeingDismissed`).
    var phase = Phase.idle
    /// The presentation and dismissals whose chain starts at this controller (it is the one
    /// presented, or the bottom of the chain dismissed), waiting for or running their turn in the
    /// window, in request order; kept alive here until each ends.
    var transitions: [PresentationTransition] = []

    enum Phase {
        case idle
        case presenting
        case dismissing
    }
}
