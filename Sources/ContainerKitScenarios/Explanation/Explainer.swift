import ContainerKit
import ContainerKitTranscripts

/// Cites the rule behind each line of a recorded scenario.
@MainActor
struct Explainer {
    /// What kind of controller each source is, for the controllers still alive after the scenario.
    enum Kind {
        case controller
        case automaticContainer
        case manualContainer
        case navigation
        case tabBar
        case page
    }

    let context: ExplanationContext
    let entries: [Recorder.Entry]
    let kinds: [ControllerID: Kind]

    init(context: ExplanationContext, entries: [Recorder.Entry], window: Window) {
        self.context = context
        self.entries = entries
        var kinds: [ControllerID: Kind] = [:]
        var pending = [window.rootController].compactMap { $0 }
        while let controller = pending.popLast() {
            switch controller {
            case is NavigationController: kinds[controller.id] = .navigation
            case is TabBarController: kinds[controller.id] = .tabBar
            case is PageController: kinds[controller.id] = .page
            case let container as ContainerController:
                kinds[controller.id] =
                    container.shouldAutomaticallyForwardAppearanceMethods ? .automaticContainer : .manualContainer
            default: kinds[controller.id] = .controller
            }
            if let container = controller as? ContainerController { pending += container.children }
            if let presented = controller.presentedController { pending.append(presented) }
        }
        self.kinds = kinds
    }

    /// The citation of `entries[index]`.
    func citation(at index: Int) -> Citation {
        let entry = entries[index]
        switch entry.event {
        case .loadView, .viewDidLoad:
            return Citation("§3", .doc, reason: "the view loads once, just before the first callback that needs it")
        case .viewWillTransition:
            return Citation("§10", .doc, .log, reason: "a resize reaches each controller inside the call, parent first")
        case .preferredContentSizeDidChange:
            return Citation(
                "§10", .doc, reason: "the parent hears of a child's new preferredContentSize inside the setter")
        case .viewIsAppearing:
            if case .window = entry.source {
                return Citation("§3", .model, reason: "entering a window: at the end of the turn, before viewDidAppear")
            }
            if case .controller(let source) = entry.source, kind(of: source) == .tabBar {
                return Citation("§1", .log, .model, reason: "the layout pass: the incoming tab's, before the did-half")
            }
            return Citation("§3", .log, .model, reason: "in a transition: right after viewWillAppear")
        case .didMove(let receiver, let parent) where endsElsewhere(receiver, at: index, parent: parent):
            return Citation("R7", .model, reason: "the move ends where the controller ended up")
        default:
            break
        }
        switch source(of: index) {
        case .window:
            return windowCitation(entry.event)
        case .external:
            return entry.event.isAppearanceCallback
                ? Citation("§3", .doc, reason: "beginAppearanceTransition/endAppearanceTransition act inside the call")
                : sourceless(entry.event)
        case .controller(let source):
            switch kind(of: source) {
            case .navigation: return navigationCitation(at: index)
            case .tabBar: return tabBarCitation(entry.event)
            case .page: return pageCitation(at: index)
            case .controller: return presentationCitation(at: index)
            case .automaticContainer, .manualContainer, nil: return containerCitation(at: index)
            }
        }
    }

    // MARK: - Sources

    private func windowCitation(_ event: LifecycleEvent) -> Citation {
        switch event {
        case .viewWillAppear:
            return Citation("F2", .log, reason: "a view entering a visible window: inside the call, pre-order")
        case .viewDidAppear:
            return Citation("§1", .log, reason: "deferred to the end of the window's turn")
        case .viewWillDisappear, .viewDidDisappear:
            return Citation("F2", .model, reason: "a view leaving, or its window hidden: inside the call, pre-order")
        default:
            return sourceless(event)
        }
    }

    private func containerCitation(at index: Int) -> Citation {
        let event = entries[index].event
        switch event {
        case .willMove(let child, toParent: .some):
            if index > 0, case .didMove(child, toParent: nil) = entries[index - 1].event {
                return Citation("R4", .doc, reason: "then the move to the new parent (the order of the two is MODEL)")
            }
            return Citation("R1", .doc, reason: "addChild(_:) sends it before the child joins children")
        case .didMove(let child, toParent: nil):
            if index + 1 < entries.count, case .willMove(child, toParent: .some) = entries[index + 1].event {
                return Citation("R4", .doc, reason: "addChild(_:) first removes the child from its old parent")
            }
            return Citation("R2", .doc, reason: "removeFromParent() sends it after the child left children")
        case .willMove(_, toParent: nil):
            return Citation("R3", .doc, reason: "the container calls it before removeFromParent()")
        case .didMove(_, toParent: .some):
            return context == .transition
                ? Citation("R3", .doc, reason: "the container calls it from the transition's completion")
                : Citation("R3", .doc, reason: "the container calls it once the child is in place")
        case .completion:
            return Citation("§5", .log, reason: "after the did-callbacks, before the container's move calls")
        case .viewWillAppear, .viewWillDisappear:
            if context == .transition {
                return Citation("§5", .log, reason: "transition(from:to:…): will-callbacks inside the call")
            }
            return forwarded(by: entries[index].source)
        case .viewDidAppear, .viewDidDisappear:
            if context == .transition {
                return Citation("§5", .log, reason: "did-callbacks when the animation completes")
            }
            return forwarded(by: entries[index].source)
        default:
            return sourceless(event)
        }
    }

    private func forwarded(by source: EventSource) -> Citation {
        if case .controller(let id) = source, kind(of: id) == .manualContainer {
            return Citation("F4", .doc, reason: "the container drives its child with begin/endAppearanceTransition")
        }
        return Citation("F1", .log, reason: "forwarded after the parent's own callback, in children order")
    }

    private func navigationCitation(at index: Int) -> Citation {
        let event = entries[index].event
        if context == .builtInForwarding, event.isAppearanceCallback {
            return builtInForwarding
        }
        let interactive = context == .interactivePop
        switch event {
        case .willMove(_, toParent: .some):
            return Citation("§6", .log, reason: "applying the request, inside the call: the stack changes at once")
        case .willMove(_, toParent: nil):
            if interactive {
                return Citation("§6", .model, reason: "inside beginInteractivePop()")
            }
            return Citation("§6", .log, reason: "applying the request, inside the call: the stack changes at once")
        case .viewWillAppear, .viewWillDisappear:
            if interactive {
                return Citation("§6", .log, reason: "the gesture's order: the top leaves, the one below comes")
            }
            return Citation("§6", .log, reason: "the visible transition starts at the end of the turn")
        case .viewDidAppear, .viewDidDisappear:
            return Citation("§6", .log, reason: "when the transition completes")
        case .didMove(let receiver, _):
            if !entries.contains(where: { $0.event.isAppearanceCallback && $0.event.receiver == receiver }) {
                if index > 0, case .willMove(receiver, _) = entries[index - 1].event {
                    return Citation("§6", .log, reason: "neither shown nor the new top: its move completes at once")
                }
                return Citation(
                    "§6", .model, reason: "a pending new top that a later change replaces ends its move then")
            }
            return Citation(
                "§6", interactive ? .model : .log, reason: "right after its viewDidAppear (or viewDidDisappear)")
        case .navigationWillShow:
            return Citation("§6", .log, reason: "after the shown controller's viewWillAppear")
        case .navigationDidShow:
            return Citation("§6", .log, reason: "after the shown controller's viewDidAppear and didMove")
        case .completion:
            return Citation("§6", .model, reason: "after didShow, in request order")
        case .deallocated:
            return Citation("§6", .log, reason: "when nothing else holds it, once its move has ended")
        default:
            return sourceless(event)
        }
    }

    private func tabBarCitation(_ event: LifecycleEvent) -> Citation {
        if context == .builtInForwarding, event.isAppearanceCallback {
            return builtInForwarding
        }
        switch event {
        case .tabShouldSelect:
            return Citation("§7", .doc, reason: "asked for a user's selection only, inside the call")
        case .tabDidSelect:
            switch context {
            case .tabReselection:
                return Citation("§7", .log, reason: "a re-selected tab: told after the pop to the root is requested")
            case .waitingTabSwitch:
                return Citation("§7", .model, reason: "the switch waits: told inside the call, after the selection")
            default:
                return Citation("§7", .doc, .log, reason: "told for a user's selection only, after the views swap")
            }
        case .viewWillAppear, .viewWillDisappear, .viewDidAppear, .viewDidDisappear:
            if context == .waitingTabSwitch {
                return Citation("§7", .model, reason: "the window was busy: the switch ran whole at the end of a turn")
            }
            let isWill: Bool
            switch event {
            case .viewWillAppear, .viewWillDisappear: isWill = true
            default: isWill = false
            }
            return isWill
                ? Citation("§7", .log, reason: "inside the call: the incoming tab's, then the outgoing tab's")
                : Citation("§7", .log, reason: "at the end of the turn: the outgoing tab's, then the incoming tab's")
        case .willMove, .didMove:
            return Citation("§7", .model, reason: "every tab is a child: it moves when the tabs are set")
        default:
            return sourceless(event)
        }
    }

    private func pageCitation(at index: Int) -> Citation {
        let event = entries[index].event
        if context == .builtInForwarding, event.isAppearanceCallback {
            return builtInForwarding
        }
        let programmatic = context == .programmaticPaging
        switch event {
        case .pageControllerBefore, .pageControllerAfter:
            return Citation("§8", .doc, .model, reason: "the data source is asked only when a page is needed")
        case .pageWillTransition:
            return Citation("§8", .doc, reason: "the delegate hears of gesture-driven paging only")
        case .pageDidFinishAnimating:
            return Citation("§8", .doc, reason: "the delegate hears of gesture-driven paging only, last")
        case .willMove(_, toParent: .some):
            return programmatic
                ? Citation("§8", .model, reason: "the new page becomes a child inside the call")
                : Citation("§8", .model, reason: "the incoming page becomes a child as the swipe begins")
        case .didMove(_, toParent: .some):
            return programmatic
                ? Citation("§8", .model, reason: "after the new page's viewDidAppear")
                : Citation("§8", .model, reason: "after the appearance callbacks")
        case .willMove(_, toParent: nil), .didMove(_, toParent: nil):
            return Citation("§8", .model, reason: "the old page leaves once the new one is in place")
        case .viewWillAppear(_, let animated), .viewWillDisappear(_, let animated), .viewDidAppear(_, let animated),
            .viewDidDisappear(_, let animated):
            if context == .middleSpine {
                return animated
                    ? Citation("§8", .log, reason: "the page-curl row as pairs: incoming will right first, else left")
                    : Citation("§8", .log, reason: "the page-curl row as pairs, not animated: left then right")
            }
            guard programmatic else {
                return Citation("§8", .log, reason: "the style's row of the reference (iOS 7 logs)")
            }
            return animated
                ? Citation("§8", .model, reason: "the finished order of the style, at the end of the turn")
                : Citation("§8", .log, reason: "not animated: the finished order of the style, inside the call")
        case .completion:
            return Citation("§8", .model, reason: "after the old page's removal")
        case .deallocated:
            return Citation("§8", .doc, .model, reason: "only the shown pages are retained")
        default:
            return sourceless(event)
        }
    }

    private func presentationCitation(at index: Int) -> Citation {
        let entry = entries[index]
        switch entry.event {
        case .presentationShouldDismiss, .presentationDidAttemptToDismiss:
            return Citation("§9", .log, reason: "the presentation delegate is asked as the pull begins")
        case .presentationWillDismiss, .presentationDidDismiss:
            return Citation("§9", .log, reason: "the presentation delegate's order around the dismissal")
        case .viewWillAppear, .viewWillDisappear, .viewDidAppear, .viewDidDisappear:
            if context == .interactiveDismissal {
                return Citation("§9", .log, .model, reason: "the pull: the sheet leaves, or comes back on cancel")
            }
            let did: Bool
            switch entry.event {
            case .viewDidAppear, .viewDidDisappear: did = true
            default: did = false
            }
            switch (isPresenting(entry), did) {
            case (true, false):
                return Citation("§9", .log, reason: "presenting: will-callbacks at the end of the turn")
            case (true, true):
                return Citation("§9", .log, reason: "presenting completes: the presented controller's did first")
            case (false, false):
                return Citation("§9", .model, reason: "dismissing, the mirror of presenting: will-callbacks")
            case (false, true):
                return Citation("§9", .model, reason: "dismissing completes: the presenter's did first")
            }
        case .completion:
            let presenting = entries[..<index].last(where: { $0.event.isAppearanceCallback }).map(isPresenting)
            return presenting ?? true
                ? Citation("§9", .log, reason: "after the presentation's did-callbacks")
                : Citation("§9", .model, reason: "after the dismissal's did-callbacks")
        case .deallocated:
            return Citation("§9", .model, reason: "dismissed controllers go last, top down")
        default:
            return sourceless(entry.event)
        }
    }

    // MARK: - Helpers

    private var builtInForwarding: Citation {
        Citation("F6", .log, reason: "a built-in container drives its visible child from its own callback")
    }

    /// Lines that no source explains better: deallocations, and calls made from outside the tree.
    private func sourceless(_ event: LifecycleEvent) -> Citation {
        switch event {
        case .deallocated:
            return Citation("§1", .model, reason: "nothing holds it once the turn of its removal is over")
        case .willMove, .didMove:
            return Citation("R3", .doc, reason: "called by the container's code")
        default:
            return Citation("§1", .model, reason: "delivered by the engine")
        }
    }

    /// The kind of a source: from the tree the scenario left, or for a controller that has gone
    /// away (a dismissed sheet, a popped controller), from its type's name.
    private func kind(of id: ControllerID) -> Kind? {
        if let kind = kinds[id] { return kind }
        switch id.typeName {
        case "Controller": return .controller
        case "NavigationController": return .navigation
        case "TabBarController": return .tabBar
        case "PageController": return .page
        default: return nil
        }
    }

    /// Who drove the line; for a deallocation, who drove the controller's last callback, since a
    /// controller goes away as a consequence of what that source did to it.
    private func source(of index: Int) -> EventSource {
        let entry = entries[index]
        guard case .deallocated(let receiver) = entry.event else { return entry.source }
        let last = entries[..<index].last { earlier in
            guard earlier.event.receiver == receiver, case .controller = earlier.source else { return false }
            return true
        }
        return last?.source ?? entry.source
    }

    /// Whether a presentation's appearance line belongs to presenting (the presented controller
    /// appears, the presenter disappears) rather than dismissing. The presenter drives both its own
    /// callbacks and the presented controller's.
    private func isPresenting(_ entry: Recorder.Entry) -> Bool {
        let isPresenter = entry.source == .controller(entry.event.receiver)
        switch entry.event {
        case .viewWillAppear, .viewDidAppear: return !isPresenter
        default: return isPresenter
        }
    }

    /// Whether `didMove(toParent: parent)` ends a move that began towards another parent (R7).
    private func endsElsewhere(_ receiver: ControllerID, at index: Int, parent: ControllerID?) -> Bool {
        for earlier in entries[..<index].reversed() {
            switch earlier.event {
            case .didMove(receiver, _): return false
            case .willMove(receiver, let target): return target != parent
            default: continue
            }
        }
        return false
    }
}
