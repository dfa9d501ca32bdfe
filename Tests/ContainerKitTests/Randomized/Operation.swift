import Foundation

/// A controller an ``Operation`` names, resolved against the world when the operation runs, so that
/// a sequence replays on a fresh world exactly as it first ran.
enum Pick: Hashable, CustomStringConvertible {
    /// Controller `n` of the world (modulo their count).
    case index(Int)
    /// The `n`-th controller that is free when the operation runs: no parent, not presented,
    /// presenting nothing, not the window's root.
    case free(Int)
    /// The `n`-th child of the container the operation is about (of any parented controller when it
    /// is about none).
    case child(Int)
    /// The `n`-th controller that is presented.
    case presented(Int)
    /// The `n`-th controller whose view is in the visible window.
    case visible(Int)

    var description: String {
        switch self {
        case .index(let n): ".index(\(n))"
        case .free(let n): ".free(\(n))"
        case .child(let n): ".child(\(n))"
        case .presented(let n): ".presented(\(n))"
        case .visible(let n): ".visible(\(n))"
        }
    }
}

/// A view an ``Operation`` names.
enum ViewPick: Hashable, CustomStringConvertible {
    /// The root view of a controller (loading it).
    case rootView(Pick)
    /// Plain view `n`.
    case plain(Int)
    /// The window.
    case window

    var description: String {
        switch self {
        case .rootView(let pick): ".rootView(\(pick))"
        case .plain(let n): ".plain(\(n))"
        case .window: ".window"
        }
    }
}

/// A callback of a leaf that a ``Operation/reenter(_:callback:then:)`` step can arm.
enum HookedCallback: Hashable, CaseIterable, CustomStringConvertible {
    case viewDidLoad
    case viewWillAppear
    case viewIsAppearing
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
    case willMove
    case didMove

    /// The callback as the API spells it: `viewWillAppear(_:)`.
    var name: String {
        switch self {
        case .viewDidLoad: "viewDidLoad()"
        case .viewWillAppear: "viewWillAppear(_:)"
        case .viewIsAppearing: "viewIsAppearing(_:)"
        case .viewDidAppear: "viewDidAppear(_:)"
        case .viewWillDisappear: "viewWillDisappear(_:)"
        case .viewDidDisappear: "viewDidDisappear(_:)"
        case .willMove: "willMove(toParent:)"
        case .didMove: "didMove(toParent:)"
        }
    }

    var description: String {
        switch self {
        case .viewDidLoad: ".viewDidLoad"
        case .viewWillAppear: ".viewWillAppear"
        case .viewIsAppearing: ".viewIsAppearing"
        case .viewDidAppear: ".viewDidAppear"
        case .viewWillDisappear: ".viewWillDisappear"
        case .viewDidDisappear: ".viewDidDisappear"
        case .willMove: ".willMove"
        case .didMove: ".didMove"
        }
    }
}

/// One step of a randomized sequence: a call of the public API (or a few, for the patterns Apple
/// documents), named by indices into the world so that it can be replayed.
///
/// Container indices: `container` counts over root, box, manual, nav, tabs, page; `custom` over
/// root, box, manual.
enum Operation: Hashable {
    // Containment (§2)
    case addChild(container: Int, Pick)
    case removeFromParent(Pick)
    case willMove(Pick, toContainer: Int?)
    case didMove(Pick, toContainer: Int?)
    case embed(custom: Int, Pick)
    case unembed(custom: Int, Pick)
    // Views (F2, R6)
    case addSubview(ViewPick, to: ViewPick)
    case insertSubview(ViewPick, to: ViewPick, at: Int)
    case removeFromSuperview(ViewPick)
    // transition(from:to:…) (§5)
    case transition(container: Int, from: Pick, to: Pick, animated: Bool)
    case swapChild(custom: Int, from: Pick, to: Pick, animated: Bool)
    // Navigation (§6)
    case push(Pick, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case popTo(Pick, animated: Bool)
    case setStack([Pick], animated: Bool)
    case beginInteractivePop
    // Tabs (§7)
    case selectTab(Int)
    case userSelect(Pick)
    case setTabs([Pick])
    // Pages (§8)
    /// `fitted`: the first picks, as many as the page controller shows at once (the second pick
    /// standing by); otherwise all of them, whatever their number.
    case setPages([Pick], fitted: Bool, animated: Bool)
    case beginPaging(forward: Bool)
    // Presentation (§9)
    case present(Pick, from: Pick, style: Int, animated: Bool)
    case dismiss(Pick, animated: Bool)
    case beginInteractiveDismissal(Pick)
    // Appearance by hand (§3, F4)
    case beginAppearance(Pick, appearing: Bool, animated: Bool)
    case endAppearance(Pick)
    case bounceAppearance(Pick)
    case callAppearanceCallbackDirectly(Pick, callback: Int)
    // The window (§1, §4, §10)
    case showWindow
    case hideWindow
    case resizeWindow(Int)
    case setRoot(Pick?)
    case runUntilIdle
    case settle
    /// Drops the world's last reference to its window (§1: a visible window is hidden inside its
    /// release, then its remaining work runs off screen); a new window, with the same driver, takes
    /// the old window's root, and is shown when `showNew`.
    case dropWindow(showNew: Bool)
    // Animations and gestures (§1)
    case finishAnimation(Int)
    case cutShortAnimation(Int)
    case updateGesture(Int, percent: Int)
    case finishGesture(Int)
    case cancelGesture(Int)
    case driverCancelGesture(Int)
    // Re-entrancy (Reentrancy.md)
    /// Arms a one-shot hook on a leaf: the next time the leaf gets `callback`, the operation `then`
    /// runs from inside it, resolved against the world as it is then. Arming changes nothing; a
    /// hook that never fires does nothing; arming a leaf again replaces its hook. Nesting stops at
    /// depth 1: `then` is never a `reenter`, and no hook fires while an armed operation runs (see
    /// ``RandomWorld/runArmed(_:inside:of:)``).
    indirect case reenter(Pick, callback: HookedCallback, then: Operation)
}

extension Operation {
    /// The operation as Swift source (`.push(.free(2), animated: true)`), to paste into a replay.
    var swiftSource: String {
        if case .reenter(let pick, let callback, let nested) = self {
            // The nested operation's default description names its type (`Module.Operation.pop(…)`).
            return ".reenter(\(pick), callback: \(callback), then: \(nested.swiftSource))"
        }
        // An enum's default description is its Swift spelling with the payloads' own descriptions,
        // less the leading dot, except that optionals print as `Optional(…)`.
        var text = "." + String(describing: self)
        while let start = text.range(of: "Optional(") {
            var depth = 1
            var index = start.upperBound
            while depth > 0, index < text.endIndex {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" { depth -= 1 }
                if depth > 0 { index = text.index(after: index) }
            }
            let inner = text[start.upperBound..<index]
            text.replaceSubrange(start.lowerBound..<text.index(after: index), with: inner)
        }
        return text
    }
}
