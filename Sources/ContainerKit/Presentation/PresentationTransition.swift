/// A presentation or a dismissal waiting for, or running, its turn in the window (spec §9).
///
/// It holds the controllers involved only while it waits or runs, and lets them go in order
/// when it ends, so a dismissed chain is deallocated top down, after the completion.
@MainActor
final class PresentationTransition: VisibleTransitionHost, PresentationChainTransition, PlannedTransition {
    /// The controller the chain is presented from.
    var presenting: Controller?
    /// The presented controllers, bottom first (one for a presentation). A dismissal takes the
    /// controllers presented above ``presenting`` as they are when its turn comes.
    var chain: [Controller]
    /// The controller whose presentation machine keeps this one until it ends.
    private weak var bottom: Controller?
    /// The controller whose call took the completion.
    let callerID: ControllerID
    let animated: Bool
    let completion: (() -> Void)?
    let isDismissal: Bool
    /// Cleared as this transition goes away, for the window's queue (``VisibleTransitionRequest``).
    nonisolated(unsafe) let liveness = Liveness()

    init(
        presenting: Controller, chain: [Controller], caller: Controller, animated: Bool,
        completion: (() -> Void)?, dismissing: Bool = false
    ) {
        self.presenting = presenting
        self.chain = chain
        self.callerID = caller.id
        self.animated = animated
        self.completion = completion
        self.isDismissal = dismissing
        bottom = chain.first
    }

    deinit {
        liveness.isAlive = false
    }

    /// Whether the presenter disappears while the chain is up: the bottom one's style decides.
    private var hidesPresenter: Bool {
        chain.first?.presentationStorage?.chain.presentedStyle?.hidesPresenter ?? false
    }

    func startVisibleTransition(in window: Window, done: VisibleTransitionDone) {
        if isDismissal { chain = presenting?.presentedChain ?? [] }
        // A presentation whose chain was dismissed off screen before its turn came has nothing to show.
        guard DeliveryLoop.verdict(.linked(self, in: window)) == .hold else {
            settleWithoutCallbacks()
            done()
            return
        }
        plan = TransitionPlan(
            kind: isDismissal ? .dismissal : .presentation, animated: animated, duration: Self.duration,
            willOrder: .leavingFirst, didOrder: .comingFirst, skipsDisappearedLeaving: isDismissal,
            loading: isDismissal ? .byTheWalk : .beforeTheWills,
            comingBegins: isDismissal ? .placeInVisibleWindow : .windowNotHidden,
            willRule: isDismissal ? .dismissingWill : .presentingWill,
            didRule: isDismissal ? .dismissingDid : .presentingDid, wait: animated ? .animation : .nothing)
        self.window = window
        TransitionRunner.run(self, in: window, done: done)
    }

    /// The duration of an animated presentation or dismissal, in seconds.
    static let duration = 0.35

    // MARK: - The plan

    /// Set when the transition's turn comes (``startVisibleTransition(in:done:)``).
    private(set) var plan = TransitionPlan(
        kind: .presentation, animated: false, duration: 0, willOrder: .leavingFirst, didOrder: .comingFirst,
        loading: .byTheWalk, comingBegins: .windowNotHidden, willRule: .presentingWill, didRule: .presentingDid,
        wait: .nothing)
    /// The window the transition runs in; held weakly: the engine never keeps a window alive (spec §1).
    private weak var window: Window?
    private var coordinator: Coordinator?
    /// Whether the links were gone by the time the animation completed
    /// (``DeliveryLoop/Premises/unsettled(_:)``): then it sends nothing more.
    private var linksGone = false

    var host: Controller? { presenting }

    /// A presentation takes the presenter out when the presented controller's style hides it; a
    /// dismissal takes the chain out, top first.
    var leaving: TransitionSide {
        if linksGone { return .one(nil) }
        if isDismissal { return .several(chain.reversed()) }
        return .only(hidesPresenter ? presenting : nil)
    }

    /// A presentation brings in the presented controller; a dismissal brings the presenter back
    /// when the chain's style hid it.
    var coming: TransitionSide {
        if linksGone { return .one(nil) }
        if isDismissal { return .only(hidesPresenter ? presenting : nil) }
        return .only(chain.first)
    }

    var source: EventSource { presenting.map { .controller($0.id) } ?? .external }
    var animatedLeaving: [Controller] { isDismissal ? chain : [] }
    var animatedComing: [Controller] { isDismissal ? [] : chain }

    func adopt(_ coordinator: Coordinator) {
        self.coordinator = coordinator
        presenting?.ownTransitionCoordinator = coordinator
        for controller in chain { controller.ownTransitionCoordinator = coordinator }
    }

    func willBeginLeaving(_ controller: Controller) {
        if isDismissal { controller.presentation.chain.dismissalBegan() }
    }

    /// Read once the app's code has run: a will-callback that hid the window leaves nothing to
    /// animate, and the transition completes inside the call, as on a hidden window.
    func willHalfEnded(in window: Window?) -> Window? {
        guard let window else { return nil }
        if DeliveryLoop.verdict(.visible(window)) != .hold, let presenting {
            reportWindowHiddenAtStart(presenting, in: window)
            return nil
        }
        return window
    }

    func endDisappearance(of controller: Controller, source: EventSource) {
        guard !isDismissal, let presenting, controller === presenting else {
            AppearanceWalk.run(
                from: controller, step: .end(appearing: false), source: source, rule: plan.didRule,
                rootIsManual: false)
            return
        }
        // Its view leaves first: it has left in its did-disappear (§3 **[rev 2]**).
        if let view = presenting.storedView, let superview = view.superview {
            presenting.presentation.chain.viewHidden(
                from: superview, at: superview.subviews.firstIndex { $0 === view } ?? 0)
            ViewMove.perform(view, to: nil, at: nil, drivesAppearance: false)
        }
        drive(presenting, .end(appearing: false), rule: .presentingDid)
        AppearanceReconciler.reconcile(
            presenting,
            after: .broughtBackDuringTransition(
                of: presenting, appearing: false, animated: animated, rule: .presentingDid),
            source: .controller(presenting.id))
    }

    /// As the will-callbacks begin, a presentation's machine notes it has begun. After them, the
    /// presented view goes into the window, or a dismissal puts the presenter's view back where a
    /// full-screen presentation took it from: their will-appear came first (§3 **[rev 2]**), unless
    /// the presenter's will-disappear hid the window (the presented view goes in all the same, as
    /// on a hidden window).
    ///
    /// Before the did-callbacks, whether the links are gone (``DeliveryLoop/Premises/unsettled(_:)``):
    /// then the transition sends nothing more but its coordinator's completions. Otherwise a
    /// dismissal takes the chain's views out then, so that they have left in their did-disappear
    /// (§3 **[rev 2]**). At the completion,
    /// the links change (a dismissal cuts them and takes the chain's views out), the completion runs,
    /// and the controllers are let go of (a dismissed chain top down); then the coordinator's
    /// completions run.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksBegin:
            if !isDismissal { planner.then(.commitBegan) }
        case .willCallbacksSent:
            if isDismissal || (window != nil && !chain.isEmpty) { planner.then(.installIncomingViews) }
        case .didCallbacksBegin:
            linksGone = DeliveryLoop.verdict(.unsettled(self)) != .hold
            if isDismissal, !linksGone { planner.then(.uninstallOutgoingViews) }
        case .completion:
            if !linksGone {
                if isDismissal {
                    planner.then(.commitUnlinked)
                    planner.then(.uninstallOutgoingViews)
                } else {
                    planner.then(.commitReachedEnd)
                }
                planner.then(.commitEnded)
                planner.then(.updateStatusBar)
                if completion != nil { planner.then(.runCompletions) }
                planner.then(.letGo)
            }
            planner.then(.completeCoordinator)
            planner.then(.giveSlotBack)
        case .leavingSideEnded: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        switch step {
        case .commitBegan: chain.first?.presentation.chain.presentationBegan()
        case .installIncomingViews:
            if isDismissal {
                restorePresenterView(drivesAppearance: false)
            } else if let window, let presented = chain.first {
                let view = presented.view
                view.frame = window.bounds
                ViewMove.perform(view, to: window, at: nil, drivesAppearance: false)
            }
        case .commitUnlinked: cutLinks()
        case .uninstallOutgoingViews: takeChainViewsOut()
        case .commitReachedEnd:
            chain.first?.presentation.chain.presentationEnded()
            clearCoordinators()
        case .commitEnded: leaveQueue()
        case .updateStatusBar: window?.resolveStatusBarAppearance()
        case .runCompletions: runCompletion()
        case .letGo:
            if isDismissal {
                releaseChainTopDown()
            } else {
                presenting = nil
                chain.removeAll()
            }
        case .completeCoordinator:
            coordinator?.complete(cancelled: false)
            coordinator = nil
        default: assertionFailure("\(step) is not a step of a presentation or a dismissal")
        }
    }

    /// Off screen, or on a hidden window: the links change with no appearance callbacks.
    func settleWithoutCallbacks() {
        if isDismissal {
            chain = presenting?.presentedChain ?? []
            // No transition to run: a presenter whose place is in a visible window appears as any
            // view entering one does (F2); elsewhere nothing fires.
            restorePresenterView(drivesAppearance: true)
            unlink()
            leaveQueue()
            runCompletion()
            releaseChainTopDown()
        } else {
            // Loading the presented view runs the app's code, which may show the window or move the
            // presenter: the place is read again after it, and a view that enters a visible window
            // then appears as any view entering one does (F2).
            if isStillPresented, let presented = chain.first, presenting?.storedView?.storedWindow != nil {
                let view = presented.view
                if DeliveryLoop.verdict(.linked(self, in: nil)) == .hold,
                    let window = presenting?.storedView?.storedWindow
                {
                    ViewMove.perform(view, to: window, at: nil, drivesAppearance: true)
                }
            }
            leaveQueue()
            runCompletion()
            presenting = nil
            chain.removeAll()
        }
    }

    // MARK: - Parts

    /// Reports that a callback the transition sent as it started hid `window`: the transition
    /// completes inside the call, and the controller it brings in ends disappeared.
    private func reportWindowHiddenAtStart(_ presenting: Controller, in window: Window) {
        let call = isDismissal ? "The dismissal" : "The presentation"
        ContractViolation(
            kind: .invalidTransition, severity: .warning, controllers: [presenting.id] + chain.map(\.id),
            message: "\(call) from \(presenting.id): \(window.windowID) was hidden inside the callbacks the transition "
                + "sends as it starts; the transition completed inside the call, as on a hidden window, and the "
                + "controller it brings in ends disappeared."
        ).report()
    }

    /// Whether the links the transition changes still hold: it has a presenter and a chain, and a
    /// presentation's chain is still presented by it (a dismissal settled off screen before its
    /// turn came has cut them).
    var linksHold: Bool { presenting != nil && !chain.isEmpty && (isDismissal || isStillPresented) }

    /// Whether the chain's bottom is still presented by ``presenting``.
    private var isStillPresented: Bool {
        guard let presenting, let presented = chain.first else { return false }
        return presented.presentingController === presenting
    }

    /// Puts the presenter's view back where a full-screen presentation took it from, if the place
    /// is not gone (a window whose root it no longer is clears it) and is still the view's
    /// (``DeliveryLoop/Premises/placeFree(_:in:)``).
    private func restorePresenterView(drivesAppearance: Bool) {
        guard let presenting, presenting.presentationStorage?.chain.hiddenViewSuperview != nil,
            let view = presenting.storedView, let place = presenting.presentation.chain.hiddenViewPlaceTaken()
        else { return }
        let superview = place.superview
        guard DeliveryLoop.verdict(.placeFree(presenting, in: superview)) == .hold else { return }
        ViewMove.perform(
            view, to: superview, at: min(place.index, superview.subviews.count), drivesAppearance: drivesAppearance)
    }

    /// Cuts the chain's links, then takes its views out. The links go first: taking a view out can
    /// call out (the window's exit of roots whose views were put inside a presented view by hand),
    /// and a callback must find the presenter and the presented agreeing.
    private func unlink() {
        cutLinks()
        takeChainViewsOut()
    }

    private func cutLinks() {
        for controller in chain { controller.presentation.chain.dismissed() }
        presenting?.presentation.chain.presentedControllerLeft()
        clearCoordinators()
    }

    private func takeChainViewsOut() {
        DeliveryLoop.runListed(.takeViewOut, for: chain) { controller in
            if let view = controller.storedView, view.superview != nil {
                ViewMove.perform(view, to: nil, at: nil, drivesAppearance: false)
            }
        }
    }

    /// The transition has ended: its bottom controller stops keeping it (a dismissal asked for from
    /// here on is not waiting behind it).
    private func leaveQueue() {
        bottom?.presentation.chain.transitionEnded(self)
        bottom = nil
    }

    private func clearCoordinators() {
        presenting?.ownTransitionCoordinator = nil
        for controller in chain { controller.ownTransitionCoordinator = nil }
    }

    private func runCompletion() {
        guard let completion else { return }
        DeliveryLoop.deliver(
            BlockStep.presentationCompletion(self, completion), source: .controller(callerID),
            rule: isDismissal ? .dismissalCompletion : .presentationCompletion)
    }

    /// Lets go of the dismissed controllers, top first, so they are deallocated top down.
    ///
    /// Each is held by its step on the loop's agenda alone once the chain is let go of, and
    /// deallocated right after its step, unless something else holds it.
    private func releaseChainTopDown() {
        presenting = nil
        var topDown: [Controller] = []
        swap(&topDown, &chain)
        topDown.reverse()
        DeliveryLoop.runListed(.letGo, releasingEach: consume topDown) { controller in
            controller.releaseRule = .presentationRelease
        }
    }

    private func drive(_ controller: Controller, _ step: AppearanceStep, rule: Rule) {
        let source: EventSource = presenting.map { .controller($0.id) } ?? .external
        AppearanceWalk.run(from: controller, step: step, source: source, rule: rule, rootIsManual: false)
    }
}
