/// A presentation or a dismissal that waits in a ``PresentationChainMachine``: all the machine reads
/// of it is its identity and whether it dismisses (spec §9).
package protocol PresentationChainTransition: AnyObject {
    /// Whether the transition dismisses (false: it presents).
    var isDismissal: Bool { get }
}

/// One controller's place in a presentation chain, as a value (spec §9): what it presents, what
/// presents it and with which style, which transition of its own delivers its callbacks, the
/// presentations and dismissals that start at it, and where a full-screen presentation took its
/// view from.
///
/// The links change inside the call that presents; the transition then waits for its turn in the
/// window. A presented controller's own callbacks come from its presentation, its dismissal, or a
/// pull-down of its sheet (a cancelled pull brings it back, as a presentation does):
///
/// ```
/// notPresented ──presentationRequested──▶ presented ──presentationBegan──▶ presenting
/// presenting   ──presentationEnded──────▶ presented
/// presented    ──dismissalBegan─────────▶ dismissing  ──dismissed─────▶ notPresented
/// presented    ──pullBegan──────────────▶ pullingDown ──pullFinished──▶ notPresented
/// pullingDown  ──pullCancelled──────────▶ presenting (reappearing), or presented
/// ```
///
/// It calls no user code; each event commits the state before returning, so the callbacks it leads
/// to see the new state. An event that is not legal from the current state throws a ``Refusal`` and
/// changes nothing. The events a transition sends as it runs are accepted in every state: the app's
/// code runs between a request and its turn, and an off-screen dismissal may cut the links of a
/// chain whose sheet is being pulled down.
///
/// Ownership is that of UIKit: the controller presented is held strongly, the presenter weakly, and
/// the transitions are kept alive here until each ends.
package struct PresentationChainMachine<Transition: PresentationChainTransition> {
    /// Where the controller stands in its presentation.
    package enum Phase: Hashable, Sendable {
        /// Nothing presents it.
        case notPresented
        /// It is presented, and no transition of its own delivers its callbacks.
        case presented
        /// Its presentation delivers its callbacks (or a cancelled pull brings it back).
        case presenting
        /// Its dismissal delivers its callbacks.
        case dismissing
        /// Its sheet is being pulled down: the gesture's dismissal delivers its callbacks.
        case pullingDown
    }

    /// Why an event is not legal from the current state. Nothing changes when one is thrown.
    package enum Refusal: Error, Hashable, Sendable {
        /// The controller is presented already.
        case presentedAlready
        /// The controller presents a controller already.
        case presentsAlready
        /// Nothing presents the controller.
        case notPresented
        /// A dismissal of the controller waits for its turn or runs, or its sheet is being pulled down.
        case dismissalUnderWay
        /// The controller is not presented with a sheet style.
        case notASheet
        /// Presentations or dismissals that start at the controller wait for their turn or run.
        case transitionsWaiting
    }

    /// Which transition of the controller's own delivers its callbacks; the phase adds the link.
    private enum Activity: Hashable {
        case none, presenting, dismissing, pullingDown
    }

    /// The controller this one presents (strong: ownership runs up the chain of presentations).
    package private(set) var presented: Controller?
    /// The controller that presents this one (weak).
    package private(set) weak var presenting: Controller?
    /// The style this controller was presented with, resolved.
    package private(set) var presentedStyle: ModalPresentationStyle?
    /// The presentations and dismissals whose chain starts at this controller (it is the one
    /// presented, or the bottom of the chain dismissed), waiting for or running their turn in the
    /// window, in request order; kept alive here until each ends.
    package private(set) var transitions: [Transition] = []
    /// Where this controller's view was before a full-screen presentation took it out of the window.
    package private(set) weak var hiddenViewSuperview: View?
    /// The view's index among the subviews of ``hiddenViewSuperview``.
    package private(set) var hiddenViewIndex = 0
    private var activity = Activity.none

    /// A new machine: ``Phase/notPresented``, presenting nothing.
    package init() {}

    /// Where the controller stands in its presentation.
    package var phase: Phase {
        switch activity {
        case .none: presenting == nil ? .notPresented : .presented
        case .presenting: .presenting
        case .dismissing: .dismissing
        case .pullingDown: .pullingDown
        }
    }

    /// Whether a dismissal delivers the controller's callbacks: its own, or a pull-down of its sheet.
    package var isDismissing: Bool { activity == .dismissing || activity == .pullingDown }

    /// Whether a dismissal takes the controller away: one delivers its callbacks, or one that starts
    /// at it waits for its turn or runs.
    package var isDismissalUnderWay: Bool { isDismissing || transitions.contains { $0.isDismissal } }

    /// Why the controller's sheet cannot be pulled down now, as far as its presentation tells: nil
    /// when it can.
    package var pullRefusal: Refusal? {
        if presenting == nil { return .notPresented }
        if presented != nil { return .presentsAlready }
        if presentedStyle?.isSheet != true { return .notASheet }
        if !transitions.isEmpty { return .transitionsWaiting }
        return nil
    }
}

// MARK: - The presenter's side

extension PresentationChainMachine {
    /// The controller presents `controller` from now on. Refused when it presents one already.
    package mutating func beganPresenting(_ controller: Controller) throws(Refusal) {
        guard presented == nil else { throw .presentsAlready }
        presented = controller
    }

    /// The controller it presented is dismissed: it presents nothing. Accepted in every state.
    package mutating func presentedControllerLeft() {
        presented = nil
    }

    /// A full-screen presentation took the controller's view out of `superview`, where it was at
    /// `index`. Accepted in every state.
    package mutating func viewHidden(from superview: View, at index: Int) {
        hiddenViewSuperview = superview
        hiddenViewIndex = index
    }

    /// The dismissal puts the view back: returns the place it was taken from, if it is still known,
    /// and forgets it. Accepted in every state.
    package mutating func hiddenViewPlaceTaken() -> (superview: View, index: Int)? {
        guard let superview = hiddenViewSuperview else { return nil }
        let index = hiddenViewIndex
        hiddenViewSuperview = nil
        hiddenViewIndex = 0
        return (superview, index)
    }

    /// `place` is no place for the hidden view any more (a window whose root the controller no longer
    /// is): the place is forgotten if it was `place`. Accepted in every state.
    package mutating func hiddenViewPlaceGone(_ place: View) {
        guard hiddenViewSuperview === place else { return }
        hiddenViewSuperview = nil
        hiddenViewIndex = 0
    }
}

// MARK: - The presented side

extension PresentationChainMachine {
    /// `presenter` presents the controller with `style`, by `transition`, which waits for its turn.
    /// Refused when the controller is presented already, or presents a controller itself.
    package mutating func presentationRequested(
        by presenter: Controller, style: ModalPresentationStyle, transition: Transition
    ) throws(Refusal) {
        guard presenting == nil else { throw .presentedAlready }
        guard presented == nil else { throw .presentsAlready }
        presenting = presenter
        presentedStyle = style
        transitions.append(transition)
    }

    /// A dismissal of the chain that starts at the controller waits for its turn. Refused when
    /// nothing presents the controller, or a dismissal takes it away already.
    package mutating func dismissalRequested(_ transition: Transition) throws(Refusal) {
        guard presenting != nil else { throw .notPresented }
        guard !isDismissalUnderWay else { throw .dismissalUnderWay }
        transitions.append(transition)
    }

    /// `transition` has ended: the controller stops keeping it. Accepted for any transition.
    package mutating func transitionEnded(_ transition: Transition) {
        transitions.removeAll { $0 === transition }
    }

    /// The presentation's turn has come: it delivers the controller's callbacks. Accepted in every
    /// state.
    package mutating func presentationBegan() {
        activity = .presenting
    }

    /// The presentation (or the return of a cancelled pull) has completed. Accepted in every state.
    package mutating func presentationEnded() {
        activity = .none
    }

    /// The dismissal's turn has come and the controller is showing: the dismissal delivers its
    /// callbacks. Accepted in every state.
    package mutating func dismissalBegan() {
        activity = .dismissing
    }

    /// A dismissal has completed or settled off screen: the controller's links are cut (it is
    /// presented by nothing and presents nothing). Accepted in every state.
    package mutating func dismissed() {
        activity = .none
        presenting = nil
        presented = nil
        presentedStyle = nil
    }

    /// The controller's sheet is being pulled down. Accepted in every state: the presentation
    /// delegate's code runs between ``pullRefusal`` and the gesture, and the pull goes on as asked.
    package mutating func pullBegan() {
        activity = .pullingDown
    }

    /// The pull was cancelled: the controller comes back (`reappearing`, as its presentation brought
    /// it, until ``presentationEnded()``) or stays presented with no callbacks. Accepted in every
    /// state (an off-screen dismissal may have settled the chain meanwhile).
    package mutating func pullCancelled(reappearing: Bool) {
        activity = reappearing ? .presenting : .none
    }

    /// The pull finished: the controller is presented by nothing (it presents nothing either, as a
    /// pull begins only then and a controller being dismissed cannot present). Accepted in every
    /// state.
    package mutating func pullFinished() {
        activity = .none
        presenting = nil
        presentedStyle = nil
    }
}
