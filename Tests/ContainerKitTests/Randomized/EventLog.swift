import ContainerKit
import Foundation

/// Collects the events and the violations of one randomized sequence, in delivery order.
///
/// The engine delivers events on the main actor (deallocations wherever the last reference goes,
/// in practice the main thread too); a lock keeps the log honest about `Sendable` all the same.
final class RandomEventLog: LifecycleObserver, @unchecked Sendable {
    /// One delivered event, and whether the world's own hand call sent it.
    struct Entry {
        let event: LifecycleEvent
        /// The event is the `willMove(toParent: nil)` the world called by hand (a custom container's
        /// R3 call, or deliberate misuse): the move it opens is the caller's to close, not the engine's.
        let byHand: Bool
    }

    /// One item of the whole sequence's history, in delivery order (see ``init(keepingHistory:)``).
    enum HistoryItem {
        case event(LifecycleEvent)
        case violation(ContractViolation)
        /// A line the runner writes between events: where a step begins, where an armed operation runs.
        case mark(String)
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var violations: [ContractViolation] = []
    private var handCall: ControllerID?
    /// Everything delivered, reported and marked since the log was made, never forgotten; nil unless
    /// the log keeps a history (the behaviour corpus does; the randomized suite does not).
    private var historyItems: [HistoryItem]?

    /// A log; one `keepingHistory` also keeps, in one list, every event, violation and mark of the
    /// sequence, in order, for ``history``.
    init(keepingHistory: Bool = false) {
        historyItems = keepingHistory ? [] : nil
    }

    func observe(_ event: LifecycleEvent, source: EventSource) {
        lock.withLock {
            var byHand = false
            if case .willMove(let id, toParent: nil) = event, id == handCall { byHand = true }
            entries.append(Entry(event: event, byHand: byHand))
            historyItems?.append(.event(event))
        }
    }

    /// The handler to install with `ContractViolation.withHandler`: it collects, never traps.
    var violationHandler: ContractViolation.Handler {
        { [self] violation in
            lock.withLock {
                violations.append(violation)
                historyItems?.append(.violation(violation))
            }
        }
    }

    /// Adds `line` to the history, if the log keeps one.
    func mark(_ line: @autoclosure () -> String) {
        lock.withLock {
            guard historyItems != nil else { return }
            historyItems?.append(.mark(line()))
        }
    }

    /// Every event, violation and mark since the log was made, in order (empty unless it keeps a
    /// history).
    var history: [HistoryItem] {
        lock.withLock { historyItems ?? [] }
    }

    /// Returns the events delivered since the last call, and forgets them.
    func takeEntries() -> [Entry] {
        lock.withLock {
            defer { entries.removeAll(keepingCapacity: true) }
            return entries
        }
    }

    /// Returns the violations reported since the last call, and forgets them.
    func takeViolations() -> [ContractViolation] {
        lock.withLock {
            defer { violations.removeAll(keepingCapacity: true) }
            return violations
        }
    }

    /// How many events and violations were delivered since the last ``takeEntries()`` and
    /// ``takeViolations()``: a mark, to read what a call made inside a step delivered.
    var counts: (entries: Int, violations: Int) {
        lock.withLock { (entries.count, violations.count) }
    }

    /// The events delivered since `mark` (a count of ``counts``), not forgotten.
    func entries(since mark: Int) -> [Entry] {
        lock.withLock { Array(entries[min(mark, entries.count)...]) }
    }

    /// The violations reported since `mark` (a count of ``counts``), not forgotten.
    func violations(since mark: Int) -> [ContractViolation] {
        lock.withLock { Array(violations[min(mark, violations.count)...]) }
    }

    /// Runs `call`, a `willMove(toParent: nil)` the world makes by hand on `controller`. A hand
    /// call made from inside another's callback (an armed operation) restores the outer one after.
    @MainActor
    func handWillMove(_ controller: Controller, _ call: () -> Void) {
        let outer = lock.withLock {
            defer { handCall = controller.id }
            return handCall
        }
        call()
        lock.withLock { handCall = outer }
    }
}

/// What the events delivered to one controller say about it, checked against spec §2 and §3 as
/// they arrive.
struct CallbackModel {
    /// A move begun by `willMove(toParent:)` and not yet ended by `didMove(toParent:)`.
    struct OpenMove {
        let destination: ControllerID?
        /// The engine must end it (a built-in container's move), not the caller (a custom
        /// container's, R3).
        let engineOwned: Bool
    }

    var state = AppearanceState.disappeared
    var loadViews = 0
    var viewDidLoads = 0
    /// `viewIsAppearing` ran since the last `viewWillAppear`.
    var isAppearingInPhase = false
    /// `viewIsAppearing` ran since the appearance began (since the last did-callback).
    var isAppearingInCycle = false
    var openMove: OpenMove?
    /// Where the last move that ended left the controller (nil before any move, or after a removal).
    var settledParent: ControllerID?
    /// The open move was already reported, so one broken move yields one failure.
    var reportedOpenMove = false
    /// UIKit's repeated `didMove(toParent:)` is due (R7): a custom container's `didMove(toParent:
    /// p)` came while the controller was appearing, or its removal while it was disappearing.
    var repeatDue = false
    /// A `viewDidAppear` or `viewDidDisappear` came since ``repeatDue`` was set: the next
    /// `didMove(toParent:)` is the repeat.
    var repeatOwed = false

    /// Applies `event`, received by this controller; returns what it breaks, if anything.
    /// `isBuiltIn` tells whether a controller is a navigation, tab bar or page controller.
    mutating func apply(_ entry: RandomEventLog.Entry, isBuiltIn: (ControllerID?) -> Bool) -> String? {
        switch entry.event {
        case .loadView:
            loadViews += 1
            return loadViews > 1 ? "loadView() ran a second time" : nil
        case .viewDidLoad:
            viewDidLoads += 1
            return viewDidLoads > 1 ? "viewDidLoad() ran a second time (§3: exactly once)" : nil
        case .viewWillAppear:
            return appearance("viewWillAppear", from: [.disappeared, .disappearing], to: .appearing) {
                $0.isAppearingInPhase = false
            }
        case .viewIsAppearing:
            guard viewDidLoads > 0 else { return "viewIsAppearing before viewDidLoad (§3)" }
            guard state == .appearing else { return "viewIsAppearing while \(state) (§3: only while appearing)" }
            guard !isAppearingInPhase else { return "viewIsAppearing twice in one appearance (§3)" }
            isAppearingInPhase = true
            isAppearingInCycle = true
            return nil
        case .viewDidAppear:
            if viewDidLoads > 0, state == .appearing, !isAppearingInCycle {
                return "viewDidAppear without viewIsAppearing before it (§3: once per appearance, before did)"
            }
            return appearance("viewDidAppear", from: [.appearing], to: .appeared) {
                $0.isAppearingInCycle = false
                $0.repeatOwed = $0.repeatDue
            }
        case .viewWillDisappear:
            return appearance("viewWillDisappear", from: [.appearing, .appeared], to: .disappearing) { _ in }
        case .viewDidDisappear:
            return appearance("viewDidDisappear", from: [.disappearing], to: .disappeared) {
                $0.isAppearingInCycle = false
                $0.repeatOwed = $0.repeatDue
            }
        case .willMove(_, let destination):
            if destination == nil, openMove == nil, settledParent == nil {
                // FidelityToUIKit: `willMove(toParent: nil)` on a controller with no parent is accepted, and
                // opens nothing.
                return nil
            }
            if let open = openMove {
                return "willMove(toParent: \(Self.name(destination))) while the move to \(Self.name(open.destination)) "
                    + "is open (R7: no second willMove while a move is open)"
            }
            let engineOwned = destination.map(isBuiltIn) ?? !entry.byHand
            openMove = OpenMove(destination: destination, engineOwned: engineOwned)
            reportedOpenMove = false
            return nil
        case .didMove(_, let destination):
            // UIKit's repeat names the parent the controller has now: the destination of an addition
            // under way, otherwise where its last move left it. A didMove naming another parent is a
            // move's own end, made inside the did-callback (a built-in container dropping an addition,
            // say): it ends that move, and the repeat with it, as every didMove the engine accepts
            // sets or clears UIKit's bit.
            let currentParent = openMove.map { $0.destination ?? settledParent } ?? settledParent
            if repeatOwed, destination == currentParent {
                // UIKit's repeat: it ends no move.
                repeatDue = false
                repeatOwed = false
                return nil
            }
            repeatOwed = false
            // A custom container's move that ends while its appearance is open makes the repeat due.
            let formerParent = openMove?.destination ?? settledParent
            repeatDue =
                destination.map { state == .appearing && !isBuiltIn($0) }
                ?? (state == .disappearing && !isBuiltIn(formerParent))
            defer {
                openMove = nil
                settledParent = destination
            }
            if openMove == nil, destination != nil {
                return "didMove(toParent: \(Self.name(destination))) with no move begun (R7)"
            }
            return nil
        case .viewWillTransition, .preferredContentSizeDidChange, .completion, .deallocated, .navigationWillShow,
            .navigationDidShow, .tabShouldSelect, .tabDidSelect, .pageControllerBefore, .pageControllerAfter,
            .pageWillTransition, .pageDidFinishAnimating, .presentationShouldDismiss, .presentationWillDismiss,
            .presentationDidDismiss, .presentationDidAttemptToDismiss:
            return nil
        }
    }

    private mutating func appearance(
        _ callback: String, from allowed: [AppearanceState], to next: AppearanceState, _ update: (inout Self) -> Void
    ) -> String? {
        guard viewDidLoads > 0 else { return "\(callback) before viewDidLoad (§3: viewDidLoad comes first)" }
        guard allowed.contains(state) else {
            return
                "\(callback) while \(state) (§3 allows it only from \(allowed.map(\.description).joined(separator: " or ")))"
        }
        state = next
        update(&self)
        return nil
    }

    static func name(_ id: ControllerID?) -> String { id.map(\.description) ?? "nil" }
}

extension LifecycleEvent {
    /// A question the engine asks a delegate or data source, rather than a callback it delivers: a
    /// refused call may ask before it refuses.
    var isQuestion: Bool {
        switch self {
        case .pageControllerBefore, .pageControllerAfter, .tabShouldSelect, .presentationShouldDismiss,
            .presentationDidAttemptToDismiss:
            return true
        case .loadView, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
            .viewDidDisappear, .willMove, .didMove, .viewWillTransition, .preferredContentSizeDidChange, .completion,
            .deallocated, .navigationWillShow, .navigationDidShow, .tabDidSelect, .pageWillTransition,
            .pageDidFinishAnimating, .presentationWillDismiss, .presentationDidDismiss:
            return false
        }
    }
}
