import ContainerKit

/// A page controller that records every callback it receives, in order, and runs a hook from each.
///
/// ``SpyContainerController`` for a `PageController`: the same ``LifecycleSpy/calls``, hooks,
/// ``LifecycleSpy/transcript()`` and ``LifecycleSpy/resetCalls()``. A page controller forwards
/// appearance to the pages it shows from inside its own base callbacks (F6), so a hook, which runs
/// after `super`, runs after those pages' callbacks.
///
/// ```swift
/// let page = SpyPageController(name: "page", transitionStyle: .scroll)
/// page.setControllers([first], direction: .forward, animated: false)
/// page.onViewDidAppear = { _ in #expect(first.appearanceState == .appeared) }
/// window.rootController = page
/// window.makeKeyAndVisible()
/// window.runUntilIdle()
/// ```
///
/// Every override calls `super`; a subclass that overrides a callback again must call `super` too.
open class SpyPageController: PageController, LifecycleSpy {
    /// This spy's recorded calls and hooks, which ``LifecycleSpy/calls`` and the `on…` hooks forward to.
    ///
    /// ```swift
    /// page.spyLog.resetCalls()  // the same as page.resetCalls()
    /// ```
    public let spyLog = SpyLog()

    /// Creates a spy page controller named by its type and serial number.
    ///
    /// `spineLocation` is kept for `.pageCurl` only; the scroll style has none.
    ///
    /// ```swift
    /// let page = SpyPageController(transitionStyle: .pageCurl, spineLocation: .mid)
    /// #expect(page.pagesShownAtOnce == 2)
    /// ```
    public override init(transitionStyle: PageTransitionStyle, spineLocation: SpineLocation = .min) {
        super.init(transitionStyle: transitionStyle, spineLocation: spineLocation)
    }

    /// Creates a spy page controller whose events name it `name`.
    ///
    /// ```swift
    /// let page = SpyPageController(name: "page", transitionStyle: .scroll)
    /// ```
    public override init(name: String, transitionStyle: PageTransitionStyle, spineLocation: SpineLocation = .min) {
        super.init(name: name, transitionStyle: transitionStyle, spineLocation: spineLocation)
    }

    /// Records `loadView()`, then makes the default root view.
    open override func loadView() {
        spyLog.record(.loadView(id), super: { super.loadView() })
    }

    /// Records `viewDidLoad()`, calls `super`, then ``LifecycleSpy/onViewDidLoad``.
    open override func viewDidLoad() {
        spyLog.record(.viewDidLoad(id), super: { super.viewDidLoad() }) { $0.onViewDidLoad?() }
    }

    /// Records `viewWillAppear(_:)`, calls `super`, then ``LifecycleSpy/onViewWillAppear``.
    open override func viewWillAppear(_ animated: Bool) {
        spyLog.record(.viewWillAppear(id, animated: animated), super: { super.viewWillAppear(animated) }) {
            $0.onViewWillAppear?(animated)
        }
    }

    /// Records `viewIsAppearing(_:)`, calls `super`, then ``LifecycleSpy/onViewIsAppearing``.
    open override func viewIsAppearing(_ animated: Bool) {
        spyLog.record(.viewIsAppearing(id, animated: animated), super: { super.viewIsAppearing(animated) }) {
            $0.onViewIsAppearing?(animated)
        }
    }

    /// Records `viewDidAppear(_:)`, calls `super`, then ``LifecycleSpy/onViewDidAppear``.
    open override func viewDidAppear(_ animated: Bool) {
        spyLog.record(.viewDidAppear(id, animated: animated), super: { super.viewDidAppear(animated) }) {
            $0.onViewDidAppear?(animated)
        }
    }

    /// Records `viewWillDisappear(_:)`, calls `super`, then ``LifecycleSpy/onViewWillDisappear``.
    open override func viewWillDisappear(_ animated: Bool) {
        spyLog.record(.viewWillDisappear(id, animated: animated), super: { super.viewWillDisappear(animated) }) {
            $0.onViewWillDisappear?(animated)
        }
    }

    /// Records `viewDidDisappear(_:)`, calls `super`, then ``LifecycleSpy/onViewDidDisappear``.
    open override func viewDidDisappear(_ animated: Bool) {
        spyLog.record(.viewDidDisappear(id, animated: animated), super: { super.viewDidDisappear(animated) }) {
            $0.onViewDidDisappear?(animated)
        }
    }

    /// Records `willMove(toParent:)`, calls `super`, then ``LifecycleSpy/onWillMove``.
    open override func willMove(toParent parent: ContainerController?) {
        spyLog.record(.willMove(id, toParent: parent?.id), super: { super.willMove(toParent: parent) }) {
            $0.onWillMove?(parent)
        }
    }

    /// Records `didMove(toParent:)`, calls `super`, then ``LifecycleSpy/onDidMove``.
    open override func didMove(toParent parent: ContainerController?) {
        spyLog.record(.didMove(id, toParent: parent?.id), super: { super.didMove(toParent: parent) }) {
            $0.onDidMove?(parent)
        }
    }

    /// Records `viewWillTransition(to:with:)` and calls `super`, which forwards to the children.
    open override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        spyLog.record(
            .viewWillTransition(id, to: size), super: { super.viewWillTransition(to: size, with: coordinator) })
    }

    /// Records `preferredContentSizeDidChange(forChildContentContainer:)` and calls `super`.
    open override func preferredContentSizeDidChange(forChildContentContainer child: Controller) {
        spyLog.record(
            .preferredContentSizeDidChange(id, child: child.id),
            super: { super.preferredContentSizeDidChange(forChildContentContainer: child) })
    }
}
