extension Controller {
    /// How this controller is presented: set it before `present`. `.automatic` (the default)
    /// resolves to `.pageSheet`.
    public var modalPresentationStyle: ModalPresentationStyle {
        get { presentationStorage?.style ?? .automatic }
        set { presentation.style = newValue }
    }

    /// Whether this controller's area is the context for `.currentContext` and
    /// `.overCurrentContext` presentations made from it or its descendants.
    public var definesPresentationContext: Bool {
        get { presentationStorage?.definesContext ?? false }
        set { presentation.definesContext = newValue }
    }

    /// Whether a sheet showing this controller refuses to be pulled down.
    public var isModalInPresentation: Bool {
        get { presentationStorage?.isModal ?? false }
        set { presentation.isModal = newValue }
    }

    /// Told about pull-down gestures on the sheet showing this controller. Weak.
    public var presentationDelegate: (any PresentationDelegate)? {
        get { presentationStorage?.delegate }
        set { presentation.delegate = newValue }
    }

    /// The controller this one presents, if any.
    public var presentedController: Controller? { presentationStorage?.chain.presented }

    /// The controller that presents this one, if any.
    public var presentingController: Controller? { presentationStorage?.chain.presenting }

    /// True inside this controller's appearance callbacks of the transition that presents it.
    public var isBeingPresented: Bool {
        presentationStorage?.chain.phase == .presenting && deliveringAppearance != nil
    }

    /// True inside this controller's appearance callbacks of the transition that dismisses it.
    public var isBeingDismissed: Bool {
        presentationStorage?.chain.isDismissing == true && deliveringAppearance != nil
    }

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
    /// window's root, presents a controller itself, or is this controller or above it (an ancestor,
    /// or through presenting controllers); one that waits to join a navigation stack, pushed during
    /// that navigation controller's interactive pop (R9). Ignored (a warning, nothing fires):
    /// presenting from a controller whose view is not in a visible window, or whose presenting
    /// controller presents already, is being dismissed (a dismissal of it waits for its turn or
    /// runs, or its sheet is being pulled down), or has its view out of a visible window (an
    /// ancestor of the caller whose view is elsewhere). Carried out with a warning: presenting from a detached tree, whose root is
    /// neither a window's root controller nor presented (its view was put in the window by hand).
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
        let call = Planning.enter(LifecycleCall(self, "present", (nil, .of(controller)), ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        defer { checkInvariants() }
        if let violation = presentViolation(controller) {
            violation.report()
            return
        }
        guard isInVisibleWindow else {
            ContractViolation(
                kind: .presentingFromInvalidController, severity: .warning, controllers: [id, controller.id],
                message: "\(id) cannot present \(controller.id): its view is not in a visible window. The call was "
                    + "ignored (UIKit logs the same)."
            ).report()
            return
        }
        let style = controller.modalPresentationStyle.resolved
        let presenter = presentingController(for: style)
        guard presenter.presentedController == nil else {
            ContractViolation(
                kind: .presentingFromInvalidController, severity: .warning, controllers: [id, controller.id],
                message: "\(presenter.id) cannot present \(controller.id): it presents "
                    + "\(presenter.presentedController.map { "\($0.id)" } ?? "a controller") already. The call "
                    + "was ignored (UIKit logs the same)."
            ).report()
            return
        }
        guard !presenter.isBeingTakenAwayByDismissal else {
            ContractViolation(
                kind: .presentingFromInvalidController, severity: .warning, controllers: [id, controller.id],
                message: "\(presenter.id) cannot present \(controller.id): \(presenter.id) is being dismissed (a "
                    + "dismissal of it waits for its turn or runs, or its sheet is being pulled down). The call was ignored (UIKit logs \"Attempt to "
                    + "present … while a presentation is in progress\")."
            ).report()
            return
        }
        // The presenter's view is where the presented view goes over (and, for a full-screen style,
        // what leaves the window): the caller's view in a visible window is not enough when the
        // presenter is an ancestor whose view is elsewhere (R6 lets a child's view sit outside it).
        guard presenter.isInVisibleWindow, let window = presenter.storedView?.storedWindow else {
            ContractViolation(
                kind: .presentingFromInvalidController, severity: .warning,
                controllers: [id, controller.id, presenter.id],
                message: "\(id) cannot present \(controller.id): it would be presented from \(presenter.id), whose "
                    + "view is not in a visible window; a presentation covers its presenting controller, the root of "
                    + "the caller's tree or the nearest controller defining the presentation context (§9). The call "
                    + "was ignored (UIKit logs \"Attempt to present … whose view is not in the window hierarchy\")."
            ).report()
            return
        }
        let root = presenter.rootOfControllerTree
        let detached: ContractViolation? =
            if root.presentingController == nil,
                (root.storedView?.superview as? Window)?.storedRootController !== root
            {
                ContractViolation(
                    kind: .presentingFromDetachedController, severity: .warning, controllers: [id, controller.id],
                    message: "\(id) presents \(controller.id) from \(presenter.id), whose tree is detached: its root, "
                        + "\(root.id), is neither a window's root controller nor presented. The presentation was "
                        + "carried out (UIKit logs \"Presenting view controllers on detached view controllers is "
                        + "discouraged\")."
                )
            } else {
                nil
            }
        let transition = PresentationTransition(
            presenting: presenter, chain: [controller], caller: self, animated: animated, completion: completion)
        // `presentViolation` and the guards above have just checked both, and no code of the app has
        // run since: the warning on a detached tree, whose handler may, is reported once the links
        // are made.
        try! presenter.presentation.chain.beganPresenting(controller)
        try! controller.presentation.chain.presentationRequested(by: presenter, style: style, transition: transition)
        detached?.report()
        window.requestVisibleTransition(for: transition)
    }

    /// Dismisses what this controller presents, or, when it presents nothing, this controller from
    /// its presenter, as UIKit's `dismiss(animated:completion:)`.
    ///
    /// Dismissing a presenter dismisses every controller presented above it; only the top one
    /// animates. The will-callbacks go to every presented controller that is showing, top down,
    /// then to the presenter if a full-screen presentation had made it disappear and its view comes
    /// back into the visible window; when the animation completes, the presenter's did-appear comes
    /// first, then the presented controllers' did-disappear, top down (spec §9). The presenter's
    /// view comes back only to the place it left, if that is still its place: not when it was put
    /// somewhere by hand since, the presenter has changed parents, or it is no longer the root of
    /// the window it left. The transition runs at the end of the turn, one visible transition at a
    /// time per window; the links are cut when it completes, and the dismissed controllers are
    /// deallocated after `completion`, top down, unless something else holds them. Off screen (the
    /// top presented view, or if it is in no window the presenter's place, in no window or a hidden
    /// one), the links change inside the call, with no appearance callbacks (but for a presenter
    /// whose view comes back into a visible window: it appears as any view entering one, F2), unless
    /// a transition of the chain is still waiting for its turn in the window. Does nothing when
    /// there is nothing to dismiss.
    ///
    /// A dismissal asked for while a presentation of the chain (or a dismissal of part of it, asked
    /// for from a controller higher up) waits for its turn or runs waits behind it, as every
    /// visible transition does (spec §1), and dismisses what the presenter presents when its own
    /// turn comes: `a.present(b, animated: true); a.dismiss(animated: true)` presents `b`, then
    /// dismisses it, and the completion runs after the dismissal. Ignored with a warning
    /// (``ContractViolation/Kind/dismissingDuringDismissal``; UIKit logs "Attempt to dismiss from
    /// view controller … while a presentation or dismiss is in progress"): a dismissal of
    /// controllers that are being dismissed already, by a dismissal that waits for its turn or
    /// runs, or by a sheet being pulled down. Its `completion` never runs; the dismissal under way
    /// runs its own.
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
    ///     dismiss, or when the call is ignored because the controllers are being dismissed already.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let call = Planning.enter(LifecycleCall(self, "dismiss", ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        requestDismissal(animated: animated, completion: completion)
    }

    /// ``dismiss(animated:completion:)``; returns false when there was nothing to dismiss or the
    /// call was ignored: then `completion` never runs.
    @discardableResult
    func requestDismissal(animated: Bool, completion: (() -> Void)?) -> Bool {
        defer { checkInvariants() }
        let presenter: Controller
        if presentedController != nil {
            presenter = self
        } else if let presenting = presentingController {
            presenter = presenting
        } else {
            return false
        }
        let chain = presenter.presentedChain
        guard let bottom = chain.first else { return false }
        if bottom.isBeingTakenAwayByDismissal {
            ContractViolation(
                kind: .dismissingDuringDismissal, severity: .warning,
                controllers: bottom === self ? [id] : [id, bottom.id],
                message: "dismiss(animated:) on \(id) was ignored: \(bottom.id) is being dismissed already (a "
                    + "dismissal waits for its turn or runs, or the sheet is being pulled down), and one dismissal "
                    + "takes a controller away once (UIKit logs \"Attempt to dismiss from view controller … while a "
                    + "presentation or dismiss is in progress\"). Its completion will not run."
            ).report()
            return false
        }
        // Behind a transition of the chain still waiting for its turn, even in a hidden window: the
        // window keeps the order (spec §1).
        let waitsBehind = chain.contains { $0.presentationStorage?.chain.transitions.isEmpty == false }
        let transition = PresentationTransition(
            presenting: presenter, chain: chain, caller: self, animated: animated, completion: completion,
            dismissing: true)
        // `isBeingTakenAwayByDismissal` has just checked it: `bottom` is presented (by `presenter`),
        // and no dismissal takes it away.
        try! bottom.presentation.chain.dismissalRequested(transition)
        // The window showing the chain, or, when its top view is in none (moved out by hand, or not
        // presented yet), the one holding the presenter or the place its view comes back to.
        let presenterPlace: View? =
            presenter.storedView?.superview == nil
            ? presenter.presentationStorage?.chain.hiddenViewSuperview : presenter.storedView
        if let window = chain.last?.storedView?.storedWindow ?? presenterPlace?.storedWindow,
            waitsBehind || !window.isHidden
        {
            window.requestVisibleTransition(for: transition)
        } else {
            transition.settleWithoutCallbacks()
        }
        return true
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
        let call = Planning.enter(LifecycleCall(self, "show", (nil, .of(controller)), ("sender", .value("…"))))
        defer { Planning.leave(call) }
        if let navigation = (self as? NavigationController) ?? navigationController {
            navigation.push(controller, animated: true)
        } else {
            present(controller, animated: true)
        }
    }

    /// The controllers presented above this one, bottom first.
    var presentedChain: [Controller] {
        var chain: [Controller] = []
        var next = presentedController
        while let current = next {
            chain.append(current)
            next = current.presentedController
        }
        return chain
    }

    /// Whether a dismissal under way takes this controller away: one of the root of its tree, or of
    /// a controller that tree is presented over, that waits for its turn or runs, or a sheet being
    /// pulled down.
    var isBeingTakenAwayByDismissal: Bool {
        var current: Controller? = self
        while let controller = current {
            let root = controller.rootOfControllerTree
            guard let state = root.presentationStorage, let presenting = state.chain.presenting else { return false }
            if state.chain.isDismissalUnderWay { return true }
            current = presenting
        }
        return false
    }

    /// The controller a presentation of `style` made from this one is presented from.
    func presentingController(for style: ModalPresentationStyle) -> Controller {
        var current: Controller = self
        if style.usesPresentationContext {
            while !current.definesPresentationContext, let parent = current.storedParent {
                current = parent
            }
            return current
        }
        return rootOfControllerTree
    }

    /// The top of this controller's tree: the ancestor with no parent (this controller when it has
    /// none).
    var rootOfControllerTree: Controller {
        var current: Controller = self
        while let parent = current.storedParent {
            current = parent
        }
        return current
    }

    private func presentViolation(_ controller: Controller) -> ContractViolation? {
        if controller !== self, let waiting = controller.pendingMembershipConflict() {
            return ContractViolation(
                kind: .presentingInvalidController, severity: .fault, controllers: [id, controller.id],
                message: "present(\(controller.id)) on \(id) was refused: \(waiting).")
        }
        let reason: String?
        if controller === self {
            reason = "a controller cannot present itself"
        } else if let presenting = controller.presentingController {
            reason = "it is presented by \(presenting.id) already"
        } else if let parent = controller.storedParent {
            reason = "it is a child of \(parent.id)"
        } else if let joining = controller.joiningParent {
            reason = "it is joining \(joining): its willMove(toParent: \(joining)) is running"
        } else if let window = controller.storedView?.superview as? Window, window.rootController === controller {
            reason = "it is the root controller of \(window.windowID)"
        } else if controller.presentedController != nil {
            reason = "it presents a controller itself"
        } else if isSelfOrBelow(controller) {
            reason = "it is above \(id), through parents and presenting controllers (an active controller)"
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
