import ContainerKit
import ContainerKitTesting

/// An operation resolved against the world, ready to run.
struct PreparedStep {
    /// What runs, in the words of the API: `nav.push(f, animated: true)`.
    let label: String
    /// One public call: if it is refused (a fault), it must have changed nothing and fired nothing.
    var isSingleCall = true
    /// A call the spec says changes nothing whatever happens (a warning the state ignores).
    var mustChangeNothing = false
    /// No armed hook fires during the step (see ``RandomWorld/hooksMayFire``).
    var firesNoHooks = false
    /// What the guards of known engine bugs look at (see KnownEngineBugs.swift).
    var facts = StepFacts()
    /// The call is a request to the navigation controller.
    var isNavigationRequest: Bool { facts.container is NavigationController }
    let run: () -> Void
}

/// What a step does, as far as the guards of known engine bugs need to know.
struct StepFacts {
    /// The container the call acts on, or gives controllers to.
    var container: ContainerController?
    /// The controllers the call gives to `container` (or that a built-in container is asked to show).
    var adopting: [Controller] = []
    /// A controller the call takes out of its parent by hand (`removeFromParent`, or `addChild`
    /// re-parenting it).
    var removing: Controller?
    /// A controller given, by hand, a containment call its state may accept:
    /// `willMove(toParent: nil)`, or `didMove(toParent:)` with a parent.
    var movedByHand: Controller?
    /// The view a move by hand puts somewhere, and where.
    var viewMove: (view: View, superview: View?)?
    /// The call starts an animated `transition(from:to:…)`.
    var startsAnimatedContainerTransition = false
    /// The outgoing controller of a `transition(from:to:…)` the call starts.
    var transitionFrom: Controller?
    /// The call presents `presented` from `caller`, with `style`.
    var presentation: (presented: Controller, caller: Controller, style: ModalPresentationStyle)?
    /// The call asks the navigation controller for an empty stack.
    var emptiesStack = false
    /// The call dismisses from this controller.
    var dismissing: Controller?
}

extension RandomWorld {
    // MARK: - Resolving names

    func resolve(_ pick: Pick, in container: ContainerController? = nil) -> Controller? {
        func nth(_ candidates: [Controller], _ n: Int) -> Controller? {
            candidates.isEmpty ? nil : candidates[n % candidates.count]
        }
        switch pick {
        case .index(let n):
            return controllers[n % controllers.count]
        case .free(let n):
            return nth(freeControllers.map { controllers[$0] }, n)
        case .child(let n):
            return nth(container?.children ?? controllers.filter { $0.parent != nil }, n)
        case .presented(let n):
            return nth(controllers.filter { $0.presentingController != nil }, n)
        case .visible(let n):
            return nth(controllers.filter(isInVisibleWindow), n)
        }
    }

    /// The view `pick` names, loading a controller's view if needed, and its name.
    func resolve(_ pick: ViewPick) -> (view: View, name: String)? {
        switch pick {
        case .rootView(let controllerPick):
            guard let controller = resolve(controllerPick) else { return nil }
            return (controller.view, "\(controller.id).view")
        case .plain(let n):
            let view = plainViews[n % plainViews.count]
            return (view, view.name ?? "plain view")
        case .window:
            return (window, "window")
        }
    }

    func container(_ n: Int) -> ContainerController {
        controllers[Self.containers[n % Self.containers.count]] as! ContainerController
    }

    func custom(_ n: Int) -> ContainerController {
        controllers[Self.customContainers[n % Self.customContainers.count]] as! ContainerController
    }

    static let presentationStyles: [ModalPresentationStyle] = [
        .automatic, .fullScreen, .pageSheet, .formSheet, .overFullScreen, .currentContext, .overCurrentContext,
    ]

    /// Whether `begin`/`end` would hit an *unbalanced* cell of §3 from `state` (`appearing` nil: end).
    static func isUnbalanced(_ state: AppearanceState, appearing: Bool?) -> Bool {
        switch (state, appearing) {
        case (.disappeared, true), (.disappearing, true), (.appearing, false), (.appeared, false),
            (.appearing, nil), (.disappearing, nil):
            return false
        case (.disappeared, _), (.appearing, _), (.appeared, _), (.disappearing, _):
            return true
        }
    }

    var openGestures: [Gesture] { gestures.filter { $0.handle.state == .interacting } }

    func begin(_ kind: Gesture.Kind, _ start: () -> InteractiveTransition?) {
        if let handle = start() { gestures.append(Gesture(kind: kind, handle: handle)) }
    }

    // MARK: - Preparing

    /// Resolves `operation`; nil when it names nothing that exists now, or reaches a known engine
    /// bug (it is skipped).
    func prepare(_ operation: Operation) -> PreparedStep? {
        skipReason = "it names nothing that exists now"
        guard let step = resolveStep(operation) else { return nil }
        if let bug = knownBug(reachedBy: step, operation) {
            guardedSkips[bug, default: 0] += 1
            skipReason = "\(step.label) would reach engine bug \(bug)"
            return nil
        }
        return step
    }

    private func resolveStep(_ operation: Operation) -> PreparedStep? {
        switch operation {
        case .addChild, .removeFromParent, .willMove, .didMove, .embed, .unembed, .transition, .swapChild:
            return prepareContainment(operation)
        case .addSubview, .insertSubview, .removeFromSuperview:
            return prepareViewMove(operation)
        case .push, .pop, .popToRoot, .popTo, .setStack, .beginInteractivePop, .selectTab, .userSelect, .setTabs,
            .setPages, .beginPaging:
            return prepareBuiltIn(operation)
        case .present, .dismiss, .beginInteractiveDismissal:
            return preparePresentation(operation)
        case .beginAppearance, .endAppearance, .bounceAppearance, .callAppearanceCallbackDirectly:
            return prepareAppearance(operation)
        case .showWindow, .hideWindow, .resizeWindow, .setRoot, .runUntilIdle, .settle, .finishAnimation,
            .cutShortAnimation, .updateGesture, .finishGesture, .cancelGesture, .driverCancelGesture:
            return prepareWindow(operation)
        case .dropWindow(let showNew):
            return PreparedStep(
                label: "drop the window; a new one takes its root\(showNew ? " and is shown" : "")", isSingleCall: false
            ) { [unowned self] in dropWindow(showingNew: showNew) }
        case .reenter:
            return prepareReentry(operation)
        }
    }

    private func prepareContainment(_ operation: Operation) -> PreparedStep? {
        switch operation {
        case .addChild(let n, let pick):
            let parent = container(n)
            guard let child = resolve(pick) else { return nil }
            var step = PreparedStep(label: "\(parent.id).addChild(\(child.id))") { parent.addChild(child) }
            step.facts.container = parent
            step.facts.adopting = [child]
            step.facts.removing = child.parent.flatMap { $0 === parent ? nil : child }
            return step
        case .removeFromParent(let pick):
            guard let child = resolve(pick) else { return nil }
            var step = PreparedStep(label: "\(child.id).removeFromParent()") { child.removeFromParent() }
            step.facts.removing = child
            return step
        case .willMove(let pick, let n):
            guard let child = resolve(pick) else { return nil }
            guard let parent = n.map(container) else {
                var step = PreparedStep(label: "\(child.id).willMove(toParent: nil)") { [log] in
                    log.handWillMove(child) { child.willMove(toParent: nil) }
                }
                step.facts.movedByHand = child
                return step
            }
            return PreparedStep(label: "\(child.id).willMove(toParent: \(parent.id))") {
                child.willMove(toParent: parent)
            }
        case .didMove(let pick, let n):
            guard let child = resolve(pick) else { return nil }
            let parent = n.map(container)
            var step = PreparedStep(label: "\(child.id).didMove(toParent: \(parent.map { "\($0.id)" } ?? "nil"))") {
                child.didMove(toParent: parent)
            }
            step.facts.movedByHand = parent == nil ? nil : child
            return step
        case .embed(let n, let pick):
            let parent = custom(n)
            guard let child = resolve(pick) else { return nil }
            var step = PreparedStep(label: "embed \(child.id) in \(parent.id)", isSingleCall: false) {
                Self.embed(child, in: parent)
            }
            step.facts.container = parent
            step.facts.adopting = [child]
            step.facts.removing = child.parent.flatMap { $0 === parent ? nil : child }
            step.facts.viewMove = (child.view, parent.view)
            return step
        case .unembed(let n, let pick):
            let parent = custom(n)
            guard let child = resolve(pick, in: parent) else { return nil }
            var step = PreparedStep(label: "unembed \(child.id) from \(parent.id)", isSingleCall: false) { [log] in
                if let manual = parent as? RandomManualContainer {
                    manual.unembed(child, log: log)
                    return
                }
                log.handWillMove(child) { child.willMove(toParent: nil) }
                child.viewIfLoaded?.removeFromSuperview()
                child.removeFromParent()
            }
            step.facts.removing = child
            return step
        case .transition(let n, let fromPick, let toPick, let animated):
            let parent = container(n)
            guard let from = resolve(fromPick, in: parent), let to = resolve(toPick, in: parent) else { return nil }
            var step = PreparedStep(
                label: "\(parent.id).transition(from: \(from.id), to: \(to.id), duration: \(animated ? 0.3 : 0))"
            ) {
                parent.transition(from: from, to: to, duration: animated ? 0.3 : 0, animations: nil, completion: nil)
            }
            step.facts.container = parent
            step.facts.adopting = [to]
            step.facts.transitionFrom = from
            step.facts.startsAnimatedContainerTransition = animated
            return step
        case .swapChild(let n, let fromPick, let toPick, let animated):
            let parent = custom(n)
            guard let from = resolve(fromPick, in: parent), let to = resolve(toPick) else { return nil }
            let label = "swap \(from.id) for \(to.id) in \(parent.id) with transition(duration: \(animated ? 0.3 : 0))"
            var step = PreparedStep(label: label, isSingleCall: false) { [log] in
                // Apple's sample (spec §5), the completion guarded against moves made meanwhile.
                parent.addChild(to)
                log.handWillMove(from) { from.willMove(toParent: nil) }
                parent.transition(from: from, to: to, duration: animated ? 0.3 : 0, animations: nil) { _ in
                    if to.parent === parent { to.didMove(toParent: parent) }
                    if from.parent === parent { from.removeFromParent() }
                }
            }
            step.facts.container = parent
            step.facts.adopting = [to]
            step.facts.removing = to.parent.flatMap { $0 === parent ? nil : to }
            step.facts.transitionFrom = from
            step.facts.startsAnimatedContainerTransition = animated
            return step
        default:
            preconditionFailure("\(operation) is not a containment operation")
        }
    }

    private func prepareViewMove(_ operation: Operation) -> PreparedStep? {
        switch operation {
        case .addSubview(let subviewPick, let superviewPick):
            guard let subview = resolve(subviewPick), let superview = resolve(superviewPick) else { return nil }
            var step = PreparedStep(label: "\(superview.name).addSubview(\(subview.name))") {
                superview.view.addSubview(subview.view)
            }
            step.facts.viewMove = (subview.view, superview.view)
            return step
        case .insertSubview(let subviewPick, let superviewPick, let index):
            guard let subview = resolve(subviewPick), let superview = resolve(superviewPick) else { return nil }
            var step = PreparedStep(label: "\(superview.name).insertSubview(\(subview.name), at: \(index))") {
                superview.view.insertSubview(subview.view, at: index)
            }
            step.facts.viewMove = (subview.view, superview.view)
            return step
        case .removeFromSuperview(let pick):
            guard let view = resolve(pick) else { return nil }
            var step = PreparedStep(label: "\(view.name).removeFromSuperview()") {
                view.view.removeFromSuperview()
            }
            step.facts.viewMove = (view.view, nil)
            return step
        default:
            preconditionFailure("\(operation) is not a view operation")
        }
    }
}

extension Array {
    /// Element `n` modulo the count; nil when empty.
    func nth(_ n: Int) -> Element? { isEmpty ? nil : self[n % count] }
}
