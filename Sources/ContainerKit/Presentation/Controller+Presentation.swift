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
    /// controller's tree. The links change inside the call; the transition runs at the end of the
    /// turn, one visible transition at a time per window.
    ///
    /// **Callback order** (full screen, `a` presenting `b`):
    /// ```
    /// -- end of turn
    /// b.loadView()
    /// b.viewDidLoad()
    /// a.viewWillDisappear(animated: true)
    /// b.viewWillAppear(animated: true)
    /// -- the animation completes
    /// b.viewDidAppear(animated: true)
    /// a.viewDidDisappear(animated: true)
    /// a.completion()
    /// ```
    /// With a sheet or an "over" style, the presenter gets no appearance callbacks at all.
    ///
    /// Refused (a fault): a controller that is presented already or has a parent. Ignored (a
    /// warning): presenting from a controller whose view is not in a visible window, or whose
    /// presenting controller presents already.
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
    /// its presenter, as UIKit's `dismiss(animated:completion:)`. Dismissing a presenter dismisses
    /// every controller presented above it; only the top one animates.
    ///
    /// **Callback order** (full screen, `a` presented `b`):
    /// ```
    /// -- end of turn
    /// b.viewWillDisappear(animated: true)
    /// a.viewWillAppear(animated: true)
    /// -- the animation completes
    /// a.viewDidAppear(animated: true)
    /// b.viewDidDisappear(animated: true)
    /// a.completion()
    /// b.deinit                                      (when nothing else holds it)
    /// ```
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
