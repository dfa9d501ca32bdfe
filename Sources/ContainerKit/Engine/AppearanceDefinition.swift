/// What drives a controller's appearance now (spec §4): what sends its appearance callbacks.
package enum AppearanceDriver: Hashable, Sendable, CustomStringConvertible {
    /// Its window: its root view is in a window and no forwarding reaches it, so a view entering or
    /// leaving the window, hiding it or showing it, drives it (F2).
    case window
    /// Its parent: a custom container that forwards automatically, its root view inside the
    /// parent's (F1), or a built-in container that shows it (F6).
    case parent
    /// A transition in flight: an animation of its window brings its view, or a view it rides in,
    /// in or out, its root view is inside the view of a presenter whose presentation or dismissal
    /// is in flight (§9), or the parent that reaches it is driven so; the transition alone ends its callbacks (F7).
    case transition
    /// A container above it that forwards by hand (`shouldAutomaticallyForwardAppearanceMethods`
    /// is `false`): its children, and theirs, are its own business (F4).
    case manual
    /// Nothing: its root view is in no window (or not loaded) and no forwarding reaches it.
    case none

    package var description: String {
        switch self {
        case .window: "the window (F2: no forwarding reaches it)"
        case .parent: "its parent (F1, F6: it forwards to it)"
        case .transition: "a transition in flight (F7)"
        case .manual: "a container above it that forwards by hand (F4)"
        case .none: "nothing (no window, no forwarding)"
        }
    }
}

/// What a controller's appearance should be once a turn is over, and who drives it there: the one
/// definition the engine's internal checks and the randomized suite's oracle share.
///
/// Stated from the engine's own state, with `c` the controller:
///
/// 1. **Where it should be.** Once the turn is over (no deferred work left), `c` has appeared
///    exactly when its root view is loaded and in a window that is not hidden, and has disappeared
///    otherwise. So a view entering or leaving a visible window drives the controllers whose root
///    views move with it (F2); a container that forwards automatically carries its children along
///    (F1); a built-in container shows its visible children and takes the others' views out (F6).
/// 2. **Manual forwarding is exempt.** Below a container that forwards by hand, nothing reaches
///    `c` but that container's own `beginAppearanceTransition` / `endAppearanceTransition` calls
///    (F4): the definition names the driver (``AppearanceDriver/manual``) and requires nothing.
/// 3. **A transition in flight is exempt.** A controller whose view an animation in flight brings
///    in or takes out, one whose root view rides inside such a view, or inside the view of a
///    presenter whose presentation or dismissal is in flight (§9: the presenter's tree leaves or
///    comes back with it), and what their forwarding reaches, are the transition's until it
///    completes, its did-half included (F7):
///    ``AppearanceDriver/transition``, nothing required meanwhile.
/// 4. **Otherwise** the driver is the parent when its forwarding reaches `c` (F1, F6), the window
///    when `c`'s root view is in one and nothing else reaches it (F2), and nothing when it is in
///    none; the state of point 1 is required.
///
/// Point 2 comes before point 3: below a container that forwards by hand, the driver is
/// ``AppearanceDriver/manual`` even while a transition moves the controller.
///
/// Points 2 and 3 need no history; what does is a controller left to code that drives it by hand
/// and then given back: one that was below a container forwarding by hand and has left it, or one
/// whose appearance a `beginAppearanceTransition` / `endAppearanceTransition` call moved. Nothing
/// brings such a controller into line with point 1 (UIKit does not either) until something drives
/// it. The engine's state does not record it, so the internal checks keep that history themselves
/// (``Controller/appearanceLeftToHand``, in the `CONTAINERKIT_INTERNAL_CHECKS` build only): such a
/// controller, and every controller below it, is exempt until its state agrees with point 1 and its
/// root view sits where its parent puts it (``isPlacedByItsParent(_:)``). The randomized suite keeps
/// the same history in its own terms (`RandomWorld.leftToTheirContainer`).
package struct AppearanceDefinition: Hashable, Sendable, CustomStringConvertible {
    /// What drives the controller's appearance now.
    package let driver: AppearanceDriver
    /// The state the controller should be in once the turn is over: `.appeared` or `.disappeared`.
    package let expected: AppearanceState
    /// Why `expected`: where the root view is.
    package let placement: String

    /// Whether the definition requires ``expected`` once the turn is over: not while a container
    /// that forwards by hand (F4) or a transition in flight (F7) owns the controller.
    package var isRequired: Bool { driver != .manual && driver != .transition }

    package var description: String {
        "should be \(expected) once the turn is over, as \(placement); driven by \(driver)"
    }

    /// The definition for `controller`, from the engine's state now.
    @MainActor package init(of controller: Controller) {
        var chain: [Controller] = [controller]
        while let parent = chain[chain.count - 1].storedParent { chain.append(parent) }
        let window = chain.lazy.compactMap { $0.storedView?.storedWindow }.first
        var above: AppearanceDefinition?
        for node in chain.reversed() {
            above = AppearanceDefinition(node, parentDefinition: above, window: window)
        }
        self = above ?? AppearanceDefinition(controller, parentDefinition: nil, window: window)
    }

    /// The definition for `controller`, given its parent's (nil without a parent) and the window
    /// whose transitions in flight count (the controller's, or that of its tree).
    @MainActor init(_ controller: Controller, parentDefinition: AppearanceDefinition?, window: Window?) {
        let visibleWindow = controller.isInVisibleWindow
        expected = visibleWindow ? .appeared : .disappeared
        if visibleWindow {
            placement = "its root view is in a visible window"
        } else if controller.storedView == nil {
            placement = "its view is not loaded"
        } else if controller.storedView?.storedWindow == nil {
            placement = "its root view is in no window"
        } else {
            placement = "its root view is in a hidden window"
        }
        driver = Self.driver(of: controller, parentDefinition: parentDefinition, window: window)
    }

    @MainActor private static func driver(
        of controller: Controller, parentDefinition: AppearanceDefinition?, window: Window?
    ) -> AppearanceDriver {
        let parent = controller.storedParent
        if parentDefinition?.driver == .manual || parent?.appearanceForwarding == .manual { return .manual }
        let animations = (controller.storedView?.storedWindow ?? window).map(\.animationsOwning) ?? []
        if !animations.isEmpty, isMoved(controller, byAnyOf: animations) { return .transition }
        // A built-in container moved by a transition reaches the children it shows wherever their
        // views are: it puts them back (F6), and that transition ends them (F7).
        if parentDefinition?.driver == .transition, let parent, parent.appearanceForwarding == .containerDriven,
            parent.shows(controller)
        {
            return .transition
        }
        guard parent != nil else { return controller.storedView?.storedWindow == nil ? .none : .window }
        let ownerAbove = controller.storedView.flatMap { AppearanceWalk.nearestOwner(above: $0) }
        if !AppearanceWalk.isDrivenByWindow(controller, ownerAbove: ownerAbove) {
            return parentDefinition?.driver == .transition ? .transition : .parent
        }
        return controller.storedView?.storedWindow == nil ? .none : .window
    }

    /// Whether one of `animations` moves `controller`: it names it, or its root view rides inside the
    /// root view of a controller it names (F7), or inside the view of the presenter of a presentation
    /// or dismissal (§9: the presenter's tree leaves with its view as a presentation completes, and
    /// comes back as a dismissal begins).
    @MainActor private static func isMoved(_ controller: Controller, byAnyOf animations: [TransitionAnimation]) -> Bool
    {
        func moves(_ animation: TransitionAnimation, _ owner: Controller) -> Bool {
            if animation.fromControllers.contains(owner.id) || animation.toControllers.contains(owner.id) {
                return true
            }
            return (animation.kind == .presentation || animation.kind == .dismissal)
                && animation.containerController === owner
        }
        var view = controller.storedView
        if view == nil { return animations.contains { moves($0, controller) } }
        while let current = view {
            if let owner = current.owningController, animations.contains(where: { moves($0, owner) }) { return true }
            view = current.superview
        }
        return false
    }

    /// Whether `controller`'s root view sits where its parent puts it: inside the parent's view (R6),
    /// and for a built-in container's child, there while the container shows it and out of any
    /// window otherwise (F6); with no parent, inside no controller's view.
    @MainActor package static func isPlacedByItsParent(_ controller: Controller) -> Bool {
        guard let view = controller.storedView else { return true }
        guard let parent = controller.storedParent else { return AppearanceWalk.nearestOwner(above: view) == nil }
        let inside = parent.storedView.map { view.isDescendant(of: $0) } ?? false
        guard parent.isBuiltInContainer else { return inside }
        return parent.shows(controller) ? inside : !inside && view.storedWindow == nil
    }
}

extension Window {
    /// The animations whose transitions own what they move (F7): those in flight, and in the
    /// internal checks, those whose did-half is running.
    fileprivate var animationsOwning: [TransitionAnimation] {
        #if CONTAINERKIT_INTERNAL_CHECKS
            animationsInFlight + animationsCompleting
        #else
            animationsInFlight
        #endif
    }
}

// MARK: - The check after every turn

extension Window {
    /// Checks, at the end of a turn, that every controller of this window's trees (its root's, those
    /// of the controllers whose root views are in it, and the presented chains) agrees with its
    /// ``AppearanceDefinition``, in the `CONTAINERKIT_INTERNAL_CHECKS` build; compiled to nothing
    /// otherwise. A disagreement is an engine bug: a precondition failure. Once a turn of the
    /// window has been stopped as a runaway (a fault: its work, did-appears included, was dropped),
    /// the window's turns are not checked again: nothing ends what the dropped work began.
    @inline(__always)
    func checkAppearanceDefinition(turnWasStopped: Bool) {
        #if CONTAINERKIT_INTERNAL_CHECKS
            if turnWasStopped { hadRunawayTurn = true }
            guard !hadRunawayTurn else { return }
            var check = AppearanceCheck(window: self)
            check.run()
        #endif
    }
}

extension Controller {
    /// Marks the start of a `beginAppearanceTransition` / `endAppearanceTransition` call: every
    /// controller it gives a callback is left to hand (see ``AppearanceDefinition``). Internal checks
    /// only; nothing otherwise.
    @inline(__always)
    func beginDrivingByHand() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            Controller.handDrivingDepth += 1
        #endif
    }

    /// Marks the end of the call ``beginDrivingByHand()`` marked the start of.
    @inline(__always)
    func endDrivingByHand() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            Controller.handDrivingDepth -= 1
        #endif
    }

    /// An appearance callback is being delivered to this controller: inside a call that drives
    /// appearance by hand, its appearance is left to hand from now on. Internal checks only.
    @inline(__always)
    func noteAppearanceCallback() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            if Controller.handDrivingDepth > 0 { appearanceLeftToHand = true }
        #endif
    }

    /// This controller has just joined `parent`: below a container that forwards by hand, it and its
    /// subtree are left to that container (F4), even if they leave before the turn is over.
    /// Internal checks only.
    @inline(__always)
    func noteJoined(_ parent: ContainerController) {
        #if CONTAINERKIT_INTERNAL_CHECKS
            guard parent.appearanceForwarding == .manual || AppearanceWalk.isUnderManualForwarding(parent) else {
                return
            }
            var pending: [Controller] = [self]
            while let node = pending.popLast() {
                node.appearanceLeftToHand = true
                node.asContainer?.childList.forEachReversed { pending.append($0) }
            }
        #endif
    }

    #if CONTAINERKIT_INTERNAL_CHECKS
        /// How many `beginAppearanceTransition` / `endAppearanceTransition` calls are running.
        @exclusivity(unchecked) static var handDrivingDepth = 0
    #endif
}

#if CONTAINERKIT_INTERNAL_CHECKS
    /// One run of the check after a turn: the definitions of a window's controllers, each computed
    /// once from its parent's, so a chain 100,000 deep costs one pass.
    @MainActor
    private struct AppearanceCheck {
        let window: Window
        /// The definition and whether the controller was left to hand (itself or an ancestor) as
        /// the check began, by controller.
        private var known: [ObjectIdentifier: (definition: AppearanceDefinition, leftToHand: Bool)] = [:]

        init(window: Window) {
            self.window = window
        }

        mutating func run() {
            for controller in controllers() {
                let (definition, leftToHand) = entry(for: controller)
                let state = controller.appearanceState
                guard definition.isRequired else { continue }
                // Its did-disappear is queued in another window, whose turn is still to come: this
                // window's turn ran all of its own.
                if controller.appearance.endIsQueued { continue }
                if leftToHand {
                    // Given back once its state agrees and its view sits where its parent puts it.
                    if state == definition.expected, AppearanceDefinition.isPlacedByItsParent(controller) {
                        controller.appearanceLeftToHand = false
                    }
                    continue
                }
                precondition(
                    state == definition.expected,
                    "ContainerKit internal check: at the end of a turn of \(window.windowID), \(controller.id) is "
                        + "\(state), but it \(definition) (AppearanceDefinition.swift). This is an engine bug: "
                        + "replay the calls that led here with the same events to find the step that left it so.")
            }
        }

        /// The window's controllers: its root's tree, the owners of the views in it and their
        /// trees, and every controller those present, each once.
        private func controllers() -> [Controller] {
            var seeds: [Controller] = window.storedRootController.map { [$0] } ?? []
            ViewMove.forEachView(in: window) { view in
                if let owner = view.owningController { seeds.append(owner) }
            }
            var found: [Controller] = []
            var seen = Set<ObjectIdentifier>()
            var pending = Array(seeds.reversed())
            while let controller = pending.popLast() {
                guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
                found.append(controller)
                if let presented = controller.presentedController { pending.append(presented) }
                controller.asContainer?.childList.forEachReversed { pending.append($0) }
            }
            return found
        }

        /// The entry of `controller`, computing those of its ancestors first when they are unknown.
        /// Records the left-to-hand history as it goes: below a controller left to hand, or below a
        /// container that forwards by hand, a controller is left to hand too.
        private mutating func entry(for controller: Controller) -> (AppearanceDefinition, Bool) {
            if let known = known[ObjectIdentifier(controller)] { return known }
            var chain: [Controller] = [controller]
            while let parent = chain[chain.count - 1].storedParent, known[ObjectIdentifier(parent)] == nil {
                chain.append(parent)
            }
            var above = chain[chain.count - 1].storedParent.flatMap { known[ObjectIdentifier($0)] }
            for node in chain.reversed() {
                let definition = AppearanceDefinition(node, parentDefinition: above?.definition, window: window)
                if definition.driver == .manual || above?.leftToHand == true { node.appearanceLeftToHand = true }
                let current = (definition: definition, leftToHand: node.appearanceLeftToHand)
                known[ObjectIdentifier(node)] = current
                above = current
            }
            return (above?.definition ?? AppearanceDefinition(of: controller), above?.leftToHand ?? false)
        }
    }
#endif
