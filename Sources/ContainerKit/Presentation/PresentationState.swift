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

/// A controller's presentation settings and its place in a presentation chain: the side storage
/// of ``Controller``, made the first time either is written. Few controllers present or are
/// presented, so the others carry one reference instead of this state, and the fields every walk
/// reads stay together. The controller alone holds it, stored where these fields would be, so
/// what it presents is released at that point of the controller's teardown.
@MainActor
final class PresentationState: SideStorage {
    /// The style asked for.
    @exclusivity(unchecked) var style = ModalPresentationStyle.automatic
    @exclusivity(unchecked) var definesContext = false
    @exclusivity(unchecked) var isModal = false
    @exclusivity(unchecked) weak var delegate: (any PresentationDelegate)?
    /// The links, the phase, the transitions that start here and the hidden view's place.
    @exclusivity(unchecked) var chain = PresentationChainMachine<PresentationTransition>()
}

extension Controller {
    /// This controller's presentation state, made now if it has none yet (for a write).
    var presentation: PresentationState { presentationStorage.madeIfNeeded() }
}
