/// The layout pass (§1, §3 **[rev 2]**): the `viewIsAppearing(_:)` of appearances that were begun
/// earlier and wait for it, sent before their `viewDidAppear(_:)`s.
///
/// UIKit sends `viewIsAppearing(_:)` once the view is in the window and laid out: for a tree that
/// entered a window during a turn, in the layout pass at the end of that turn, before the
/// after-commit blocks that send the `viewDidAppear(_:)`s; for a tab switch's incoming tab, before
/// the switch's did-half. So every controller of the pass hears `viewIsAppearing(_:)` before any of
/// them hears `viewDidAppear(_:)`.
@MainActor
enum LayoutPass {
    /// Sends `viewIsAppearing(_:)` to `root` and to the controllers appearing with it that it
    /// reaches by forwarding (F1, F6; none below one that forwards by hand, F4), pre-order, each that
    /// still awaits it, once per appearance. A controller that is no longer appearing is passed
    /// over, with what is below it; so is one whose callback moved it on.
    ///
    /// Each controller's step is planned on the loop's agenda, those appearing with it above it as
    /// it runs, last first, so that they run in order before the next step planned below.
    static func run(from root: Controller, source: EventSource, rule: Rule) {
        let base = DeliveryLoop.agendaTop
        DeliveryLoop.planHeld(.layOutAppearing, for: root)
        DeliveryLoop.drainListed(.layOutAppearing, above: base) { controller in
            guard DeliveryLoop.verdict(.reached(controller, .appearing)) == .hold else { return }
            if controller.appearance.awaitsViewIsAppearing,
                !DeliveryLoop.sendViewIsAppearing(to: controller, source: .given(source), rule: rule)
            {
                return
            }
            planAppearing(with: controller)
        }
    }

    /// Plans the step for the children `controller` forwards its appearance to (F1, F6), last
    /// first: none for one that forwards by hand (F4). Straight onto the agenda, so that a pass
    /// allocates nothing per node.
    private static func planAppearing(with controller: Controller) {
        guard let container = controller.asContainer, !container.childList.isEmpty,
            let containerView = container.storedView
        else { return }
        switch container.appearanceForwarding {
        case .automatic:
            AppearanceWalk.forEachAutomaticTarget(of: container, inside: containerView) { child in
                DeliveryLoop.planHeld(.layOutAppearing, for: child)
            }
        case .containerDriven:
            container.childList.forEachReversed { child in
                if container.shows(child) { DeliveryLoop.planHeld(.layOutAppearing, for: child) }
            }
        case .manual:
            break
        }
    }
}
