/// The appearance steps: the loop commits each through the controller's appearance state machine
/// (spec §3), then sends the callbacks the machine names.
///
/// Nothing else sends an appearance callback: the delivery below is private to this file, so a
/// callback can never go out without the state change it reports, nor a change be committed
/// without its callback. What plans the steps (the appearance walk, the tab switch's layout pass)
/// decides which controllers take them and in what order; the loop decides what each one does.
extension DeliveryLoop {
    /// Takes `step` on `controller`: commits it through the controller's appearance machine, then
    /// sends the callbacks the machine's answer names. Returns the step the controller's children
    /// take (F1), or nil when none does: a manual call that was unbalanced (reported, nothing
    /// fired), or an end whose `viewIsAppearing(_:)` moved the controller on.
    ///
    /// A controller whose `viewDidAppear(_:)` or `viewDidDisappear(_:)` this sends gets UIKit's
    /// repeated `didMove(toParent:)` right after it, before its children's callbacks, when one is
    /// due (R7 **[rev 2]**, ``sendDidCallback(to:appearing:animated:drivesOwnChildren:source:rule:)``).
    ///
    /// With `manual`, the step is `beginAppearanceTransition` / `endAppearanceTransition` called by
    /// hand (the table of §3, unbalanced cells reported); otherwise it is driven, and a controller
    /// already in or moving to the target state is skipped (F3).
    ///
    /// A `viewIsAppearing(_:)` that follows another callback of the same appearance (right after
    /// `viewWillAppear(_:)`, or right before `viewDidAppear(_:)`) runs only while the premises of
    /// that appearance hold (``Premises/transition(of:epoch:state:)``): the first callback may have
    /// moved the controller on.
    ///
    /// With `deferringEndTo`, a window the controller's view is leaving while it stays visible, a
    /// disappearance this begins has its end queued there for the end of the turn, before its
    /// `viewWillDisappear(_:)` runs (§1, §2.2 **[rev 2]**, ``DisappearanceCompletion``).
    static func take(
        _ step: AppearanceStep, on controller: Controller, source: CallbackSource, rule: Rule, manual: Bool,
        deferringEndTo window: Window? = nil
    ) -> AppearanceStep? {
        // A built-in container forwards from inside its own callbacks (F6): it takes the step
        // its children get from here.
        let drivesOwnChildren = controller.asContainer?.appearanceForwarding == .containerDriven
        defer { if drivesOwnChildren { controller.drivenStep = nil } }
        switch step {
        case .begin(let appearing, let animated):
            if appearing, controller.storedView == nil, controller.appearanceState == .disappeared {
                controller.loadViewIfNeeded()
            }
            let action =
                manual
                ? controller.appearance.begin(appearing: appearing, animated: animated)
                : controller.appearance.drive(appearing: appearing, animated: animated)
            switch action {
            // Its viewIsAppearing comes later: in a layout pass, or before its viewDidAppear (§1, §3).
            case .callViewWillAppear(let animated):
                if drivesOwnChildren { controller.drivenStep = step }
                controller.deliverAppearance(.willAppear, animated: animated, source: source, rule: rule)
            case .callViewWillDisappear(let animated):
                if let window { queueEnd(of: controller, in: window) }
                if drivesOwnChildren { controller.drivenStep = step }
                // A built-in container forwards from its own callback (F6): the children it shows
                // have their ends queued where its own is, or nowhere; a will-disappear that defers
                // nothing, nested in one that does (a hide inside a container's exit), must not pass
                // the outer window on.
                let saved = deferringContainer
                deferringContainer =
                    switch window {
                    case let window? where drivesOwnChildren:
                        (Unmanaged.passUnretained(controller), Unmanaged.passUnretained(window))
                    case _?, nil: nil
                    }
                controller.deliverAppearance(.willDisappear, animated: animated, source: source, rule: rule)
                deferringContainer = saved
            case .skip:
                break
            case .reportUnbalanced(let state):
                reportUnbalanced(
                    controller, call: "beginAppearanceTransition(\(appearing), animated: \(animated))", state)
                return nil
            }
            return step
        case .end(let appearing):
            // An appearance this step ends that has not had its viewIsAppearing (a transition whose
            // did-callbacks come at once, a manual begin and end, a tree no layout pass reached)
            // gets it first, while it is still open (§3).
            // Its viewIsAppearing moved it on (its view left the window, say): this appearance is
            // over, and neither it nor its children get its did-callback.
            if appearing != false, controller.appearance.awaitsViewIsAppearing,
                !sendViewIsAppearing(to: controller, source: source, rule: .viewIsAppearingBeforeDidAppear)
            {
                return nil
            }
            let action =
                manual || appearing == nil
                ? controller.appearance.end()
                : controller.appearance.driveEnd(appearing: appearing ?? true)
            switch action {
            case .callViewDidAppear(let animated, _):
                return sendDidCallback(
                    to: controller, appearing: true, animated: animated, drivesOwnChildren: drivesOwnChildren,
                    source: source, rule: rule)
            case .callViewDidDisappear(let animated):
                return sendDidCallback(
                    to: controller, appearing: false, animated: animated, drivesOwnChildren: drivesOwnChildren,
                    source: source, rule: rule)
            case .skip:
                return step
            case .reportUnbalanced(let state):
                reportUnbalanced(controller, call: "endAppearanceTransition()", state)
                return nil
            }
        }
    }

    /// The built-in container whose `viewWillDisappear(_:)` is being delivered for a view's exit
    /// from a visible window, and that window: the container's forwarding to the children it shows
    /// (F6) queues their ends there too (``deferredEndWindow(forwardedBy:)``).
    @exclusivity(unchecked) private static var deferringContainer: (Unmanaged<Controller>, Unmanaged<Window>)?

    /// The window where the children `container` forwards its will-disappear to have their ends
    /// queued, when that will-disappear came from a view's exit from a visible window.
    static func deferredEndWindow(forwardedBy container: Controller) -> Window? {
        guard let (owner, window) = deferringContainer,
            owner.toOpaque() == Unmanaged.passUnretained(container).toOpaque()
        else { return nil }
        return window.takeUnretainedValue()
    }

    /// Queues in `window` the end of the disappearance `controller` has just begun, and marks it
    /// queued, so that nothing else ends it at once (``AppearanceReconciler``).
    @inline(never)
    private static func queueEnd(of controller: Controller, in window: Window) {
        // Straight to the storage: the state stays out of disappeared (``Controller/appearance``).
        controller.appearanceStorage.noteEndQueued()
        window.enqueueDisappearanceCompletion(of: controller)
    }

    /// Queues in `window` the end of `root`'s disappearance if one is open with nothing queued to
    /// end it: a driving root of a view that left `window`, which the exit's begin step skipped
    /// (F3) because something else had begun its disappearance.
    static func queueEndIfOpen(of root: Controller, in window: Window) {
        guard root.appearanceState == .disappearing, !root.appearance.endIsQueued else { return }
        queueEnd(of: root, in: window)
    }

    /// Sends the did-callback that ends `controller`'s appearance transition toward `appearing`,
    /// the machine's end committed already; returns the step its children take. UIKit's repeated
    /// `didMove(toParent:)` follows when it was due as the callback began and still is once it
    /// returns (R7 **[rev 2]**): one the callback itself made due waits for the did-callback of the
    /// appearance it began.
    @inline(__always)
    private static func sendDidCallback(
        to controller: Controller, appearing: Bool, animated: Bool, drivesOwnChildren: Bool,
        source: CallbackSource, rule: Rule
    ) -> AppearanceStep {
        let ended = AppearanceStep.end(appearing: appearing)
        if drivesOwnChildren { controller.drivenStep = ended }
        let repeatDue = controller.containment.awaitsRepeatedDidMove
        controller.deliverAppearance(
            appearing ? .didAppear : .didDisappear, animated: animated, source: source, rule: rule)
        if repeatDue, controller.containment.awaitsRepeatedDidMove { repeatDidMove(of: controller) }
        return ended
    }

    /// Sends the `viewIsAppearing(_:)` of a layout pass (§1, §3 **[rev 2]**) to `controller`, whose
    /// open appearance awaits it: commits that it was sent, then sends it. Returns whether the
    /// appearance's premises still hold once it returns: a controller its callback moved on
    /// forwards the pass no further. It carries the flag its appearance began with. An end step
    /// sends it this way too, to an appearance no pass reached, right before `viewDidAppear(_:)`.
    static func sendViewIsAppearing(to controller: Controller, source: CallbackSource, rule: Rule) -> Bool {
        let premises = Premises.transition(of: controller, epoch: controller.appearance.epoch, state: .appearing)
        let animated = controller.appearance.openTransitionIsAnimated ?? false
        controller.appearance.noteViewIsAppearingSent()
        controller.deliverAppearance(.isAppearing, animated: animated, source: source, rule: rule)
        return verdict(premises) == .hold
    }

    private static func reportUnbalanced(_ controller: Controller, call: String, _ state: AppearanceState) {
        ContractViolation(
            kind: .unbalancedAppearanceTransition, severity: .warning, controllers: [controller.id],
            message: "Unbalanced calls to begin/end appearance transitions for \(controller.id): \(call) while "
                + "\(state); see the appearance state machine (§3). Nothing was fired and the state is unchanged."
        ).report()
    }
}

extension Controller {
    /// Delivers an appearance callback: reports the event, runs the override, and checks that it
    /// reached `super`. Private to this file: only ``DeliveryLoop/take(_:on:source:rule:manual:)``
    /// and the layout pass, which commit the change first, send one.
    fileprivate func deliverAppearance(
        _ callback: AppearanceCallback, animated: Bool, source: CallbackSource, rule: Rule
    ) {
        noteAppearanceCallback()
        let event = callback.superCall
        let savedSuper = awaitingSuper
        let savedAppearance = deliveringAppearance
        awaitingSuper = event
        deliveringAppearance = callback
        DeliveryLoop.deliver(
            ControllerStep.appearance(self, callback, animated: animated), source: source.eventSource, rule: rule)
        checkSuperReached(event)
        awaitingSuper = savedSuper
        deliveringAppearance = savedAppearance
    }
}
