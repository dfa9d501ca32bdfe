extension Controller {
    /// How this controller is presented: set it before `present`. `.automatic` (the default)
    /// resolves to `.pageSheet`.
    public var modalPresentationStyle: ModalPresentationStyle {
        get { presentation.style }
        set { presentation.style = newValue }
    }

    /// Whether this controller's area is the context for `.currentContext` and
    /// `.overCurrentContext` presentations made from it or its descendants.
    public var definesPresentationContext: Bool {
        get { presentation.definesContext }
        set { presentation.definesContext = newValue }
    }

    /// Whether a sheet showing this controller refuses to be pulled down.
    public var isModalInPresentation: Bool {
        get { presentation.isModal }
        set { presentation.isModal = newValue }
    }

    /// Told about pull-down gestures on the sheet showing this controller. Weak.
    public var presentationDelegate: (any PresentationDelegate)? {
        get { presentation.delegate }
        set { presentation.delegate = newValue }
    }

    /// The controller this one presents, if any.
    public var presentedController: Controller? { presentation.presented }

    /// The controller that presents this one, if any.
    public var presentingController: Controller? { presentation.presenting }

    /// True inside this controller's appearance callbacks of the transition that presents it.
    public var isBeingPresented: Bool { presentation.phase == .presenting && deliveringAppearance != nil }

    /// True inside this controller's appearance callbacks of the transition that dismisses it.
    public var isBeingDismissed: Bool { presentation.phase == .dismissing && deliveringAppearance != nil }

    /// Presents `controller`, as UIKit's `present(_:animated:completion:)` (spec §9).
    ///
    /// The presenting controller is resolved as UIKit does: for `.currentContext` and
    /// `.overCurrentContext`, the nearest controller up the tree (this one included) whose
    /// ``definesPresentationContext`` is true, or the root; for the other styles, the root of this
    /// controller's tree. The links (``presentedController``, ``presentingController``) change
    /// inside the call; the transition runs at the end of the turn, one visible transition at a
    /// time per window, and the presented controller's view goes into the window. When a
    /// full-screen presentation (`.fullScreen`, `.currentContext`) completes, the presenter's view
    /// leaves the window, with no callbacks, until its dismissal begins. With a sheet or an "over"
    /// style (`.automatic`, `.pageSheet`, `.formSheet`, `.overFullScreen`, `.overCurrentContext`),
    /// the presenter stays and gets no appearance callbacks at all. A presented controller has no
    /// parent.
    ///
    /// Refused (a fault, nothing fires): a controller that is presented already, has a parent, is a
    /// window's root, presents a controller itself, or is this controller. Ignored (a warning,
    /// nothing fires): presenting from a controller whose view is not in a visible window, or
    /// whose presenting controller presents already.
    ///
    /// ## Callback order
    ///
    /// `a` presenting `b` full screen; nothing inside the call. At the end of the turn (the
    /// transition starts):
    /// 1. `b.loadView()`, `b.viewDidLoad()` — only when `b`'s view is not loaded
    /// 2. `a.viewWillDisappear(animated:)` — full-screen styles only
    /// 3. `b.viewWillAppear(animated:)`
    ///
    /// When the animation completes (at once when not animated):
    ///
    /// 4. `b.viewDidAppear(animated:)` — the presented controller's did-callback comes first
    /// 5. `a.viewDidDisappear(animated:)` — full-screen styles only
    /// 6. `a.completion()` — `completion` runs, named after the controller whose call took it
    ///
    /// - Parameters:
    ///   - controller: The controller to present, with its ``modalPresentationStyle`` set.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the presentation has completed; never when the call is refused
    ///     or ignored.
    public func present(_ controller: Controller, animated: Bool, completion: (() -> Void)? = nil) {
        defer { checkInvariants() }
        if let violation = presentViolation(controller) {
            violation.report()
            return
        }
        guard isInVisibleWindow, let window = storedView?.storedWindow else {
            ContractViolation(
                kind: .presentingFromInvalidController, severity: .warning, controllers: [id, controller.id],
                message: "\(id) cannot present \(controller.id): its view is not in a visible window. The call was "
                    + "ignored (UIKit logs the same)."
            ).report()
            return
        }
        let style = controller.presentation.style.resolved
        let presenter = presentingController(for: style)
        guard presenter.presentation.presented == nil else {
            ContractViolation(
                kind: .presentingFromInvalidController, severity: .warning, controllers: [id, controller.id],
                message: "\(presenter.id) cannot present \(controller.id): it presents "
                    + "\(presenter.presentation.presented.map { "\($0.id)" } ?? "a controller") already. The call "
                    + "was ignored (UIKit logs the same)."
            ).report()
            return
        }
        presenter.presentation.presented = controller
        controller.presentation.presenting = presenter
        controller.presentation.presentedStyle = style
        let transition = PresentationTransition(
            presenting: presenter, chain: [controller], caller: self, animated: animated, completion: completion)
        controller.presentation.pendingTransition = transition
        window.requestVisibleTransition(for: transition)
    }

    /// Dismisses what this controller presents, or, when it presents nothing, this controller from
    /// its presenter, as UIKit's `dismiss(animated:completion:)`.
    ///
    /// Dismissing a presenter dismisses every controller presented above it; only the top one
    /// animates. The will-callbacks go to every presented controller that is showing, top down,
    /// then to the presenter if a full-screen presentation had made it disappear; when the
    /// animation completes, the presenter's did-appear comes first, then the presented
    /// controllers' did-disappear, top down (spec §9). The transition runs at the end of the turn,
    /// one visible transition at a time per window; the links are cut when it completes, and the
    /// dismissed controllers are deallocated after `completion`, top down, unless something else
    /// holds them. Off screen (no window, or a hidden one), the links change inside the call, with no
    /// appearance callbacks. Does nothing when there is nothing to dismiss, or while a presentation or
    /// dismissal of the same controller is still waiting for its turn.
    ///
    /// ## Callback order
    ///
    /// `a` having presented `b` full screen, `a.dismiss(animated: true)`; nothing inside the call.
    /// At the end of the turn (the transition starts):
    /// 1. `b.viewWillDisappear(animated: true)`
    /// 2. `a.viewWillAppear(animated: true)` — full-screen styles only
    ///
    /// When the animation completes:
    ///
    /// 3. `a.viewDidAppear(animated: true)` — full-screen styles only
    /// 4. `b.viewDidDisappear(animated: true)`
    /// 5. `a.completion()` — `completion` runs (`b.completion()` when `b.dismiss` took it)
    /// 6. `b.deinit` — when nothing else holds it
    ///
    /// - Parameters:
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the dismissal has completed; never when there is nothing to
    ///     dismiss.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        defer { checkInvariants() }
        let presenter: Controller
        if presentation.presented != nil {
            presenter = self
        } else if let presenting = presentation.presenting {
            presenter = presenting
        } else {
            return
        }
        var chain: [Controller] = []
        var next = presenter.presentation.presented
        while let current = next {
            chain.append(current)
            next = current.presentation.presented
        }
        guard let bottom = chain.first, bottom.presentation.pendingTransition == nil else { return }
        let transition = PresentationTransition(
            presenting: presenter, chain: chain, caller: self, animated: animated, completion: completion,
            dismissing: true)
        bottom.presentation.pendingTransition = transition
        if let window = (chain.last?.storedView ?? presenter.storedView)?.storedWindow, !window.isHidden {
            window.requestVisibleTransition(for: transition)
        } else {
            transition.settleWithoutCallbacks()
        }
    }

    /// Pushes `controller` when this controller is in a navigation controller, presents it
    /// otherwise, as UIKit's `show(_:sender:)`.
    ///
    /// The navigation controller is this controller when it is one, otherwise its nearest
    /// ``navigationController``; the push or the presentation is animated.
    ///
    /// ## Callback order
    ///
    /// That of ``NavigationController/push(_:animated:completion:)``, with `c` the controller shown:
    /// `c.willMove(toParent: nav)` inside the call, the transition at the end of the turn. Or that
    /// of ``present(_:animated:completion:)``: nothing inside the call, the transition at the end
    /// of the turn. Either with `animated: true` and no completion.
    ///
    /// - Parameters:
    ///   - controller: The controller to show.
    ///   - sender: The object that asked; ignored, as UIKit's default implementation does.
    public func show(_ controller: Controller, sender: Any?) {
        if let navigation = (self as? NavigationController) ?? navigationController {
            navigation.push(controller, animated: true)
        } else {
            present(controller, animated: true)
        }
    }

    /// The controller a presentation of `style` made from this one is presented from.
    func presentingController(for style: ModalPresentationStyle) -> Controller {
        var current: Controller = self
        if style.usesPresentationContext {
            while !current.presentation.definesContext, let parent = current.storedParent {
                current = parent
            }
            return current
        }
        while let parent = current.storedParent {
            current = parent
        }
        return current
    }

    private func presentViolation(_ controller: Controller) -> ContractViolation? {
        let reason: String?
        if controller === self {
            reason = "a controller cannot present itself"
        } else if let presenting = controller.presentation.presenting {
            reason = "it is presented by \(presenting.id) already"
        } else if let parent = controller.storedParent {
            reason = "it is a child of \(parent.id)"
        } else if let window = controller.storedView?.superview as? Window, window.rootController === controller {
            reason = "it is the root controller of \(window.windowID)"
        } else if controller.presentation.presented != nil {
            reason = "it presents a controller itself"
        } else {
            reason = nil
        }
        return reason.map {
            ContractViolation(
                kind: .presentingInvalidController, severity: .fault, controllers: [id, controller.id],
                message: "present(\(controller.id)) on \(id) was refused: \($0) (UIKit raises).")
        }
    }
}
