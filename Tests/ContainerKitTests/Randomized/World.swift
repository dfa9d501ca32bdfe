import ContainerKit
import ContainerKitTesting

/// A container that forwards appearance automatically and does nothing else.
final class RandomAutoContainer: ContainerController {}

/// A container that forwards appearance by hand (F4): its own appearance callbacks drive the
/// children whose views sit inside its view, with `beginAppearanceTransition` and
/// `endAppearanceTransition`, as Apple's documentation shows.
final class RandomManualContainer: ContainerController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// The children whose views are loaded and inside this container's view.
    private var shownChildren: [Controller] {
        guard let view = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        for child in shownChildren { child.beginAppearanceTransition(true, animated: animated) }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        for child in shownChildren { child.endAppearanceTransition() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for child in shownChildren { child.beginAppearanceTransition(false, animated: animated) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for child in shownChildren { child.endAppearanceTransition() }
    }

    /// Adds `child` and its view, driving its appearance by hand when this container has appeared
    /// (F4: nothing else will).
    func embed(_ child: Controller) {
        addChild(child)
        let drives = appearanceState == .appeared && child.parent === self
        if drives { child.beginAppearanceTransition(true, animated: false) }
        view.addSubview(child.view)
        if drives { child.endAppearanceTransition() }
        child.didMove(toParent: self)
    }

    /// Takes `child` and its view out, driving its disappearance by hand when it has appeared.
    func unembed(_ child: Controller, log: RandomEventLog) {
        log.handWillMove(child) { child.willMove(toParent: nil) }
        let drives = child.appearanceState == .appeared
        if drives { child.beginAppearanceTransition(false, animated: false) }
        child.viewIfLoaded?.removeFromSuperview()
        if drives { child.endAppearanceTransition() }
        child.removeFromParent()
    }
}

/// The small world a randomized sequence runs in: one window, three custom containers (`root`,
/// `box` forwarding automatically, `manual` forwarding by hand), a navigation, a tab bar and a page
/// controller, eight leaves and three plain views.
///
/// Operations name controllers and views by index, so a sequence of operations replays on a fresh
/// world exactly as it ran the first time.
@MainActor
final class RandomWorld {
    /// What a seed decides about the world besides the operations.
    struct Configuration: Hashable, CustomStringConvertible {
        /// Whether the window's animations wait for a `ManualAnimationDriver`.
        var manualDriver: Bool
        /// The page controller's style: 0 scroll, 1 page curl, 2 page curl with a middle spine.
        var pageStyle: Int

        init(seed: UInt64) {
            var generator = SeededGenerator(seed: seed ^ 0x5EED_C0F1_6000_0000)
            manualDriver = generator.chance(50)
            pageStyle = generator.below(3)
        }

        var description: String {
            let style = ["scroll", "pageCurl", "pageCurl with a middle spine"][pageStyle]
            return "\(manualDriver ? "ManualAnimationDriver" : "default animation driver"), page style \(style)"
        }
    }

    // Controller indices.
    nonisolated static let root = 0
    nonisolated static let box = 1
    nonisolated static let manual = 2
    nonisolated static let nav = 3
    nonisolated static let tabs = 4
    nonisolated static let page = 5
    nonisolated static let firstLeaf = 6
    nonisolated static let leafCount = 8
    nonisolated static let controllerCount = firstLeaf + leafCount
    nonisolated static let customContainers = [root, box, manual]
    nonisolated static let containers = [root, box, manual, nav, tabs, page]
    nonisolated static let builtIns = [nav, tabs, page]
    nonisolated static let plainViewCount = 3
    nonisolated static let windowSizes = [
        Size(width: 320, height: 480), Size(width: 480, height: 320), Size(width: 375, height: 667),
    ]

    let configuration: Configuration
    /// The world's window: the only reference to it, so that dropping it releases it (§1).
    private(set) var window: Window
    /// The windows dropped so far, weakly: each must have been deallocated by its drop.
    private(set) var droppedWindows: [SequenceRunner.Survivor] = []
    /// The window whose release runs now: in its callbacks its views name no window (§1).
    private(set) var windowBeingReleased: ObjectIdentifier?
    let driver: ManualAnimationDriver?
    let controllers: [Controller]
    let plainViews: [View]
    let navigation: NavigationController
    let tabBar: TabBarController
    let pages: PageController
    let manualContainer: RandomManualContainer
    /// The eight leaves, which `reenter` steps arm.
    let leaves: [RandomLeaf]
    let delegates = RandomDelegates()
    /// Where the world's events and violations go.
    let log: RandomEventLog
    /// The checker the runner made for this world, for the checks made inside callbacks; weak, as
    /// it holds the world.
    weak var checker: InvariantChecker?

    /// Whether an armed hook may fire now: only while a top-level step runs (not while one is
    /// prepared, nor during the set-up or the teardown), and never inside an armed operation, so
    /// that nesting stops at depth 1.
    var hooksMayFire = false
    /// The armed operations run inside callbacks during the current step, in order.
    var armedRuns: [ArmedRun] = []
    /// The callback an armed operation is running inside, if any.
    var armedCallback: HookedCallback?
    /// An armed operation is running (inside a callback).
    var isRunningArmedOperation: Bool { armedCallback != nil }
    /// The top-level operation running now, if any, and what its step does.
    var topLevelOperation: Operation?
    var topLevelFacts: StepFacts?

    /// The gestures begun so far whose handles may still be driven.
    var gestures: [Gesture] = []

    /// Controllers whose appearance nothing drives as the window would: those under the container
    /// that forwards by hand (F4: its children are its own business), and those below them. Once
    /// the turn is over they are exempt from "appeared exactly when in a visible window" until,
    /// out from under it, their state agrees with their visibility and their view sits where their
    /// parent puts it.
    var leftToTheirContainer: Set<ObjectIdentifier> = []

    /// How many steps each known-bug guard skipped (see KnownEngineBugs.swift).
    var guardedSkips: [String: Int] = [:]

    /// Why the last operation that ``prepare(_:)`` refused to prepare was skipped.
    var skipReason = ""

    /// An interactive transition's handle, and what began it.
    struct Gesture {
        enum Kind: String {
            case navigationPop = "swipe back"
            case paging = "page swipe"
            case dismissal = "sheet pulled down"
        }

        let kind: Kind
        let handle: InteractiveTransition
    }

    /// Builds the world and puts it on screen: `root` is the window's root with `box`, `manual`
    /// and `tabs`; `box` holds `page` and `c`; `manual` holds `d`; `tabs` holds `nav` (root `a`)
    /// and `b`; `page` shows `e` (and `f` with a middle spine); `v0` sits in `root`'s view, `v1` in
    /// `box`'s, `v2` nowhere.
    init(configuration: Configuration, log: RandomEventLog) {
        self.configuration = configuration
        self.log = log
        window = Self.makeWindow()
        driver = configuration.manualDriver ? ManualAnimationDriver() : nil
        driver?.install(on: window)

        let leaves = "abcdefgh".map { RandomLeaf(name: String($0)) }
        let root = RandomAutoContainer(name: "root")
        let box = RandomAutoContainer(name: "box")
        let manual = RandomManualContainer(name: "manual")
        let nav = NavigationController(name: "nav", rootController: leaves[0])
        let tabs = TabBarController(name: "tabs")
        let style: PageTransitionStyle = configuration.pageStyle == 0 ? .scroll : .pageCurl
        let page = PageController(
            name: "page", transitionStyle: style, spineLocation: configuration.pageStyle == 2 ? .mid : .min)
        controllers = [root, box, manual, nav, tabs, page] + leaves
        self.leaves = leaves
        plainViews = (0..<Self.plainViewCount).map { index in
            let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view.name = "v\(index)"
            return view
        }
        navigation = nav
        tabBar = tabs
        pages = page
        manualContainer = manual
        delegates.world = self
        nav.delegate = delegates
        tabs.delegate = delegates
        page.delegate = delegates
        page.dataSource = delegates
        for leaf in leaves {
            leaf.presentationDelegate = delegates
            leaf.world = self
        }

        box.definesPresentationContext = true
        tabs.controllers = [nav, leaves[1]]
        page.setControllers(
            configuration.pageStyle == 2 ? [leaves[4], leaves[5]] : [leaves[4]], direction: .forward, animated: false)
        for (child, parent) in [(box, root), (manual, root), (tabs, root), (page, box), (leaves[2], box)] {
            Self.embed(child, in: parent)
        }
        Self.embed(leaves[3], in: manual)
        root.view.addSubview(plainViews[0])
        box.view.addSubview(plainViews[1])
        window.rootController = root
        window.makeKeyAndVisible()
        window.runUntilIdle()
    }

    static func makeWindow() -> Window {
        Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
    }

    /// Drops the world's window, its last reference (§1: a visible window is hidden inside its
    /// release, and its remaining work runs at once, off screen), and makes a new one with the same
    /// driver. The old window's root, free again once its view has left the released window, becomes
    /// the new window's root; the new window is shown when `showingNew`. Gestures begun in the old
    /// window ended with it.
    func dropWindow(showingNew: Bool) {
        let root = window.rootController
        droppedWindows.append(SequenceRunner.Survivor(object: window, name: "a dropped window"))
        // Released here, once `window` names the new one, not inside that assignment: the callbacks
        // of the release read the world's window.
        var dropped: Window? = window
        window = Self.makeWindow()
        driver?.install(on: window)
        windowBeingReleased = dropped.map(ObjectIdentifier.init)
        dropped = nil
        windowBeingReleased = nil
        pruneGestures()
        if let root, root.parent == nil, root.viewIfLoaded?.superview == nil, root.presentingController == nil {
            window.rootController = root
        }
        if showingNew { window.makeKeyAndVisible() }
    }

    /// The custom-container add of spec §2: `addChild` (R1), the view, then `didMove` (R3).
    static func embed(_ child: Controller, in parent: ContainerController) {
        if let manual = parent as? RandomManualContainer {
            manual.embed(child)
            return
        }
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }

    // MARK: - Naming

    func name(_ index: Int) -> String { controllers[index].id.description }

    func index(of controller: Controller) -> Int? { controllers.firstIndex { $0 === controller } }

    func isBuiltIn(_ controller: Controller) -> Bool {
        controller === navigation || controller === tabBar || controller === pages
    }

    // MARK: - Reading the trees

    /// Whether `controller` is `ancestor` or sits below it in the controller tree.
    func isUnder(_ controller: Controller, _ ancestor: Controller) -> Bool {
        var current: Controller? = controller
        while let node = current {
            if node === ancestor { return true }
            current = node.parent
        }
        return false
    }

    /// Whether `controller` sits strictly below the container that forwards by hand.
    func isUnderManualContainer(_ controller: Controller) -> Bool {
        controller !== manualContainer && isUnder(controller, manualContainer)
    }

    /// Whether the root view is loaded and in a window that is not hidden.
    func isInVisibleWindow(_ controller: Controller) -> Bool {
        guard let window = controller.viewIfLoaded?.window else { return false }
        return !window.isHidden
    }

    /// Controllers that could be added, pushed, presented or made a tab or page without a
    /// refusal: no parent, not presented, presenting nothing, not the window's root.
    var freeControllers: [Int] {
        controllers.indices.filter { index in
            let controller = controllers[index]
            return controller.parent == nil && controller.presentingController == nil
                && controller.presentedController == nil && window.rootController !== controller
        }
    }

    /// The controller that owns `view`: the nearest controller whose root view is `view` or one of
    /// its ancestors.
    static func owner(of view: View) -> Controller? {
        var current: View? = view
        while let node = current {
            if let controller = node.controller { return controller }
            current = node.superview
        }
        return nil
    }

    /// Every view of the world: the window, the plain views, and the loaded root views.
    var allViews: [View] {
        [window] + plainViews + controllers.compactMap(\.viewIfLoaded)
    }

    /// Whether the turn is over: no deferred work, no animation in flight, no gesture open.
    var isQuiescent: Bool {
        !window.hasPendingWork && window.animationsInFlight.isEmpty
            && !gestures.contains { $0.handle.state == .interacting }
    }

    /// Forgets the handles of gestures that have ended.
    func pruneGestures() {
        gestures.removeAll { $0.handle.state != .interacting }
    }

    /// Ends the gestures, completes the animations and the turn, until nothing is left (at most
    /// `rounds` times).
    func settle(endingGestures: Bool, rounds: Int = 20) {
        for _ in 0..<rounds {
            if endingGestures {
                for gesture in gestures { gesture.handle.cancel() }
                pruneGestures()
            }
            for animation in window.animationsInFlight where !animation.isInteractive {
                animation.complete(finished: true)
            }
            window.runUntilIdle()
            if isQuiescent || (!endingGestures && !window.hasPendingWork && noAnimationToComplete) { return }
        }
    }

    private var noAnimationToComplete: Bool {
        window.animationsInFlight.allSatisfy(\.isInteractive)
    }
}

/// The delegates and the data source of the built-in containers. Every delegate call shows up as an
/// event; the data source turns pages over the eight leaves, in a ring.
@MainActor
final class RandomDelegates: NavigationControllerDelegate, TabBarControllerDelegate, PageControllerDataSource,
    PageControllerDelegate, PresentationDelegate
{
    weak var world: RandomWorld?

    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        neighbour(of: controller, step: RandomWorld.leafCount - 1)
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        neighbour(of: controller, step: 1)
    }

    private func neighbour(of controller: Controller, step: Int) -> Controller? {
        guard let world, let index = world.index(of: controller), index >= RandomWorld.firstLeaf else { return nil }
        let leaf = (index - RandomWorld.firstLeaf + step) % RandomWorld.leafCount
        return world.controllers[RandomWorld.firstLeaf + leaf]
    }
}
