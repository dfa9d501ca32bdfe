/// What a scenario shows, where the source of a line alone does not say which rule applies.
///
/// A line's source (``EventSource``) tells most of the story: a window drives F2, a custom
/// container forwards (F1, F4) or moves its children (R1–R4), a navigation, tab or page controller
/// runs its transition (§6–§8), a presenter its presentation (§9). The context adds what the
/// source cannot tell: a navigation controller's pop to the root follows other rules than its push.
enum ExplanationContext: Hashable, Sendable {
    /// Custom containers, windows and size changes (§1–§4, §10).
    case standard
    /// `transition(from:to:…)` (§5).
    case transition
    /// An interactive pop (§6).
    case interactivePop
    /// A pop to the root or `setControllers(_:animated:)` on a navigation controller (§6).
    case bulkNavigation
    /// Built-in containers driving their visible children from their own callbacks (F6).
    case builtInForwarding
    /// A re-selected tab (§7).
    case tabReselection
    /// A tab switch asked for while the window had a visible transition pending or in flight: it
    /// waits, and runs whole at the end of a turn (§7, §1).
    case waitingTabSwitch
    /// Programmatic `setControllers` on a visible page controller (§8).
    case programmaticPaging
    /// A page turn with a middle spine (§8).
    case middleSpine
    /// An interactive dismissal of a sheet (§9).
    case interactiveDismissal
}
