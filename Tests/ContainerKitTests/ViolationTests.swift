import ContainerKit
import ContainerKitTesting
import Testing

/// Contract violations (spec §11, DESIGN principle 2): every misuse of the containment, appearance, view
/// and turn APIs is reported with its kind, severity, controllers and a message naming the rule. A fault
/// refuses the call (nothing changes, no callback fires); a warning handles it as UIKit does.
@Suite @MainActor struct ViolationTests {

    // MARK: - Containment

    @Test func addingToSelfOrDescendantIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Parent(name: "c")
            let g = Parent(name: "g")
            let window = show(p)
            embed(c, in: p)
            embed(g, in: c)
            window.runUntilIdle()
            recorder.skipEvents()
            let state = { Self.state([window], [p, c, g]) }

            expectRefused(
                recorder, .addingToSelfOrDescendant, involving: [p], message: "cannot be added as a child of itself",
                unchanged: state
            ) { p.addChild(p) }
            expectRefused(
                recorder, .addingToSelfOrDescendant, involving: [c, p], message: "its own descendant", unchanged: state
            ) { c.addChild(p) }
            expectRefused(
                recorder, .addingToSelfOrDescendant, involving: [g, p], message: "its own descendant", unchanged: state
            ) { g.addChild(p) }
            expectRefused(
                recorder, .addingToSelfOrDescendant, involving: [g, c], message: "its own descendant", unchanged: state
            ) { g.addChild(c) }

            #expect(p.children.map(\.id) == [c.id])
            #expect(c.children.map(\.id) == [g.id])
            #expect(p.parent == nil)
            #expect([p, c, g].allSatisfy { $0.appearanceState == .appeared })
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func addingExistingChildIsIgnored() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let window = show(p)
            recorder.skipEvents()

            p.addChild(c)
            recorder.expect("c.willMove(toParent: p)")
            let attaching = Self.state([window], [p, c])
            p.addChild(c)
            recorder.expect("")
            expectViolation(
                recorder, .addingExistingChild, .warning, involving: [p, c], message: "is already a child of")
            #expect(Self.state([window], [p, c]) == attaching)

            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            let attached = Self.state([window], [p, c])
            p.addChild(c)
            recorder.expect("")
            expectViolation(
                recorder, .addingExistingChild, .warning, involving: [p, c], message: "is already a child of")
            #expect(Self.state([window], [p, c]) == attached)
            #expect(p.children.map(\.id) == [c.id])
            #expect(c.parent === p)
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func invalidRootControllerIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let window = show(p)
            embed(c, in: p)
            window.runUntilIdle()
            let other = makeWindow("other")
            other.makeKeyAndVisible()
            recorder.skipEvents()
            let state = { Self.state([window, other], [p, c]) }

            expectRefused(
                recorder, .invalidRootController, involving: [c, p],
                message: "cannot be a window's root controller", unchanged: state
            ) { other.rootController = c }
            #expect(other.rootController == nil)
            #expect(c.parent === p)
            #expect(c.view.superview === p.view)

            expectRefused(
                recorder, .invalidRootController, involving: [p], message: "is the root controller of window",
                unchanged: state
            ) { other.rootController = p }
            #expect(other.rootController == nil)
            #expect(window.rootController === p)
            #expect(p.view.superview === window)
            #expect(p.appearanceState == .appeared)
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func removeWithoutWillMoveRemovesAsAsked() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let window = show(p)
            embed(c, in: p)
            window.runUntilIdle()
            recorder.skipEvents()

            c.removeFromParent()
            recorder.expect("c.didMove(toParent: nil)")
            expectViolation(
                recorder, .removeWithoutWillMove, .warning, involving: [c, p],
                message: "willMove(toParent: nil) must be called before removeFromParent()")
            #expect(p.children.isEmpty)
            #expect(c.parent == nil)
            #expect(!c.hierarchyDescription.contains("moving"))
            // The root view stays where it is (removeFromParent() moves no view).
            #expect(c.view.superview === p.view)
            #expect(c.appearanceState == .appeared)

            // The removal is complete: no second didMove, and the controller can be added again.
            c.removeFromParent()
            recorder.expect("")
            p.addChild(c)
            recorder.expect("c.willMove(toParent: p)")

            // An addition still open (no didMove yet) is dropped with no report: no willMove(toParent:
            // nil) may come first while it is open (R7).
            c.removeFromParent()
            recorder.expect("c.didMove(toParent: nil)")
            #expect(recorder.takeViolations().isEmpty)
            #expect(p.children.isEmpty)
            #expect(c.parent == nil)
            #expect(!c.hierarchyDescription.contains("moving"))
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func reparentingIsNotAViolation() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let c = Leaf(name: "c")
            embed(c, in: p)
            recorder.skipEvents()

            // R4: addChild(_:) removes the child from its parent first, willMove(toParent: nil) included.
            q.addChild(c)
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                c.willMove(toParent: q)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(p.children.isEmpty)
            #expect(q.children.map(\.id) == [c.id])
            #expect(c.parent === q)
            #expect(c.hierarchyDescription.contains("moving to parent"))
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func willMoveToParentByHandIsIgnored() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let c = Leaf(name: "c")
            let state = { Self.state([], [p, q, c]) }

            // Detached: willMove(toParent: p) belongs to addChild(_:).
            var before = state()
            c.willMove(toParent: p)
            recorder.expect("")
            expectViolation(
                recorder, .unexpectedWillMove, .warning, involving: [c, p], message: "is sent by addChild(_:) (R1)")
            #expect(state() == before)
            #expect(c.parent == nil)
            p.addChild(c)
            recorder.expect("c.willMove(toParent: p)")

            // Attaching: a second willMove while the move is open.
            before = state()
            c.willMove(toParent: p)
            recorder.expect("")
            expectViolation(
                recorder, .unexpectedWillMove, .warning, involving: [c, p],
                message: "no second willMove is sent while a move is open")
            #expect(state() == before)
            #expect(c.hierarchyDescription.contains("moving to parent"))
            c.didMove(toParent: p)
            recorder.expect("c.didMove(toParent: p)")

            // Attached: willMove toward another parent by hand.
            before = state()
            c.willMove(toParent: q)
            recorder.expect("")
            expectViolation(
                recorder, .unexpectedWillMove, .warning, involving: [c, q], message: "is sent by addChild(_:) (R1)")
            #expect(state() == before)
            #expect(!c.hierarchyDescription.contains("moving"))
            #expect(c.parent === p)
            #expect(q.children.isEmpty)
            c.willMove(toParent: nil)
            c.removeFromParent()
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func secondWillMoveToNilIsIgnored() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            embed(c, in: p)
            recorder.skipEvents()

            c.willMove(toParent: nil)
            recorder.expect("c.willMove(toParent: nil)")
            let before = Self.state([], [p, c])
            c.willMove(toParent: nil)
            recorder.expect("")
            expectViolation(
                recorder, .unexpectedWillMove, .warning, involving: [c],
                message: "willMove(toParent: nil) was already called")
            #expect(Self.state([], [p, c]) == before)
            #expect(c.hierarchyDescription.contains("moving from parent"))

            // The removal is still open: removeFromParent() completes it with no violation.
            c.removeFromParent()
            recorder.expect("c.didMove(toParent: nil)")
            #expect(c.parent == nil)
            #expect(p.children.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func didMoveToUnexpectedParentIsIgnored() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let c = Leaf(name: "c")
            let state = { Self.state([], [p, q, c]) }
            let rule = "names a parent that is not the one the move is heading to"

            p.addChild(c)
            recorder.expect("c.willMove(toParent: p)")
            var before = state()
            c.didMove(toParent: q)
            recorder.expect("")
            expectViolation(recorder, .didMoveToUnexpectedParent, .warning, involving: [c, q], message: rule)
            #expect(state() == before)
            c.didMove(toParent: nil)
            recorder.expect("")
            expectViolation(recorder, .didMoveToUnexpectedParent, .warning, involving: [c], message: rule)
            #expect(state() == before)
            #expect(c.hierarchyDescription.contains("moving to parent"))
            #expect(q.children.isEmpty)

            // The addition is still open: the right didMove completes it.
            c.didMove(toParent: p)
            recorder.expect("c.didMove(toParent: p)")
            #expect(!c.hierarchyDescription.contains("moving"))

            c.willMove(toParent: nil)
            recorder.expect("c.willMove(toParent: nil)")
            before = state()
            c.didMove(toParent: q)
            recorder.expect("")
            expectViolation(recorder, .didMoveToUnexpectedParent, .warning, involving: [c, q], message: rule)
            #expect(state() == before)
            #expect(c.hierarchyDescription.contains("moving from parent"))

            // The removal is still open: removeFromParent() completes it with no violation.
            c.removeFromParent()
            recorder.expect("c.didMove(toParent: nil)")
            #expect(c.parent == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func unmatchedDidMoveIsIgnored() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let state = { Self.state([], [p, c]) }
            let rule = "matches no open move"

            // No move begun.
            var before = state()
            c.didMove(toParent: p)
            recorder.expect("")
            expectViolation(recorder, .unmatchedDidMove, .warning, involving: [c, p], message: rule)
            #expect(state() == before)
            c.didMove(toParent: nil)
            recorder.expect("")
            expectViolation(recorder, .unmatchedDidMove, .warning, involving: [c], message: rule)
            #expect(state() == before)
            #expect(c.parent == nil)
            #expect(p.children.isEmpty)

            // A second didMove for one move.
            p.addChild(c)
            c.didMove(toParent: p)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                """)
            before = state()
            c.didMove(toParent: p)
            recorder.expect("")
            expectViolation(recorder, .unmatchedDidMove, .warning, involving: [c, p], message: rule)
            #expect(state() == before)

            // The state is still attached: the removal follows the contract with no violation.
            c.willMove(toParent: nil)
            c.removeFromParent()
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Appearance

    @Test(arguments: UnbalancedCell.allCases)
    func unbalancedAppearanceTransitionIsIgnored(_ cell: UnbalancedCell) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            embed(c, in: p)
            switch cell.state {
            case .disappeared:
                break
            case .appearing:
                p.beginAppearanceTransition(true, animated: false)
            case .appeared:
                p.beginAppearanceTransition(true, animated: false)
                p.endAppearanceTransition()
            case .disappearing:
                p.beginAppearanceTransition(true, animated: false)
                p.endAppearanceTransition()
                p.beginAppearanceTransition(false, animated: false)
            }
            recorder.skipEvents()
            #expect(recorder.takeViolations().isEmpty)
            #expect(p.appearanceState == cell.state)
            #expect(c.appearanceState == cell.state)
            let before = Self.state([], [p, c])

            switch cell {
            case .beginAppearingWhileAppearing, .beginAppearingWhileAppeared:
                p.beginAppearanceTransition(true, animated: true)
            case .beginDisappearingWhileDisappeared, .beginDisappearingWhileDisappearing:
                p.beginAppearanceTransition(false, animated: true)
            case .endWhileDisappeared, .endWhileAppeared:
                p.endAppearanceTransition()
            }
            recorder.expect("", filter: .everything)
            expectViolation(
                recorder, .unbalancedAppearanceTransition, .warning, involving: [p],
                message: "Unbalanced calls to begin/end appearance transitions")
            #expect(Self.state([], [p, c]) == before)
            #expect(p.appearanceState == cell.state)
            #expect(c.appearanceState == cell.state)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: AppearanceCallback.allCases)
    func appearanceCallbackCalledDirectlyIsIgnored(_ callback: AppearanceCallback) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            // On screen, with a child that must not be reached.
            let p = Probe(name: "p")
            let c = Leaf(name: "c")
            let window = show(p)
            embed(c, in: p)
            window.runUntilIdle()
            // Off screen, view loaded.
            let d = Probe(name: "d")
            d.loadViewIfNeeded()
            recorder.skipEvents()
            p.log.removeAll()
            let rule = "\(callback.selector) was called directly on"

            for probe in [p, d] {
                let before = Self.state([window], [p, c, d])
                let appearance = probe.appearanceState
                callback.call(on: probe)
                #expect(probe.log == [callback.name])
                probe.log.removeAll()
                recorder.expect("", filter: .everything)
                expectViolation(
                    recorder, .appearanceCallbackCalledDirectly, .warning, involving: [probe], message: rule)
                #expect(probe.appearanceState == appearance)
                #expect(Self.state([window], [p, c, d]) == before)
            }
            #expect(p.appearanceState == .appeared)
            #expect(c.appearanceState == .appeared)
            #expect(d.appearanceState == .disappeared)
            #expect(!window.hasPendingWork)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: SuperCallback.allCases)
    func missingSuperCallIsReportedAfterTheOverride(_ skipped: SuperCallback) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Probe(name: "c")
            let window = show(p)
            recorder.skipEvents()
            c.skipping = skipped
            c.violationCount = { recorder.violations.count }
            // The container's own calls (R3) are not engine deliveries: they reach super here.
            @MainActor func byHand(_ body: () -> Void) {
                c.skipping = nil
                body()
                c.skipping = skipped
            }
            var reported: [Int] = []

            p.addChild(c)
            #expect(p.children.map(\.id) == [c.id])
            #expect(c.parent === p)
            #expect(c.hierarchyDescription.contains("moving to parent"))
            reported.append(recorder.violations.count)
            p.view.addSubview(c.view)
            #expect(c.appearanceState == .appearing)
            reported.append(recorder.violations.count)
            byHand { c.didMove(toParent: p) }
            #expect(!c.hierarchyDescription.contains("moving"))
            reported.append(recorder.violations.count)
            window.runUntilIdle()
            #expect(c.appearanceState == .appeared)
            reported.append(recorder.violations.count)
            byHand { c.willMove(toParent: nil) }
            #expect(c.hierarchyDescription.contains("moving from parent"))
            reported.append(recorder.violations.count)
            c.view.removeFromSuperview()
            #expect(c.appearanceState == .disappearing)
            reported.append(recorder.violations.count)
            c.removeFromParent()
            #expect(c.parent == nil)
            #expect(p.children.isEmpty)
            reported.append(recorder.violations.count)
            window.runUntilIdle()
            #expect(c.appearanceState == .disappeared)
            #expect(!c.hierarchyDescription.contains("moving"))
            reported.append(recorder.violations.count)

            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewIsAppearing(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """, filter: .everything)
            // Each override ran once; the report came after the skipping one returned. The second
            // didMove(toParent: p) and the second didMove(toParent: nil) are UIKit's repeats (R7),
            // engine deliveries like the removal's.
            let calls = [
                "willMove(toParent: p)", "viewWillAppear", "didMove(toParent: p)", "viewIsAppearing", "viewDidAppear",
                "didMove(toParent: p)", "willMove(toParent: nil)", "viewWillDisappear", "didMove(toParent: nil)",
                "viewDidDisappear", "didMove(toParent: nil)",
            ]
            let skippedCall = skipped.callIndex
            // An override of didMove that skips super skips it in all three engine deliveries: the
            // repeat (step 3), the removal's (step 6) and its repeat (step 7), each reported.
            let reportsBefore: (Int) -> Int =
                skipped == .didMove
                ? { index in index > 8 ? 2 : index > 5 ? 1 : 0 } : { index in index > skippedCall ? 1 : 0 }
            #expect(c.log == calls.indices.map { "\(calls[$0]) [\(reportsBefore($0))]" })
            let expectedReports =
                skipped == .didMove ? [0, 0, 0, 1, 1, 1, 2, 3] : (0..<8).map { $0 >= skipped.stepIndex ? 1 : 0 }
            #expect(reported == expectedReports)
            if skipped == .didMove {
                let violations = recorder.takeViolations()
                #expect(violations.map(\.kind) == [.missingSuperCall, .missingSuperCall, .missingSuperCall])
                let message = "override of didMove(toParent:) did not call super"
                #expect(violations.allSatisfy { $0.message.contains(message) })
            } else {
                expectViolation(
                    recorder, .missingSuperCall, .warning, involving: [c],
                    message: "override of \(skipped.selector) did not call super")
            }
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Views

    @Test func loadViewAssigningNoViewGetsAPlainView() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let c = ViewlessProbe(name: "c")
            let view = c.view
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                """)
            expectViolation(
                recorder, .loadViewAssignedNoView, .warning, involving: [c],
                message: "loadView() returned without assigning view")
            #expect(c.isViewLoaded)
            #expect(view.controller === c)
            #expect(c.view === view)
            recorder.expect("")
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func viewOwnedByAnotherControllerIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let d = Leaf(name: "d")
            let window = show(p)
            embed(c, in: p)
            window.runUntilIdle()
            recorder.skipEvents()
            let rule = "A view can be the root view of one controller only"
            let state = { Self.state([window], [p, c, d]) }

            // d not loaded yet: the refusal loads nothing.
            let rootView = p.view
            expectRefused(recorder, .viewOwnedByAnotherController, involving: [d, p], message: rule, unchanged: state) {
                d.view = rootView
            }
            #expect(!d.isViewLoaded)
            #expect(rootView.controller === p)

            // Loaded controllers keep their views.
            let childView = c.view
            expectRefused(recorder, .viewOwnedByAnotherController, involving: [p, c], message: rule, unchanged: state) {
                p.view = childView
            }
            #expect(p.view === rootView)
            #expect(c.view === childView)
            #expect(childView.controller === c)
            #expect(childView.superview === rootView)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func invalidViewHierarchyIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let d = Leaf(name: "d")
            let window = show(p)
            embed(c, in: p)
            window.runUntilIdle()
            let other = makeWindow("other")
            other.makeKeyAndVisible()
            let plain = View()
            let inner = View()
            plain.addSubview(inner)
            recorder.skipEvents()
            let state = { Self.state([window, other], [p, c, d], views: [plain, inner]) }

            expectRefused(
                recorder, .invalidViewHierarchy, involving: [], message: "cannot be added as a subview of itself",
                unchanged: state
            ) { plain.addSubview(plain) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [p], message: "cannot be added as a subview of itself",
                unchanged: state
            ) { p.view.addSubview(p.view) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [], message: "under one of its own descendants",
                unchanged: state
            ) { inner.addSubview(plain) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [p, c], message: "under one of its own descendants",
                unchanged: state
            ) { c.view.addSubview(p.view) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [p, c], message: "under one of its own descendants",
                unchanged: state
            ) { c.view.insertSubview(p.view, at: 0) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [], message: "A Window cannot be added as a subview",
                unchanged: state
            ) { p.view.addSubview(other) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [], message: "A Window cannot be added as a subview",
                unchanged: state
            ) { window.addSubview(other) }
            expectRefused(
                recorder, .invalidViewHierarchy, involving: [d], message: "A Window cannot be a controller's root view",
                unchanged: state
            ) { d.view = other }
            #expect(!d.isViewLoaded)
            #expect(other.superview == nil)
            #expect(p.view.superview === window)
            #expect(c.view.superview === p.view)
            #expect(p.appearanceState == .appeared)
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func childViewUnderAnotherControllersViewIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let q = Leaf(name: "q")
            let window = show(p)
            embed(c, in: p)
            embed(q, in: p)
            let plain = View()
            q.view.addSubview(plain)
            window.runUntilIdle()
            recorder.skipEvents()
            let state = { Self.state([window], [p, c, q], views: [plain]) }
            let rule = "UIViewControllerHierarchyInconsistency"

            expectRefused(
                recorder, .viewControllerHierarchyInconsistency, involving: [c, q, p], message: rule, unchanged: state
            ) { q.view.addSubview(c.view) }
            expectRefused(
                recorder, .viewControllerHierarchyInconsistency, involving: [c, q, p], message: rule, unchanged: state
            ) { q.view.insertSubview(c.view, at: 0) }
            expectRefused(
                recorder, .viewControllerHierarchyInconsistency, involving: [c, q, p], message: rule, unchanged: state
            ) { plain.addSubview(c.view) }
            #expect(c.view.superview === p.view)
            #expect(c.appearanceState == .appeared)

            // A child whose view is in no hierarchy yet is refused too.
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            expectRefused(
                recorder, .viewControllerHierarchyInconsistency, involving: [c, q, p], message: rule, unchanged: state
            ) { q.view.addSubview(c.view) }
            #expect(c.view.superview == nil)
            #expect(c.appearanceState == .disappeared)

            // A controller with no parent may put its view anywhere (R6).
            c.removeFromParent()
            recorder.expect("c.didMove(toParent: nil)")
            q.view.addSubview(c.view)
            let d = Leaf(name: "d")
            plain.addSubview(d.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                d.loadView()
                d.viewDidLoad()
                d.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                d.viewDidAppear(animated: false)
                """)
            #expect(c.view.superview === q.view)
            #expect(d.view.superview === plain)
            #expect(recorder.takeViolations().isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - transition(from:to:…)

    @Test func invalidTransitionIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            let g = Leaf(name: "g")
            let s = Leaf(name: "s")
            let window = show(p)
            embed(f, in: p)
            p.addChild(t)
            p.addChild(g)
            g.loadViewIfNeeded()
            s.loadViewIfNeeded()
            window.runUntilIdle()

            let m = ManualProbe(name: "m")
            let mf = Leaf(name: "mf")
            let mt = Leaf(name: "mt")
            let other = show(m, in: makeWindow("other"))
            m.addChild(mf)
            m.view.addSubview(mf.view)
            mf.didMove(toParent: m)
            m.addChild(mt)
            other.runUntilIdle()
            recorder.skipEvents()

            let state = { Self.state([window, other], [p, f, t, g, s, m, mf, mt]) }
            var ran: [String] = []
            @MainActor func transition(on container: ContainerController, from: Controller, to: Controller) {
                container.transition(
                    from: from, to: to, duration: 0.3, animations: { ran.append("animations") },
                    completion: { _ in ran.append("completion") })
            }
            let notChildren = "both controllers must be children of the container"
            let initial = state()

            expectRefused(recorder, .invalidTransition, involving: [p, s, t], message: notChildren, unchanged: state) {
                transition(on: p, from: s, to: t)
            }
            expectRefused(recorder, .invalidTransition, involving: [p, f, s], message: notChildren, unchanged: state) {
                transition(on: p, from: f, to: s)
            }
            expectRefused(recorder, .invalidTransition, involving: [p, f, mt], message: notChildren, unchanged: state) {
                transition(on: p, from: f, to: mt)
            }
            expectRefused(
                recorder, .invalidTransition, involving: [p, f],
                message: "the outgoing and incoming controllers are the same",
                unchanged: state
            ) { transition(on: p, from: f, to: f) }
            expectRefused(
                recorder, .invalidTransition, involving: [p, g, t], message: "g's view is not in a view hierarchy",
                unchanged: state
            ) { transition(on: p, from: g, to: t) }
            expectRefused(
                recorder, .invalidTransition, involving: [m, mf, mt], message: "forwards appearance by hand",
                unchanged: state
            ) { transition(on: m, from: mf, to: mt) }

            #expect(ran.isEmpty)
            #expect(!t.isViewLoaded)
            #expect(!mt.isViewLoaded)
            window.runUntilIdle()
            other.runUntilIdle()
            recorder.expect("")
            #expect(ran.isEmpty)
            #expect(state() == initial)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func transitionWithIncomingViewInAHierarchyIsCarriedOut() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            let window = show(p)
            embed(f, in: p)
            window.runUntilIdle()
            recorder.skipEvents()
            let holder = View()
            p.addChild(t)
            holder.addSubview(t.view)
            recorder.expect(
                """
                t.willMove(toParent: p)
                t.loadView()
                t.viewDidLoad()
                """)

            var ran: [String] = []
            f.willMove(toParent: nil)
            p.transition(
                from: f, to: t, duration: 0.3,
                animations: {
                    ran.append("animations")
                    #expect(t.view.superview === p.view)
                },
                completion: { finished in
                    ran.append("completion(finished: \(finished))")
                    t.didMove(toParent: p)
                    f.removeFromParent()
                })
            expectViolation(
                recorder, .transitionViewAlreadyInHierarchy, .warning, involving: [p, t],
                message: "view is already in a view hierarchy")
            recorder.expect(
                """
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                """)
            #expect(ran == ["animations"])
            #expect(holder.subviews.isEmpty)
            #expect(p.view.subviews.map(\.controller?.id) == [f.id, t.id])

            window.runUntilIdle()
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(ran == ["animations", "completion(finished: true)"])
            #expect(p.children.map(\.id) == [t.id])
            #expect(f.parent == nil)
            #expect(f.view.superview == nil)
            #expect(t.view.superview === p.view)
            #expect(t.appearanceState == .appeared)
            #expect(f.appearanceState == .disappeared)
            #expect(!window.hasPendingWork)
            #expect(window.animationsInFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Turns

    @Test func nestedRunUntilIdleReturnsAtOnce() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let a = Probe(name: "a")
            let b = Leaf(name: "b")
            let d = Leaf(name: "d")
            let window = makeWindow()
            window.rootController = p
            embed(a, in: p)
            embed(b, in: p)
            window.makeKeyAndVisible()
            recorder.skipEvents()
            a.afterDidAppear = { [weak window] probe in
                guard let window else { return }
                window.addSubview(d.view)
                window.runUntilIdle()
                probe.log.append(
                    "nested returned: b \(b.appearanceState), d \(d.appearanceState), "
                        + "violations \(recorder.violations.count)")
                probe.afterDidAppear = nil
            }

            window.runUntilIdle()
            recorder.expect(
                """
                p.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                d.loadView()
                d.viewDidLoad()
                d.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                d.viewDidAppear(animated: false)
                """)
            #expect(a.log.last == "nested returned: b appearing, d appearing, violations 1")
            expectViolation(
                recorder, .nestedRunUntilIdle, .warning, involving: [], orAlso: [a],
                message: "from inside its running turn; it returned at once")
            #expect([p, a, b, d].allSatisfy { $0.appearanceState == .appeared })
            #expect(!window.hasPendingWork)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func runUntilIdleOfAnotherWindowInsideATurnReturnsAtOnce() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Probe(name: "p")
            let q = Leaf(name: "q")
            let d = Leaf(name: "d")
            let window = makeWindow()
            window.rootController = p
            window.makeKeyAndVisible()
            let other = show(q, in: makeWindow("other"))
            recorder.skipEvents()
            p.afterDidAppear = { [weak other] probe in
                guard let other else { return }
                other.addSubview(d.view)
                // §1: runUntilIdle() called from inside a callback of a running runUntilIdle() returns at once.
                other.runUntilIdle()
                probe.log.append("nested returned: d \(d.appearanceState)")
                probe.afterDidAppear = nil
            }

            window.runUntilIdle()
            recorder.expect(
                """
                p.viewDidAppear(animated: false)
                d.loadView()
                d.viewDidLoad()
                d.viewWillAppear(animated: false)
                """)
            #expect(p.log.last == "nested returned: d appearing")
            expectViolation(
                recorder, .nestedRunUntilIdle, .warning, involving: [], orAlso: [p],
                message: "it returned at once")
            #expect(other.hasPendingWork)

            other.runUntilIdle()
            recorder.expect("d.viewDidAppear(animated: false)")
            #expect(d.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// A runaway turn that drops a controller's queued did-disappear leaves that disappearance open
    /// with nothing queued to end it: what ends an open disappearance (here, its removal from its
    /// parent, which takes it out of every visible window's reach) ends it afterwards.
    @Test func aDisappearanceWhoseQueuedEndARunawayTurnDroppedCanStillEnd() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let r = Probe(name: "r")
            let p = Parent(name: "p")
            let x = SpyController(name: "x")
            let window = makeWindow()
            window.rootController = r
            window.makeKeyAndVisible()
            window.addSubview(p.view)
            embed(x, in: p)
            var hooks = 0
            r.afterDidAppear = { probe in
                guard let window = probe.view.window else { return }
                hooks += 1
                // In the last round, x's view leaves: its did-disappear is queued for a round that
                // never comes.
                if hooks == Window.maximumRoundsPerTurn { x.view.removeFromSuperview() }
                probe.view.removeFromSuperview()
                window.addSubview(probe.view)
            }
            window.runUntilIdle()
            recorder.skipEvents()
            #expect(recorder.takeViolations().map(\.kind) == [.runawayTurn])
            #expect(x.appearanceState == .disappearing)
            r.afterDidAppear = nil
            x.willMove(toParent: nil)
            x.removeFromParent()
            recorder.expect(
                """
                x.willMove(toParent: nil)
                x.didMove(toParent: nil)
                -- out of p, and of every visible window: the reconciler ends the open disappearance
                x.viewDidDisappear(animated: false)
                -- UIKit's repeat (R7)
                x.didMove(toParent: nil)
                """)
            #expect(x.appearanceState == .disappeared)
            window.isHidden = true
            recorder.skipEvents()
        }
    }

    @Test func runawayTurnIsStopped() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let r = Probe(name: "r")
            var completedHooks = 0
            r.afterDidAppear = { probe in
                guard let window = probe.view.window else { return }
                probe.view.removeFromSuperview()
                window.addSubview(probe.view)
                completedHooks += 1
            }
            let window = makeWindow()
            window.rootController = r
            window.makeKeyAndVisible()
            recorder.expect(
                """
                r.loadView()
                r.viewDidLoad()
                r.viewWillAppear(animated: false)
                """)
            r.log.removeAll()

            window.runUntilIdle()
            let rounds = Window.maximumRoundsPerTurn
            let events = recorder.pendingEntries.map(\.event)
            recorder.skipEvents()
            recorder.skipEvents()
            let violations = recorder.takeViolations()
            #expect(violations.count == 1)
            if let violation = violations.first {
                #expect(violation.kind == .runawayTurn)
                #expect(violation.severity == .fault)
                // The only controller the violation may name is the one whose work was dropped.
                #expect(Set(violation.controllers).isSubset(of: [r.id]))
                #expect(violation.message.contains("still producing work after \(rounds) rounds"))
                #expect(violation.message.contains("the work left was dropped: complete the appearance of r."))
            }
            // Every round ran whole: each viewDidAppear and its hook finished, and the last round's
            // re-entry got its will-appear; only the deferred did-appear was dropped. The view left
            // and came back inside the hook, so it got no did-disappear (§1).
            let round = [
                LifecycleEvent.viewIsAppearing(r.id, animated: false), .viewDidAppear(r.id, animated: false),
                .viewWillDisappear(r.id, animated: false), .viewWillAppear(r.id, animated: false),
            ]
            #expect(events.count == round.count * rounds)
            let everyRoundWhole = events == Array((0..<rounds).map { _ in round }.joined())
            #expect(everyRoundWhole)
            #expect(completedHooks == rounds)
            #expect(r.log.count == round.count * rounds)
            #expect(r.appearanceState == .appearing)
            #expect(!window.hasPendingWork)
            #expect(r.view.superview === window)

            // The dropped work stays dropped.
            window.runUntilIdle()
            recorder.expect("")
            #expect(recorder.takeViolations().isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }
}

// MARK: - Fixtures

extension ViolationTests {
    /// A cell of the §3 table marked *unbalanced*.
    enum UnbalancedCell: String, CaseIterable, Sendable {
        case beginAppearingWhileAppearing
        case beginAppearingWhileAppeared
        case beginDisappearingWhileDisappeared
        case beginDisappearingWhileDisappearing
        case endWhileDisappeared
        case endWhileAppeared

        var state: AppearanceState {
            switch self {
            case .beginDisappearingWhileDisappeared, .endWhileDisappeared: .disappeared
            case .beginAppearingWhileAppearing: .appearing
            case .beginAppearingWhileAppeared, .endWhileAppeared: .appeared
            case .beginDisappearingWhileDisappearing: .disappearing
            }
        }
    }

    /// An appearance callback app code might call directly.
    enum AppearanceCallback: String, CaseIterable, Sendable {
        case viewWillAppear
        case viewIsAppearing
        case viewDidAppear
        case viewWillDisappear
        case viewDidDisappear

        var name: String { rawValue }
        var selector: String { "\(rawValue)(_:)" }

        @MainActor func call(on controller: Controller) {
            switch self {
            case .viewWillAppear: controller.viewWillAppear(false)
            case .viewIsAppearing: controller.viewIsAppearing(false)
            case .viewDidAppear: controller.viewDidAppear(false)
            case .viewWillDisappear: controller.viewWillDisappear(false)
            case .viewDidDisappear: controller.viewDidDisappear(false)
            }
        }
    }

    /// A callback whose override must call `super`.
    enum SuperCallback: String, CaseIterable, Sendable {
        case viewWillAppear
        case viewIsAppearing
        case viewDidAppear
        case viewWillDisappear
        case viewDidDisappear
        case willMove
        case didMove

        var selector: String {
            switch self {
            case .willMove: "willMove(toParent:)"
            case .didMove: "didMove(toParent:)"
            default: "\(rawValue)(_:)"
            }
        }

        /// Where the engine-delivered call stands among the overrides the scenario runs.
        var callIndex: Int {
            switch self {
            case .willMove: 0
            case .viewWillAppear: 1
            case .viewIsAppearing: 3
            case .viewDidAppear: 4
            case .didMove: 5
            case .viewWillDisappear: 7
            case .viewDidDisappear: 9
            }
        }

        /// The scenario step that delivers it.
        var stepIndex: Int {
            switch self {
            case .willMove: 0
            case .viewWillAppear: 1
            case .viewIsAppearing, .viewDidAppear, .didMove: 3
            case .viewWillDisappear: 5
            case .viewDidDisappear: 7
            }
        }
    }

    /// A container that logs the overrides it runs, can skip `super` in one of them, and runs a hook after
    /// `viewDidAppear`.
    final class Probe: ContainerController {
        var log: [String] = []
        var skipping: SuperCallback?
        var violationCount: (() -> Int)?
        var afterDidAppear: ((Probe) -> Void)?

        private func note(_ call: String) {
            log.append(violationCount.map { "\(call) [\($0())]" } ?? call)
        }

        override func viewWillAppear(_ animated: Bool) {
            note("viewWillAppear")
            if skipping != .viewWillAppear { super.viewWillAppear(animated) }
        }

        override func viewIsAppearing(_ animated: Bool) {
            note("viewIsAppearing")
            if skipping != .viewIsAppearing { super.viewIsAppearing(animated) }
        }

        override func viewDidAppear(_ animated: Bool) {
            note("viewDidAppear")
            if skipping != .viewDidAppear { super.viewDidAppear(animated) }
            afterDidAppear?(self)
        }

        override func viewWillDisappear(_ animated: Bool) {
            note("viewWillDisappear")
            if skipping != .viewWillDisappear { super.viewWillDisappear(animated) }
        }

        override func viewDidDisappear(_ animated: Bool) {
            note("viewDidDisappear")
            if skipping != .viewDidDisappear { super.viewDidDisappear(animated) }
        }

        override func willMove(toParent parent: ContainerController?) {
            note("willMove(toParent: \(parent.map { "\($0.id)" } ?? "nil"))")
            if skipping != .willMove { super.willMove(toParent: parent) }
        }

        override func didMove(toParent parent: ContainerController?) {
            note("didMove(toParent: \(parent.map { "\($0.id)" } ?? "nil"))")
            if skipping != .didMove { super.didMove(toParent: parent) }
        }
    }

    /// A container that forwards appearance by hand (F4).
    final class ManualProbe: ContainerController {
        override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
    }

    /// A controller whose `loadView()` assigns no view.
    final class ViewlessProbe: Controller {
        override func loadView() {}
    }

    // MARK: - Helpers

    /// Everything a refused call must leave alone: the windows' view trees and pending work, the controller
    /// trees with their appearance and containment states, the parent links and the views' links.
    private static func state(_ windows: [Window], _ controllers: [Controller], views: [View] = []) -> String {
        func tag(_ view: View?) -> String {
            guard let view else { return "nil" }
            return "\(ObjectIdentifier(view))"
        }
        func links(_ view: View) -> String {
            "view \(tag(view)): superview \(tag(view.superview)), subviews \(view.subviews.map(tag)), "
                + "window \(view.window.map { "\($0.windowID)" } ?? "nil")"
        }
        var lines: [String] = []
        for window in windows {
            lines.append(window.recursiveDescription)
            lines.append(
                "root \(window.rootController.map { "\($0.id)" } ?? "nil"), pending \(window.hasPendingWork), "
                    + "animations \(window.animationsInFlight.count)")
        }
        for controller in controllers {
            lines.append(controller.hierarchyDescription)
            lines.append(
                "\(controller.id): parent \(controller.parent.map { "\($0.id)" } ?? "nil"), "
                    + "state \(controller.appearanceState)")
            if let container = controller as? ContainerController {
                lines.append("children \(container.children.map(\.id.description))")
            }
            if let view = controller.viewIfLoaded {
                lines.append(links(view))
            }
        }
        lines.append(contentsOf: views.map(links))
        return lines.joined(separator: "\n")
    }

    /// Runs `call`, which must be refused with one fault: nothing in `unchanged` changes and no callback fires.
    private func expectRefused(
        _ recorder: Recorder, _ kind: ContractViolation.Kind, involving controllers: [Controller], message: String,
        unchanged state: () -> String, sourceLocation: SourceLocation = #_sourceLocation, _ call: () -> Void
    ) {
        let before = state()
        #expect(recorder.takeTranscript(includingViewIsAppearing: true) == "", sourceLocation: sourceLocation)
        #expect(recorder.takeViolations().isEmpty, sourceLocation: sourceLocation)
        call()
        #expect(recorder.takeTranscript(includingViewIsAppearing: true) == "", sourceLocation: sourceLocation)
        expectViolation(
            recorder, kind, .fault, involving: controllers, message: message, sourceLocation: sourceLocation)
        #expect(state() == before, sourceLocation: sourceLocation)
    }

    /// Takes the violations reported since the last take: exactly one, with this kind, severity,
    /// controllers (in any order; those in `optional` may be named too) and a message containing `message`.
    private func expectViolation(
        _ recorder: Recorder, _ kind: ContractViolation.Kind, _ severity: ContractViolation.Severity,
        involving controllers: [Controller], orAlso optional: [Controller] = [], message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let violations = recorder.takeViolations()
        #expect(violations.count == 1, "\(violations)", sourceLocation: sourceLocation)
        guard let violation = violations.first else { return }
        #expect(violation.kind == kind, sourceLocation: sourceLocation)
        #expect(violation.severity == severity, sourceLocation: sourceLocation)
        let named = Set(violation.controllers)
        #expect(named.isSuperset(of: controllers.map(\.id)), "\(named)", sourceLocation: sourceLocation)
        #expect(named.isSubset(of: (controllers + optional).map(\.id)), "\(named)", sourceLocation: sourceLocation)
        #expect(violation.message.contains(message), "\(violation.message)", sourceLocation: sourceLocation)
    }
}
