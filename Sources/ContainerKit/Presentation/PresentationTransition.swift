/// A presentation or a dismissal waiting for, or running, its turn in the window (spec §9).
///
/// It holds the controllers involved only while it waits or runs, and lets them go in order
/// when it ends, so a dismissed chain is deallocated top down, after the completion.
@MainActor
final class PresentationTransition: VisibleTransitionHost, PresentationChainTransition {
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
        guard let presenting, !window.isHidden, !chain.isEmpty, isDismissal || isStillPresented else {
            settleWithoutCallbacks()
            done()
            return
        }
        let coordinator = Coordinator(isAnimated: animated, duration: animated ? Self.duration : 0)
        presenting.ownTransitionCoordinator = coordinator
        for controller in chain { controller.ownTransitionCoordinator = coordinator }
        if isDismissal {
            beginDismissal(presenting, in: window)
        } else {
            beginPresentation(presenting, in: window)
        }
        coordinator.runAlongsideAnimations()
        // Holds the window weakly: the engine never keeps a window alive (spec §1).
        let finish: (Bool) -> Void = { [self, weak window] _ in
            if isDismissal { finishDismissal(in: window) } else { finishPresentation(in: window) }
            coordinator.complete(cancelled: false)
            done()
        }
        // Read once the app's code has run: a will-callback that hid the window leaves nothing to
        // animate, and the transition completes inside the call, as on a hidden window.
        let goesOn = !window.isHidden
        if !goesOn { reportWindowHiddenAtStart(presenting, in: window) }
        guard animated, goesOn else {
            finish(true)
            return
        }
        window.animationStarted(
            TransitionAnimation(
                kind: isDismissal ? .dismissal : .presentation, container: presenting, from: isDismissal ? chain : [],
                to: isDismissal ? [] : chain, duration: Self.duration, window: window, completion: finish))
    }

    /// The duration of an animated presentation or dismissal, in seconds.
    static let duration = 0.35

    // MARK: - Presenting

    private func beginPresentation(_ presenting: Controller, in window: Window) {
        guard let presented = chain.first else { return }
        presented.loadViewIfNeeded()
        presented.presentation.chain.presentationBegan()
        if hidesPresenter {
            drive(
                presenting, .begin(appearing: false, animated: animated, timing: .afterWillAppear),
                rule: .presentingWill)
        }
        // The presenter's will-disappear may have hidden the window: then the presented controller
        // does not begin appearing (its view goes in all the same, as on a hidden window).
        if !window.isHidden {
            drive(
                presented, .begin(appearing: true, animated: animated, timing: .afterWillAppear), rule: .presentingWill)
        }
        let view = presented.view
        view.frame = window.bounds
        ViewMove.perform(view, to: window, at: nil, drivesAppearance: false)
    }

    private func finishPresentation(in window: Window?) {
        guard let presented = chain.first, let presenting else { return }
        AppearanceWalk.endIncomingAppearance(
            of: presented, animated: animated, source: .controller(presenting.id), rule: .presentingDid)
        if hidesPresenter {
            drive(presenting, .end(appearing: false), rule: .presentingDid)
            // A presenter brought back meanwhile (a container forwarding appearance by hand began
            // its appearance during the animation, say) disappears again, as its view now leaves.
            if presenting.appearanceState != .disappeared {
                drive(
                    presenting, .begin(appearing: false, animated: animated, timing: .afterWillAppear),
                    rule: .presentingDid)
                drive(presenting, .end(appearing: false), rule: .presentingDid)
            }
            // The presenter's view leaves the window until the dismissal begins (F7).
            if let view = presenting.storedView, let superview = view.superview {
                presenting.presentation.chain.viewHidden(
                    from: superview, at: superview.subviews.firstIndex { $0 === view } ?? 0)
                ViewMove.perform(view, to: nil, at: nil, drivesAppearance: false)
            }
        }
        presented.presentation.chain.presentationEnded()
        clearCoordinators()
        leaveQueue()
        window?.resolveStatusBarAppearance()
        runCompletion()
        self.presenting = nil
        chain.removeAll()
    }

    // MARK: - Dismissing

    private func beginDismissal(_ presenting: Controller, in window: Window) {
        restorePresenterView(drivesAppearance: false)
        for controller in chain.reversed() where controller.appearanceState != .disappeared {
            controller.presentation.chain.dismissalBegan()
            drive(
                controller, .begin(appearing: false, animated: animated, timing: .afterWillAppear),
                rule: .dismissingWill)
        }
        // The presenter appears only where it is visible: its place may have left the visible
        // window meanwhile (its parent's view, say, or a full-screen presentation over its tree).
        if hidesPresenter, presenting.isInVisibleWindow {
            drive(
                presenting, .begin(appearing: true, animated: animated, timing: .afterWillAppear), rule: .dismissingWill
            )
        }
    }

    private func finishDismissal(in window: Window?) {
        guard let presenting else { return }
        if hidesPresenter {
            AppearanceWalk.endIncomingAppearance(
                of: presenting, animated: animated, source: .controller(presenting.id), rule: .dismissingDid)
        }
        for controller in chain.reversed() {
            drive(controller, .end(appearing: false), rule: .dismissingDid)
        }
        unlink()
        leaveQueue()
        window?.resolveStatusBarAppearance()
        runCompletion()
        releaseChainTopDown()
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
                if isStillPresented, let window = presenting?.storedView?.storedWindow {
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

    /// Whether the presentation's links still hold: a dismissal settled off screen before its turn
    /// came has cut them.
    private var isStillPresented: Bool {
        guard let presenting, let presented = chain.first else { return false }
        return presented.presentingController === presenting
    }

    /// Puts the presenter's view back where a full-screen presentation took it from, if that is
    /// still its place: not when the view was put somewhere by hand since, when the presenter has
    /// changed parents (its view belongs in its new parent's view, which puts it there: R6), when
    /// the place is gone (a window whose root it no longer is clears it), or when views moved by
    /// hand since make the move one that would be refused (a cycle, say).
    private func restorePresenterView(drivesAppearance: Bool) {
        guard let presenting, presenting.presentationStorage?.chain.hiddenViewSuperview != nil,
            let view = presenting.storedView, let place = presenting.presentation.chain.hiddenViewPlaceTaken()
        else { return }
        let superview = place.superview
        guard view.superview == nil, ViewMove.fault(moving: view, under: superview) == nil else { return }
        if let parent = presenting.storedParent, superview.nearestOwningController !== parent { return }
        ViewMove.perform(
            view, to: superview, at: min(place.index, superview.subviews.count), drivesAppearance: drivesAppearance)
    }

    /// Cuts the chain's links, then takes its views out. The links go first: taking a view out can
    /// call out (the window's exit of roots whose views were put inside a presented view by hand),
    /// and a callback must find the presenter and the presented agreeing.
    private func unlink() {
        for controller in chain { controller.presentation.chain.dismissed() }
        presenting?.presentation.chain.presentedControllerLeft()
        clearCoordinators()
        for controller in chain {
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
        LifecycleObservation.emit(
            .completion(callerID, finished: nil), source: .controller(callerID),
            rule: isDismissal ? .dismissalCompletion : .presentationCompletion)
        CallbackDelivery.runCompletion(of: self, completion)
    }

    /// Lets go of the dismissed controllers, top first, so they are deallocated top down.
    private func releaseChainTopDown() {
        presenting = nil
        while !chain.isEmpty {
            chain[chain.count - 1].releaseRule = .presentationRelease
            chain.removeLast()
        }
    }

    private func drive(_ controller: Controller, _ step: AppearanceStep, rule: Rule) {
        let source: EventSource = presenting.map { .controller($0.id) } ?? .external
        AppearanceWalk.run(from: controller, step: step, source: source, rule: rule, rootIsManual: false)
    }
}
