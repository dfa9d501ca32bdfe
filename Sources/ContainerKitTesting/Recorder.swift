import ContainerKit
import Foundation

/// Records every ``LifecycleEvent`` delivered inside its scope, across the whole tree, in one
/// ordered transcript, and every ``ContractViolation`` reported there.
///
/// ```swift
/// let recorder = Recorder()
/// recorder.record {
///     parent.addChild(child)
///     parent.view.addSubview(child.view)
///     child.didMove(toParent: parent)
/// }
/// #expect(recorder.transcript() == """
///     child.willMove(toParent: parent)
///     child.loadView()
///     child.viewDidLoad()
///     child.viewWillAppear(animated: false)
///     child.didMove(toParent: parent)
///     """)
/// ```
///
/// The scope is bound to the current task, so parallel tests never see each other's events.
/// Inside ``record(_:)`` violations are captured in ``violations`` instead of stopping the program.
public final class Recorder: LifecycleObserver, @unchecked Sendable {
    /// One recorded event and who drove it.
    public struct Entry: Hashable, Sendable {
        /// The event.
        public let event: LifecycleEvent
        /// Who drove it.
        public let source: EventSource

        /// Creates an entry.
        public init(event: LifecycleEvent, source: EventSource) {
            self.event = event
            self.source = source
        }
    }

    private let lock = NSLock()
    private var recordedEntries: [Entry] = []
    private var recordedViolations: [ContractViolation] = []

    /// Creates an empty recorder.
    public init() {}

    /// Runs `body`, recording every event delivered and every violation reported inside it.
    public func record<Result>(_ body: () throws -> Result) rethrows -> Result {
        try ContractViolation.withHandler({ [self] violation in
            lock.withLock { recordedViolations.append(violation) }
        }) {
            try LifecycleObservation.observe(with: self, body)
        }
    }

    public func observe(_ event: LifecycleEvent, source: EventSource) {
        lock.withLock { recordedEntries.append(Entry(event: event, source: source)) }
    }

    /// Every entry recorded so far, in order.
    public var entries: [Entry] { lock.withLock { recordedEntries } }

    /// Every event recorded so far, in order.
    public var events: [LifecycleEvent] { entries.map(\.event) }

    /// Every violation reported so far inside ``record(_:)``, in order.
    public var violations: [ContractViolation] { lock.withLock { recordedViolations } }

    /// The events recorded so far in transcript notation, one a line. `viewIsAppearing` lines are
    /// left out unless `includingViewIsAppearing`, as in the lifecycle reference.
    public func transcript(includingViewIsAppearing: Bool = false) -> String {
        events.filter { event in
            if case .viewIsAppearing = event { return includingViewIsAppearing }
            return true
        }
        .map(\.description)
        .joined(separator: "\n")
    }

    /// Returns ``transcript(includingViewIsAppearing:)`` and forgets the events, so the next call
    /// shows only what happens after this one.
    public func takeTranscript(includingViewIsAppearing: Bool = false) -> String {
        let text = transcript(includingViewIsAppearing: includingViewIsAppearing)
        clearEvents()
        return text
    }

    /// Forgets the events recorded so far.
    public func clearEvents() {
        lock.withLock { recordedEntries.removeAll() }
    }

    /// Returns the violations reported so far and forgets them.
    public func takeViolations() -> [ContractViolation] {
        lock.withLock {
            defer { recordedViolations.removeAll() }
            return recordedViolations
        }
    }
}
