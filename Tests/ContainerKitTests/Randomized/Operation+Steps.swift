import ContainerKit
import ContainerKitTesting

/// Preparing the operations on the built-in containers, presentations, appearance by hand, the
/// window, animations and gestures.
extension RandomWorld {
    func prepareBuiltIn(_ operation: Operation) -> PreparedStep? {
        let nav = navigation
        let tabs = tabBar
        let page = pages
        func step(
            _ label: String, on container: ContainerController, adopting: [Controller] = [], _ run: @escaping () -> Void
        )
            -> PreparedStep
        {
            var step = PreparedStep(label: label, run: run)
            step.facts.container = container
            step.facts.adopting = adopting
            return step
        }
        switch operation {
        case .push(let pick, let animated):
            guard let controller = resolve(pick) else { return nil }
            return step("nav.push(\(controller.id), animated: \(animated))", on: nav, adopting: [controller]) {
                nav.push(controller, animated: animated)
            }
        case .pop(let animated):
            return step("nav.pop(animated: \(animated))", on: nav) { _ = nav.pop(animated: animated) }
        case .popToRoot(let animated):
            return step("nav.popToRoot(animated: \(animated))", on: nav) { _ = nav.popToRoot(animated: animated) }
        case .popTo(let pick, let animated):
            guard let controller = resolve(pick, in: nav) else { return nil }
            return step("nav.pop(to: \(controller.id), animated: \(animated))", on: nav) {
                _ = nav.pop(to: controller, animated: animated)
            }
        case .setStack(let picks, let animated):
            let stack = picks.compactMap { resolve($0, in: nav) }
            var setStack = step(
                "nav.setControllers(\(Self.list(stack)), animated: \(animated))", on: nav, adopting: stack
            ) { nav.setControllers(stack, animated: animated) }
            setStack.facts.emptiesStack = stack.isEmpty
            return setStack
        case .beginInteractivePop:
            return step("nav.beginInteractivePop()", on: nav) {
                self.begin(.navigationPop) { nav.beginInteractivePop() }
            }
        case .selectTab(let index):
            return step("tabs.selectedIndex = \(index)", on: tabs) { tabs.selectedIndex = index }
        case .userSelect(let pick):
            guard let controller = resolve(pick, in: tabs) else { return nil }
            return step("tabs.userDidSelect(\(controller.id))", on: tabs) { tabs.userDidSelect(controller) }
        case .setTabs(let picks):
            let list = picks.compactMap { resolve($0, in: tabs) }
            return step("tabs.controllers = \(Self.list(list))", on: tabs, adopting: list) { tabs.controllers = list }
        case .setPages(let picks, let fitted, let animated):
            var list = picks.compactMap { resolve($0, in: page) }
            if fitted, list.count > page.pagesShownAtOnce { list = Array(list.prefix(page.pagesShownAtOnce)) }
            return step("page.setControllers(\(Self.list(list)), animated: \(animated))", on: page, adopting: list) {
                page.setControllers(list, direction: .forward, animated: animated)
            }
        case .beginPaging(let forward):
            // The pages the data source will give, asked as the engine asks (spec §8): the page after
            // the last one shown, then the page after that one (before the first, with `.reverse`).
            var incoming: [Controller] = []
            var anchor = forward ? page.shownControllers.last : page.shownControllers.first
            while incoming.count < page.pagesShownAtOnce, let current = anchor {
                anchor =
                    forward
                    ? delegates.pageController(page, controllerAfter: current)
                    : delegates.pageController(page, controllerBefore: current)
                if let next = anchor { incoming.append(next) }
            }
            return step(
                "page.beginInteractivePaging(\(forward ? ".forward" : ".reverse"))", on: page, adopting: incoming
            ) { self.begin(.paging) { page.beginInteractivePaging(forward ? .forward : .reverse) } }
        default:
            preconditionFailure("\(operation) is not a built-in container operation")
        }
    }

    func preparePresentation(_ operation: Operation) -> PreparedStep? {
        switch operation {
        case .present(let presentedPick, let presenterPick, let style, let animated):
            guard let presented = resolve(presentedPick), let presenter = resolve(presenterPick) else { return nil }
            let style = Self.presentationStyles[style % Self.presentationStyles.count]
            var step = PreparedStep(
                label: "\(presenter.id).present(\(presented.id) as .\(style), animated: \(animated))"
            ) {
                if presented.presentingController == nil { presented.modalPresentationStyle = style }
                presenter.present(presented, animated: animated)
            }
            step.facts.presentation = (presented, presenter, style)
            return step
        case .dismiss(let pick, let animated):
            guard let controller = resolve(pick) else { return nil }
            var step = PreparedStep(label: "\(controller.id).dismiss(animated: \(animated))") {
                controller.dismiss(animated: animated)
            }
            step.facts.dismissing = controller
            return step
        case .beginInteractiveDismissal(let pick):
            guard let controller = resolve(pick) else { return nil }
            return PreparedStep(label: "\(controller.id).beginInteractiveDismissal()") {
                self.begin(.dismissal) { controller.beginInteractiveDismissal() }
            }
        default:
            preconditionFailure("\(operation) is not a presentation operation")
        }
    }

    func prepareAppearance(_ operation: Operation) -> PreparedStep? {
        switch operation {
        case .beginAppearance(let pick, let appearing, let animated):
            // By hand, a controller under the container that forwards by hand is driven as F4 says;
            // any other is called only where §3 makes the call unbalanced (a warning, nothing changes),
            // so the window's own driving stays the only one there.
            guard let controller = resolve(pick, in: manualContainer) else { return nil }
            let unbalanced = Self.isUnbalanced(controller.appearanceState, appearing: appearing)
            guard unbalanced || isUnderManualContainer(controller) else { return nil }
            var step = PreparedStep(
                label: "\(controller.id).beginAppearanceTransition(\(appearing), animated: \(animated))"
            ) { controller.beginAppearanceTransition(appearing, animated: animated) }
            step.mustChangeNothing = unbalanced
            return step
        case .endAppearance(let pick):
            guard let controller = resolve(pick, in: manualContainer) else { return nil }
            let unbalanced = Self.isUnbalanced(controller.appearanceState, appearing: nil)
            guard unbalanced || isUnderManualContainer(controller) else { return nil }
            var step = PreparedStep(label: "\(controller.id).endAppearanceTransition()") {
                controller.endAppearanceTransition()
            }
            step.mustChangeNothing = unbalanced
            return step
        case .bounceAppearance(let pick):
            // There and back by hand: a controller that has appeared disappears and appears again (or
            // the reverse); the window's view of it is the same at the end.
            guard let controller = resolve(pick) else { return nil }
            let state = controller.appearanceState
            guard state == .appeared || state == .disappeared else { return nil }
            let first = state == .disappeared
            var step = PreparedStep(
                label: "\(controller.id): begin(\(first)), end, begin(\(!first)), end", isSingleCall: false
            ) {
                controller.beginAppearanceTransition(first, animated: false)
                controller.endAppearanceTransition()
                controller.beginAppearanceTransition(!first, animated: false)
                controller.endAppearanceTransition()
            }
            // There and back with nothing in between: a hook would run app code against a state the
            // bounce gives the controller for a moment only (appeared in a hidden window, say).
            step.firesNoHooks = true
            return step
        case .callAppearanceCallbackDirectly(let pick, let callback):
            // Not on the container that forwards by hand: its overrides drive its children, by design.
            guard let controller = resolve(pick), controller !== manualContainer else { return nil }
            let names = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
            var step = PreparedStep(label: "\(controller.id).\(names[callback % 4])(false) called directly") {
                switch callback % 4 {
                case 0: controller.viewWillAppear(false)
                case 1: controller.viewDidAppear(false)
                case 2: controller.viewWillDisappear(false)
                default: controller.viewDidDisappear(false)
                }
            }
            step.mustChangeNothing = true
            return step
        default:
            preconditionFailure("\(operation) is not an appearance operation")
        }
    }

    func prepareWindow(_ operation: Operation) -> PreparedStep? {
        let window = window
        switch operation {
        case .showWindow:
            return PreparedStep(label: "window.makeKeyAndVisible()") { window.makeKeyAndVisible() }
        case .hideWindow:
            return PreparedStep(label: "window.isHidden = true") { window.isHidden = true }
        case .resizeWindow(let n):
            let size = Self.windowSizes[n % Self.windowSizes.count]
            return PreparedStep(label: "window.resize(to: \(size))") { window.resize(to: size) }
        case .setRoot(let pick):
            guard let pick else {
                return PreparedStep(label: "window.rootController = nil") { window.rootController = nil }
            }
            guard let root = resolve(pick) else { return nil }
            return PreparedStep(label: "window.rootController = \(root.id)") { window.rootController = root }
        case .runUntilIdle:
            return PreparedStep(label: "window.runUntilIdle()", isSingleCall: false) { window.runUntilIdle() }
        case .settle:
            return PreparedStep(label: "settle: complete the animations and the turn", isSingleCall: false) {
                self.settle(endingGestures: false)
            }
        case .finishAnimation(let n), .cutShortAnimation(let n):
            // A tab switch half done is in flight until the end of its turn, never handed to a driver:
            // with one installed, only what it started is its to complete.
            let animations = window.animationsInFlight.filter { driver == nil || $0.kind != .tabSwitch }
            guard !animations.isEmpty else { return nil }
            let animation = animations[n % animations.count]
            let finished: Bool
            if case .finishAnimation = operation { finished = true } else { finished = false }
            let what = "the \(animation.kind) animation of \(animation.container)"
            if let driver {
                return PreparedStep(label: "driver.\(finished ? "finish" : "cutShort")(\(what))", isSingleCall: false) {
                    if finished { driver.finish(animation) } else { driver.cutShort(animation) }
                }
            }
            // Completing a gesture's animation before its gesture ends is refused: a single call then.
            return PreparedStep(
                label: "\(what).complete(finished: \(finished))", isSingleCall: animation.isInteractive
            ) { animation.complete(finished: finished) }
        case .updateGesture(let n, let percent):
            guard let gesture = openGestures.nth(n) else { return nil }
            return PreparedStep(label: "\(gesture.kind.rawValue).update(\(Double(percent) / 10))") {
                gesture.handle.update(Double(percent) / 10)
            }
        case .finishGesture(let n):
            guard let gesture = openGestures.nth(n) else { return nil }
            return PreparedStep(label: "\(gesture.kind.rawValue).finish()", isSingleCall: false) {
                gesture.handle.finish()
            }
        case .cancelGesture(let n):
            guard let gesture = openGestures.nth(n) else { return nil }
            return PreparedStep(label: "\(gesture.kind.rawValue).cancel()", isSingleCall: false) {
                gesture.handle.cancel()
            }
        case .driverCancelGesture(let n):
            guard let driver, let animation = window.animationsInFlight.filter(\.isInteractive).nth(n) else {
                return nil
            }
            return PreparedStep(label: "driver.cancel(the \(animation.kind) gesture)", isSingleCall: false) {
                driver.cancel(animation)
            }
        default:
            preconditionFailure("\(operation) is not a window operation")
        }
    }

    static func list(_ controllers: [Controller]) -> String {
        "[" + controllers.map { "\($0.id)" }.joined(separator: ", ") + "]"
    }
}
