/// The rules of the lifecycle reference the engine cites as events' causes: one case for each
/// place the engine plans a callback for its own reason. A byte, so that planning one costs a store.
enum Rule: UInt8 {
    // Views, windows and turns (§1, §3, F2)
    case viewLoad, manualAppearance, windowEntry, windowExit, turnEnd
    case viewIsAppearingInWindow, viewIsAppearingInTransition, viewIsAppearingInTabSwitch
    case viewIsAppearingBeforeDidAppear
    case sizeTransition, preferredContentSize, release
    // Forwarding (F1, F4, F6)
    case forwarded, forwardedByHand, builtInForwarding
    // Containment (R1–R4, R7)
    case addChild, removeFromParent, reparentingWillMove, reparentingRemoval, reparentingAddition
    case containerWillMoveToNil, containerDidMove, containerDidMoveInTransition, containerCall, moveEndsElsewhere
    case repeatedDidMove
    // transition(from:to:…) (§5)
    case transitionWill, transitionDid, transitionCompletion
    // Navigation (§6)
    case navigationApply, navigationInteractiveWillMove, navigationWill, navigationInteractiveWill
    case navigationDid, navigationDidMove, navigationInteractiveDidMove, navigationMoveAtOnce
    case navigationReplacedPendingTop, navigationWillShow, navigationDidShow, navigationCompletion
    case navigationRelease
    // Tabs (§7)
    case tabShouldSelect, tabDidSelect, tabDidSelectReselected, tabDidSelectWaiting
    case tabWill, tabDid, tabWaitingSwitch, tabMove
    // Pages (§8)
    case pageDataSource, pageWillTransition, pageDidFinishAnimating
    case pageAddedByCall, pageAddedBySwipe, pageDidMoveByCall, pageDidMoveBySwipe, pageLeaves
    case pageCurlAnimated, pageCurl, pageSwipe, pageByCallAnimated, pageByCall, pageCompletion, pageRelease
    // Presentation (§9)
    case presentationAsked, presentationDelegate, presentationPull
    case presentingWill, presentingDid, dismissingWill, dismissingDid
    case presentationCompletion, dismissalCompletion, presentationRelease

    /// The rule as an event's cause cites it.
    var cited: LifecycleRule {
        let (section, evidence, reason) = Self.catalog(self)
        return LifecycleRule(section: section, evidence: evidence, reason: reason)
    }

    private static func catalog(_ rule: Rule) -> (String, [LifecycleRule.Evidence], String) {
        switch rule {
        case .viewLoad: ("§3", [.doc], "the view loads once, just before the first callback that needs it")
        case .manualAppearance: ("§3", [.doc], "beginAppearanceTransition/endAppearanceTransition act inside the call")
        case .windowEntry: ("F2", [.log], "a view entering a visible window: inside the call, pre-order")
        case .windowExit: ("F2", [.model], "a view leaving, or its window hidden: inside the call, pre-order")
        case .turnEnd: ("§1", [.log], "deferred to the end of the window's turn")
        case .viewIsAppearingInWindow:
            ("§1", [.log, .model], "the layout pass: at the end of the turn, before the turn's viewDidAppears")
        case .viewIsAppearingBeforeDidAppear:
            ("§3", [.doc, .log], "otherwise: right before viewDidAppear, the appearance still open")
        case .viewIsAppearingInTransition:
            ("§1", [.log, .model], "an animated transition: right after its will-callbacks and willShow")
        case .viewIsAppearingInTabSwitch:
            ("§1", [.log, .model], "the layout pass: the incoming tab's, before the did-half")
        case .sizeTransition: ("§10", [.doc, .log], "a resize reaches each controller inside the call, parent first")
        case .preferredContentSize:
            ("§10", [.doc], "the parent hears of a child's new preferredContentSize inside the setter")
        case .release: ("§1", [.model], "nothing holds it once the turn of its removal is over")
        case .forwarded: ("F1", [.log], "forwarded after the parent's own callback, in children order")
        case .forwardedByHand: ("F4", [.doc], "the container drives its child with begin/endAppearanceTransition")
        case .builtInForwarding: ("F6", [.log], "a built-in container drives its visible child from its own callback")
        case .addChild: ("R1", [.doc], "addChild(_:) sends it before the child joins children")
        case .removeFromParent: ("R2", [.doc], "removeFromParent() sends it after the child left children")
        case .reparentingWillMove: ("R4", [.log], "addChild(_:) first begins the child's move out of its old parent")
        case .reparentingRemoval: ("R4", [.doc], "then removes the child from its old parent")
        case .reparentingAddition: ("R4", [.log], "then the move to the new parent, in UIKit's order")
        case .containerWillMoveToNil: ("R3", [.doc], "the container calls it before removeFromParent()")
        case .containerDidMove: ("R3", [.doc], "the container calls it once the child is in place")
        case .containerDidMoveInTransition: ("R3", [.doc], "the container calls it from the transition's completion")
        case .containerCall: ("R3", [.doc], "called by the container's code")
        case .moveEndsElsewhere: ("R7", [.model], "the move ends where the controller ended up")
        case .repeatedDidMove:
            ("R7", [.log], "UIKit's repeat: the first came while its appearance was open")
        case .transitionWill: ("§5", [.log], "transition(from:to:…): will-callbacks inside the call")
        case .transitionDid: ("§5", [.log], "did-callbacks when the animation completes")
        case .transitionCompletion: ("§5", [.log], "after the did-callbacks, before the container's move calls")
        case .navigationApply: ("§6", [.log], "applying the request, inside the call: the stack changes at once")
        case .navigationInteractiveWillMove: ("§6", [.model], "inside beginInteractivePop()")
        case .navigationWill: ("§6", [.log], "the visible transition starts at the end of the turn")
        case .navigationInteractiveWill: ("§6", [.log], "the gesture's order: the top leaves, the one below comes")
        case .navigationDid: ("§6", [.log], "when the transition completes")
        case .navigationDidMove: ("§6", [.log], "right after its viewDidAppear (or viewDidDisappear)")
        case .navigationInteractiveDidMove: ("§6", [.model], "right after its viewDidAppear (or viewDidDisappear)")
        case .navigationMoveAtOnce: ("§6", [.log], "neither shown nor the new top: its move completes at once")
        case .navigationReplacedPendingTop:
            ("§6", [.model], "a pending new top that a later change replaces ends its move then")
        case .navigationWillShow: ("§6", [.log], "after the shown controller's viewWillAppear")
        case .navigationDidShow: ("§6", [.log], "after the shown controller's viewDidAppear and didMove")
        case .navigationCompletion: ("§6", [.model], "after didShow, in request order")
        case .navigationRelease: ("§6", [.log], "when nothing else holds it, once its move has ended")
        case .tabShouldSelect: ("§7", [.doc], "asked for a user's selection only, inside the call")
        case .tabDidSelect: ("§7", [.doc, .log], "told for a user's selection only, after the views swap")
        case .tabDidSelectReselected: ("§7", [.log], "a re-selected tab: told after the pop to the root is requested")
        case .tabDidSelectWaiting: ("§7", [.model], "the switch waits: told inside the call, after the selection")
        case .tabWill: ("§7", [.log], "inside the call: the incoming tab's, then the outgoing tab's")
        case .tabDid: ("§7", [.log], "at the end of the turn: the outgoing tab's, then the incoming tab's")
        case .tabWaitingSwitch: ("§7", [.model], "the window was busy: the switch ran whole at the end of a turn")
        case .tabMove: ("§7", [.model], "every tab is a child: it moves when the tabs are set")
        case .pageDataSource: ("§8", [.doc, .model], "the data source is asked only when a page is needed")
        case .pageWillTransition: ("§8", [.doc], "the delegate hears of gesture-driven paging only")
        case .pageDidFinishAnimating: ("§8", [.doc], "the delegate hears of gesture-driven paging only, last")
        case .pageAddedByCall: ("§8", [.model], "the new page becomes a child inside the call")
        case .pageAddedBySwipe: ("§8", [.model], "the incoming page becomes a child as the swipe begins")
        case .pageDidMoveByCall: ("§8", [.model], "after the new page's viewDidAppear")
        case .pageDidMoveBySwipe: ("§8", [.model], "after the appearance callbacks")
        case .pageLeaves: ("§8", [.model], "the old page leaves once the new one is in place")
        case .pageCurlAnimated: ("§8", [.log], "the page-curl row as pairs: incoming will right first, else left")
        case .pageCurl: ("§8", [.log], "the page-curl row as pairs, not animated: left then right")
        case .pageSwipe: ("§8", [.log], "the style's row of the reference (iOS 7 logs)")
        case .pageByCallAnimated: ("§8", [.model], "the finished order of the style, at the end of the turn")
        case .pageByCall: ("§8", [.log], "not animated: the finished order of the style, inside the call")
        case .pageCompletion: ("§8", [.model], "after the old page's removal")
        case .pageRelease: ("§8", [.doc, .model], "only the shown pages are retained")
        case .presentationAsked: ("§9", [.log], "the presentation delegate is asked as the pull begins")
        case .presentationDelegate: ("§9", [.log], "the presentation delegate's order around the dismissal")
        case .presentationPull: ("§9", [.log, .model], "the pull: the sheet leaves, or comes back on cancel")
        case .presentingWill: ("§9", [.log], "presenting: will-callbacks at the end of the turn")
        case .presentingDid: ("§9", [.log], "presenting completes: the presented controller's did first")
        case .dismissingWill: ("§9", [.model], "dismissing, the mirror of presenting: will-callbacks")
        case .dismissingDid: ("§9", [.model], "dismissing completes: the presenter's did first")
        case .presentationCompletion: ("§9", [.log], "after the presentation's did-callbacks")
        case .dismissalCompletion: ("§9", [.model], "after the dismissal's did-callbacks")
        case .presentationRelease: ("§9", [.model], "dismissed controllers go last, top down")
        }
    }
}
