import ContainerKit
import ContainerKitTesting
import Testing

/// Whether `view` is in exactly one `subviews` array, its superview's.
@MainActor
private func isPlacedOnce(_ view: View, among candidates: [View]) -> Bool {
    let entries = candidates.reduce(0) { count, candidate in count + candidate.subviews.filter { $0 === view }.count }
    guard let superview = view.superview else { return entries == 0 }
    return entries == 1 && superview.subviews.contains { $0 === view } && view.window === superview.window
}

/// Moves of views started from inside the callbacks of another move (the will-callbacks run before
/// the tree changes; the did-callbacks after), and R6 checked for every controller root view a move
/// re-hosts, not only for the moved view.
@Suite @MainActor struct ViewMoveReentrancyTests {

    // MARK: - Re-entrancy

    @Test func aViewMovingItselfFromItsWillMoveToSuperviewIsIgnored() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let window = show(p)
            recorder.skipEvents()
            let shelf = View()
            let hooked = OnceHookedView()
            p.view.addSubview(hooked)
            hooked.addSubview(c.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)

            // Moved out of the window; on the way, the view tries to go back under p's view.
            hooked.onWillMoveToSuperview = { p.view.addSubview(hooked) }
            recorder.expectViolation(.invalidViewHierarchy) {
                shelf.addSubview(hooked)
            }
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                """)
            let violation = recorder.takeViolations().last
            #expect(violation?.severity == .warning)
            #expect(violation?.message.contains("it is being moved") == true)
            #expect(hooked.superview === shelf)
            #expect(isPlacedOnce(hooked, among: [p.view, shelf, window]))
            #expect(p.view.subviews.isEmpty)
            #expect(c.view.window == nil)
            #expect(c.appearanceState == .disappearing)
            window.runUntilIdle()
            recorder.expect("c.viewDidDisappear(animated: false)")
            #expect(c.appearanceState == .disappeared)
        }
    }

    @Test func aSubviewMovingTheMovedViewFromItsWillMoveToWindowIsIgnored() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let other = makeWindow("other")
            other.makeKeyAndVisible()
            let c = Leaf(name: "c")
            let moved = View()
            let inner = OnceHookedView()
            moved.addSubview(inner)
            inner.addSubview(c.view)
            p.view.addSubview(moved)
            window.runUntilIdle()
            recorder.skipEvents()

            // Moved to the other window; a subview's willMove(toWindow:) tries to put it on a shelf.
            let shelf = View()
            inner.onWillMoveToWindow = { shelf.addSubview(moved) }
            recorder.expectViolation(.invalidViewHierarchy) {
                other.addSubview(moved)
            }
            other.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(isPlacedOnce(moved, among: [p.view, window, other, shelf]))
            #expect(shelf.subviews.isEmpty)
            #expect(moved.superview === other)
            #expect(c.view.window === other)
            #expect(inner.window === other)
            #expect(c.appearanceState == .appeared)
        }
    }

    @Test func aHookMovingTheNewSuperviewUnderTheMovedViewIsIgnored() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let target = View()
            let hooked = OnceHookedView()
            p.view.addSubview(target)
            recorder.skipEvents()

            // Closing a cycle: the target would end up under the view moving into it.
            hooked.onWillMoveToSuperview = { hooked.addSubview(target) }
            recorder.expectViolation(.invalidViewHierarchy) {
                target.addSubview(hooked)
            }
            recorder.expect("")
            #expect(recorder.takeViolations().last?.message.contains("a view is being moved into it") == true)
            #expect(hooked.superview === target)
            #expect(target.superview === p.view)
            #expect(hooked.subviews.isEmpty)
            #expect(isPlacedOnce(target, among: [p.view, hooked, window]))
            #expect(hooked.window === window)
        }
    }

    @Test func aWillMoveToSuperviewMayAddSubviewsToTheMovedView() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let c = Leaf(name: "c")
            let hooked = OnceHookedView()
            recorder.skipEvents()

            // The common lazy set-up: a view fills itself in as it moves; the added views move with it.
            hooked.onWillMoveToSuperview = { hooked.addSubview(c.view) }
            p.view.addSubview(hooked)
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(c.view.superview === hooked)
            #expect(c.view.window === window)
            #expect(c.appearanceState == .appeared)
            #expect(recorder.takeViolations().isEmpty)
        }
    }

    @Test func aViewThatItsDidMoveToSuperviewPutsBackStaysOnScreen() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let window = show(p)
            let shelf = View()
            let hooked = OnceHookedView()
            p.view.addSubview(hooked)
            hooked.addSubview(c.view)
            window.runUntilIdle()
            recorder.skipEvents()

            // After the tree changed, the view may move anywhere; it returns at once. c's
            // will-disappear came before the change (§3), so c leaves and comes back in one turn:
            // will-disappear, will-appear and did-appear only (§1).
            hooked.onDidMoveToSuperview = { p.view.addSubview(hooked) }
            shelf.addSubview(hooked)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                -- the end of the turn
                c.viewDidAppear(animated: false)
                """)
            #expect(hooked.superview === p.view)
            #expect(isPlacedOnce(hooked, among: [p.view, shelf]))
            #expect(c.view.window === window)
            #expect(c.appearanceState == .appeared)
        }
    }

    // MARK: - The appearance will-callbacks a move sends before the tree changes (§3)

    @Test func aViewWillAppearThatTakesTheNewSuperviewOutOfTheWindowLeavesTheViewOffScreen() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let holder = View()
            p.view.addSubview(holder)
            let c = SpyController(name: "c")
            _ = c.view
            recorder.skipEvents()
            // The view is about to enter the window: its superview-to-be may still move.
            c.onViewWillAppear = { [unowned c] _ in
                c.onViewWillAppear = nil
                holder.removeFromSuperview()
            }
            holder.addSubview(c.view)
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                -- holder left the window meanwhile: the move goes on, off screen, and c disappears
                c.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect("c.viewDidDisappear(animated: false)")
            #expect(recorder.takeViolations().isEmpty)
            #expect(c.view.superview === holder && holder.superview == nil)
            #expect(c.view.window == nil && c.appearanceState == .disappeared)
        }
    }

    @Test func aViewWillDisappearThatPutsTheNewSuperviewInTheWindowKeepsTheViewOnScreen() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let shelf = View()
            let c = SpyController(name: "c")
            p.view.addSubview(c.view)
            window.runUntilIdle()
            recorder.skipEvents()
            // The view is about to leave the window for the shelf, which the callback puts there.
            c.onViewWillDisappear = { [unowned c, unowned p] _ in
                c.onViewWillDisappear = nil
                p.view.addSubview(shelf)
            }
            shelf.addSubview(c.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                -- the shelf is in the window now: c never leaves it, and appears again (§1)
                c.viewWillAppear(animated: false)
                -- the end of the turn
                c.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(c.view.superview === shelf && shelf.superview === p.view)
            #expect(c.view.window === window && c.appearanceState == .appeared)
        }
    }

    @Test func aViewWillAppearThatBringsTheNewSuperviewIntoTheWindowLeftCompletesThere() {
        let recorder = Recorder()
        recorder.record {
            let first = makeWindow("first")
            let second = makeWindow("second")
            first.makeKeyAndVisible()
            second.makeKeyAndVisible()
            let c = SpyController(name: "c")
            first.addSubview(c.view)
            first.runUntilIdle()
            let target = View()
            second.addSubview(target)
            recorder.skipEvents()
            // The view leaves first for second; its will-appear brings the new superview into
            // first, so the move ends inside first, where c must complete its appearance.
            c.onViewWillAppear = { [unowned c] _ in
                c.onViewWillAppear = nil
                first.addSubview(target)
            }
            target.addSubview(c.view)
            first.runUntilIdle()
            second.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                -- first's turn
                c.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(c.view.window === first && c.appearanceState == .appeared)
        }
    }

    @Test func aViewWillAppearThatMakesTheMoveACycleGivesItUp() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let window = show(p)
            let target = View()
            p.view.addSubview(target)
            let c = SpyController(name: "c")
            _ = c.view
            recorder.skipEvents()
            // The callback puts the view's new superview inside the view: the move would close a
            // cycle, so it is given up, and what it began is undone.
            c.onViewWillAppear = { [unowned c] _ in
                c.onViewWillAppear = nil
                c.view.addSubview(target)
            }
            target.addSubview(c.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                -- the end of the turn
                c.viewDidDisappear(animated: false)
                """)
            let violations = recorder.takeViolations()
            #expect(violations.map(\.kind) == [.invalidViewHierarchy])
            #expect(violations.first?.severity == .warning)
            #expect(violations.first?.message.hasPrefix("The view move was given up") == true)
            #expect(c.view.superview == nil && target.superview === c.view)
            #expect(c.appearanceState == .disappeared)
        }
    }

    // MARK: - R6 inside the moved view

    @Test func aChildsViewWrappedInAPlainViewCannotGoUnderAnotherControllersView() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let q = Parent(name: "q")
            let window = show(p)
            recorder.skipEvents()
            embed(c, in: p)
            embed(q, in: p)
            let wrapper = View()
            let inner = View()
            p.view.addSubview(wrapper)
            wrapper.addSubview(inner)
            inner.addSubview(c.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                q.willMove(toParent: p)
                q.loadView()
                q.viewDidLoad()
                q.viewWillAppear(animated: false)
                q.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                q.viewDidAppear(animated: false)
                q.didMove(toParent: p)
                """)

            recorder.expectViolation(.viewControllerHierarchyInconsistency, unchanged: [p, c, q]) {
                q.view.addSubview(wrapper)
            }
            recorder.expectViolation(.viewControllerHierarchyInconsistency, unchanged: [p, c, q]) {
                q.view.insertSubview(wrapper, at: 0)
            }
            let violations = recorder.takeViolations()
            #expect(violations.allSatisfy { $0.severity == .fault })
            #expect(violations.allSatisfy { Set($0.controllers) == Set([c.id, q.id, p.id]) })
            #expect(violations.first?.message.contains("inside the moved view") == true)
            #expect(wrapper.superview === p.view)
            #expect(c.view.superview === inner)
            #expect(c.appearanceState == .appeared)

            // Moves that keep p as the nearest owning controller are fine: reordering, rewrapping.
            let outer = View()
            p.view.addSubview(outer)
            outer.addSubview(wrapper)
            p.view.insertSubview(outer, at: 0)
            recorder.expect("")
            #expect(c.view.window === window)

            // Out of every controller's view (no host), then back: disappears, then appears.
            outer.removeFromSuperview()
            p.view.addSubview(outer)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
    }

    @Test func onlyControllerViewsWhoseOwnerChangesAreChecked() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let e = Parent(name: "e")
            let g = Leaf(name: "g")
            let window = show(p)
            recorder.skipEvents()
            embed(q, in: p)
            embed(g, in: e)
            let wrapper = View()
            wrapper.addSubview(e.view)
            window.runUntilIdle()
            recorder.expect(
                """
                q.willMove(toParent: p)
                q.loadView()
                q.viewDidLoad()
                q.viewWillAppear(animated: false)
                q.didMove(toParent: p)
                g.willMove(toParent: e)
                e.loadView()
                e.viewDidLoad()
                g.loadView()
                g.viewDidLoad()
                g.didMove(toParent: e)
                q.viewDidAppear(animated: false)
                q.didMove(toParent: p)
                """)

            // e has no parent: its view may go anywhere; g stays under e's view, its owner unchanged.
            q.view.addSubview(wrapper)
            window.runUntilIdle()
            recorder.expect(
                """
                e.viewWillAppear(animated: false)
                g.viewWillAppear(animated: false)
                e.viewDidAppear(animated: false)
                g.viewDidAppear(animated: false)
                """)
            #expect(g.view.window === window)
            #expect(g.appearanceState == .appeared)
        }
    }
}
