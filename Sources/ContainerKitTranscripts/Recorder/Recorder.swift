import ContainerKit

/// Records every `LifecycleEvent` delivered inside its scope, across the whole tree, in one
/// ordered transcript, and checks it exhaustively.
///
/// ```swift
/// let recorder = Recorder()
/// recorder.record {
///     nav.push(b, animated: true)
///     window.runUntilIdle()
/// }
/// recorder.expect("""
///     b.willMove(toParent: nav)
///     b.loadView()
///     …
///     """)
/// ```
///
/// The scope is bound to the current task, so parallel tests never see each other's events, and
/// nothing is subclassed: built-in containers, completions and deallocations are recorded like
/// everything else. Inside ``record(violations:fileID:filePath:line:column:_:)`` a contract violation
/// fails the test unless ``expectViolation(_:unchanged:fileID:filePath:line:column:_:)`` expected it.
///
/// ``expect(_:filter:fileID:filePath:line:column:)`` consumes what it matched; ``finish(fileID:filePath:line:column:)``
/// fails on events nobody asserted, on work still waiting for `runUntilIdle()` and on transitions
/// still in flight. When the recorder goes away without `finish()`, it checks the unasserted events
/// again (not the windows), and reports them where it was created.
///
/// ## Topics
///
/// ### Recording
///
/// - ``init(fileID:filePath:line:column:)``
/// - ``record(violations:fileID:filePath:line:column:_:)``
/// - ``record(violations:fileID:filePath:line:column:isolation:_:)``
/// - ``skipEvents()``
///
/// ### Asserting
///
/// - ``expect(_:filter:fileID:filePath:line:column:)``
/// - ``finish(fileID:filePath:line:column:)``
/// - ``withExhaustivity(_:_:)``
/// - ``Exhaustivity``
///
/// ### Contract violations
///
/// - ``expectViolation(_:unchanged:fileID:filePath:line:column:_:)``
/// - ``ViolationPolicy``
/// - ``violations``
/// - ``takeViolations()``
///
/// ### Reading the transcript
///
/// - ``transcript(includingViewIsAppearing:explained:)``
/// - ``takeTranscript(includingViewIsAppearing:explained:)``
/// - ``explain(_:)``
/// - ``explanation(of:)``
/// - ``entries``
/// - ``events``
/// - ``pendingEntries``
/// - ``observedWindows``
/// - ``Entry``
///
/// ### Naming controllers
///
/// - ``name(_:_:)``
/// - ``name(for:)``
/// - ``render(_:)``
///
/// ### Drawing the transcript
///
/// - ``mermaidDiagram(filter:)``
///
/// ### Observing events
///
/// - ``observe(_:source:cause:)``
/// - ``observe(_:source:)``
/// - ``observe(windowActivity:)``
public final class Recorder: LifecycleObserver, @unchecked Sendable {
    /// One recorded event, who drove it, and why.
    public struct Entry: Hashable, Sendable {
        /// The event.
        public let event: LifecycleEvent
        /// Who drove it.
        public let source: EventSource
        /// Why it was delivered: the rule it follows and the call that planned it. Nil only for an
        /// entry made without one (an observer's own ``Recorder/observe(_:source:)`` call).
        public let cause: LifecycleCause?

        /// Creates an entry.
        public init(event: LifecycleEvent, source: EventSource, cause: LifecycleCause? = nil) {
            self.event = event
            self.source = source
            self.cause = cause
        }
    }

    /// What a contract violation inside ``record(violations:fileID:filePath:line:column:_:)`` does.
    public enum ViolationPolicy: Sendable {
        /// Fails the test at the `record` call, unless `expectViolation` expected it (the default).
        case failTest
        /// Only collects it in ``violations``, for tests that inspect violations themselves.
        case collect
    }

    /// Whether ``expect(_:filter:fileID:filePath:line:column:)`` must match every event.
    public enum Exhaustivity: Sendable {
        /// Every event must be matched, in order (the default).
        case on
        /// The expected lines must appear in order; anything may stand between them, and what is
        /// left unasserted when the scope ends is skipped.
        case off
    }

    struct WeakWindow {
        weak var window: Window?
    }

    /// What the recorder knows, behind its lock; the assertions of ContainerKitTesting read and
    /// consume it through `withState(_:)`.
    package struct State {
        package var entries: [Entry] = []
        /// How many of `entries` an assertion consumed or `skipEvents()` skipped.
        package var consumed = 0
        var names: [UInt64: String] = [:]
        var defaultNames: [UInt64: String] = [:]
        /// The last few serial numbers found in `defaultNames`, asked before it: most events name
        /// the controllers the events before them named, and a look-up hashes its key.
        var recentlyNamed = SIMD4<UInt64>(repeating: .max)
        var nextRecentSlot = 0
        var typeCounters: [String: Int] = [:]
        package var violations: [ContractViolation] = []
        var windows: [WeakWindow] = []
        package var exhaustivity = Exhaustivity.on
        /// Set by `finish()`: the recorder's going away then checks nothing.
        package var finished = false
        /// The indices of the entries delivered inside a window's release (`Window.releasesUnderWay`).
        var duringRelease: Set<Int> = []
    }

    private let lock = Lock()
    /// Read and written only through ``withState(_:)``, under `lock`, which already makes each access
    /// exclusive: the runtime's dynamic check, a call at every event, could only ever pass.
    @exclusivity(unchecked) private var state = State()
    private let creationSite: CallSite
    private let reportFailure: FailureReporter?

    /// Creates an empty recorder that sends the failures it finds by itself to `failureReporter`:
    /// ContainerKitTesting's `init(fileID:filePath:line:column:)` passes one that reports through the
    /// running test framework; the scenario explorer passes nil, and collects violations.
    ///
    /// - Parameters:
    ///   - failureReporter: Where failures go, or nil to report none.
    ///   - creationSite: Where a failure found when the recorder goes away is reported.
    package init(failureReporter: FailureReporter?, creationSite: CallSite) {
        self.reportFailure = failureReporter
        self.creationSite = creationSite
    }

    deinit {
        guard let reportFailure else { return }
        let (finished, unasserted) = withState { ($0.finished, Self.unasserted(in: $0)) }
        guard !finished, !unasserted.isEmpty else { return }
        reportFailure(.wentAwayUnasserted(unasserted.map(render)), creationSite)
    }

    /// Runs `body` on the recorder's state, holding its lock.
    package func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }

    // MARK: - Recording

    /// Runs `body`, recording every event delivered and every violation reported inside it.
    ///
    /// Only `body` and what it calls are observed: events delivered after it returns (a window going
    /// away later, say) are not recorded. A recorder may record several scopes one after another;
    /// their events join one transcript.
    ///
    /// - Parameters:
    ///   - policy: ``ViolationPolicy/failTest`` (the default) fails the test for each violation that
    ///     no `expectViolation` expected; ``ViolationPolicy/collect`` only collects them.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    ///   - body: The scenario: it sets the stage, acts and asserts.
    /// - Returns: What `body` returns.
    public func record<Result>(
        violations policy: ViolationPolicy = .failTest,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: () throws -> Result
    ) rethrows -> Result {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return try ContractViolation.withHandler(violationHandler(policy, site)) {
            try LifecycleObservation.observe(with: self, body)
        }
    }

    /// Runs the asynchronous `body`, recording every event delivered and every violation reported inside it.
    ///
    /// The form for tests that await the async forms (`await nav.async.push(b, animated: true)`) or
    /// ``ManualAnimationDriver/nextAnimation()``. Tasks that `body` starts inherit the scope.
    ///
    /// - Parameters:
    ///   - policy: ``ViolationPolicy/failTest`` (the default) fails the test for each violation that
    ///     no `expectViolation` expected; ``ViolationPolicy/collect`` only collects them.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    ///   - isolation: The actor `body` runs on; leave it defaulted.
    ///   - body: The scenario: it sets the stage, acts and asserts.
    /// - Returns: What `body` returns.
    public func record<Result>(
        violations policy: ViolationPolicy = .failTest,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return try await ContractViolation.withHandler(violationHandler(policy, site)) {
            try await LifecycleObservation.observe(with: self) {
                try await body()
            }
        }
    }

    private func violationHandler(_ policy: ViolationPolicy, _ site: CallSite) -> ContractViolation.Handler {
        { [self] violation in
            withState { $0.violations.append(violation) }
            guard policy == .failTest, let reportFailure else { return }
            reportFailure(.unexpectedViolation(violation), site)
        }
    }

    /// Appends `event` to the transcript with no cause. The engine calls
    /// ``observe(_:source:cause:)`` instead; tests do not call it.
    public func observe(_ event: LifecycleEvent, source: EventSource) {
        append(Entry(event: event, source: source))
    }

    /// Appends `event` and its cause to the transcript; the engine calls it inside
    /// ``record(violations:fileID:filePath:line:column:_:)``. Tests do not call it.
    public func observe(_ event: LifecycleEvent, source: EventSource, cause: LifecycleCause) {
        append(Entry(event: event, source: source, cause: cause))
    }

    private func append(_ entry: consuming Entry) {
        // `releasesUnderWay` is main-actor state. Every event but a deallocation arrives on the main
        // actor; a deallocation may arrive on any thread, so it is not checked against a release:
        // `unasserted(in:)` skips a trailing deallocation whether a release delivered it or not.
        let duringRelease = if case .deallocated = entry.event { false } else { Window.releasesUnderWay > 0 }
        // Moved into the transcript, not copied: an entry holds a dozen references.
        var pending = Optional(entry)
        withState { state in
            if duringRelease { state.duringRelease.insert(state.entries.count) }
            Self.forEachController(in: pending!.event, source: pending!.source) { id in
                guard !any(state.recentlyNamed .== id.serial) else { return }
                if state.defaultNames[id.serial] == nil {
                    let count = (state.typeCounters[id.typeName] ?? 0) + 1
                    state.typeCounters[id.typeName] = count
                    state.defaultNames[id.serial] = "\(id.typeName)\(count)"
                }
                state.recentlyNamed[state.nextRecentSlot] = id.serial
                state.nextRecentSlot = (state.nextRecentSlot + 1) % 4
            }
            state.entries.append(pending.take()!)
        }
    }

    /// Notes a window that had work, an animation or was shown, so ``finish(fileID:filePath:line:column:)``
    /// checks it; the engine calls it. Tests do not call it.
    public func observe(windowActivity window: Window) {
        withState { state in
            // Noted at each piece of work the window queues: most often the window noted last.
            if state.windows.last?.window === window { return }
            state.windows.removeAll { $0.window == nil }
            if !state.windows.contains(where: { $0.window === window }) {
                state.windows.append(WeakWindow(window: window))
            }
        }
    }

    // MARK: - Reading

    /// Every entry recorded so far, in order, asserted or not.
    public var entries: [Entry] { withState { $0.entries } }

    /// Every event recorded so far, in order, asserted or not.
    public var events: [LifecycleEvent] { entries.map(\.event) }

    /// The entries no assertion has consumed yet.
    public var pendingEntries: [Entry] { withState { Array($0.entries[$0.consumed...]) } }

    /// Every violation reported so far inside ``record(violations:fileID:filePath:line:column:_:)``, in order.
    public var violations: [ContractViolation] { withState { $0.violations } }

    /// The events not consumed yet, in transcript notation, one a line. `viewIsAppearing` lines are
    /// left out unless `includingViewIsAppearing`, as in the lifecycle reference. Nothing is consumed.
    ///
    /// `explained` follows each line with its cause, in columns: the rule of the lifecycle
    /// reference, its evidence (DOC, LOG or MODEL), why the line is where it is, and after `←` the
    /// call that planned it:
    ///
    /// ```text
    /// c.willMove(toParent: p)           R1  DOC  addChild(_:) sends it before the child joins children  ← p.addChild(c)
    /// c.viewWillAppear(animated: false)  F2  LOG  a view entering a visible window: inside the call, pre-order  ← …
    /// ```
    public func transcript(includingViewIsAppearing: Bool = false, explained: Bool = false) -> String {
        let filter: EventFilter = includingViewIsAppearing ? .everything : .transcript
        let entries = pendingEntries.filter { filter.includes($0) }
        let lines = explained ? explain(entries) : entries.map { render($0.event) }
        return lines.joined(separator: "\n")
    }

    /// Returns ``transcript(includingViewIsAppearing:explained:)`` and consumes those events, without
    /// asserting them.
    public func takeTranscript(includingViewIsAppearing: Bool = false, explained: Bool = false) -> String {
        let text = transcript(includingViewIsAppearing: includingViewIsAppearing, explained: explained)
        skipEvents()
        return text
    }

    /// Consumes every event recorded so far without asserting it: the setup of a test, say.
    ///
    /// Skipped events stay in ``entries`` and ``events`` (and so in ``mermaidDiagram(filter:)``);
    /// they leave ``pendingEntries`` and ``transcript(includingViewIsAppearing:explained:)``.
    public func skipEvents() {
        withState { $0.consumed = $0.entries.count }
    }

    /// Returns the violations reported so far and forgets them.
    public func takeViolations() -> [ContractViolation] {
        withState { state in
            defer { state.violations.removeAll() }
            return state.violations
        }
    }

    /// The windows that had work, an animation or were shown inside the recorder's scope.
    @MainActor
    public var observedWindows: [Window] { withState { $0.windows.compactMap(\.window) } }

    /// The unasserted events, less a trailing run of deallocations and of what the release of a
    /// visible window delivered (its disappearances, moves and completions, spec §1): the scope's own
    /// locals going away, windows among them.
    package static func unasserted(in state: State) -> [LifecycleEvent] {
        var pending = state.entries.indices[state.consumed...].filter { !state.entries[$0].event.isViewIsAppearing }
        while let last = pending.last {
            if case .deallocated = state.entries[last].event {
                pending.removeLast()
            } else if state.duringRelease.contains(last) {
                pending.removeLast()
            } else {
                break
            }
        }
        return pending.map { state.entries[$0].event }
    }

    /// Calls `body` with each controller `event` names, in order of first appearance: the source
    /// (when a controller drove it), the receiver, then the others. Visits instead of returning an
    /// array, so recording an event allocates nothing beyond the transcript's own growth.
    static func forEachController(
        in event: LifecycleEvent, source: EventSource, _ body: (ControllerID) -> Void
    ) {
        if case .controller(let id) = source { body(id) }
        body(event.receiver)
        switch event {
        case .willMove(_, let parent?), .didMove(_, let parent?): body(parent)
        case .preferredContentSizeDidChange(_, let other), .navigationWillShow(_, let other, _),
            .navigationDidShow(_, let other, _), .tabShouldSelect(_, let other), .tabDidSelect(_, let other),
            .pageControllerBefore(_, let other), .pageControllerAfter(_, let other):
            body(other)
        case .pageWillTransition(_, let pages), .pageDidFinishAnimating(_, let pages, _): pages.forEach(body)
        default: break
        }
    }
}

extension LifecycleEvent {
    var isViewIsAppearing: Bool {
        if case .viewIsAppearing = self { return true }
        return false
    }
}
