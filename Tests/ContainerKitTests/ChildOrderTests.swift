import ContainerKit
import ContainerKitTesting
import Testing

// R5: children keep the order in which they were added, and subviews theirs, however many are
// removed and from where. Removing a child or a subview takes constant time (the engine leaves a
// placeholder in its slot and squeezes the placeholders out later), so these tests remove from
// the middle in bursts, read between bursts, and check order, links and deallocation each time.

@Suite @MainActor struct ChildOrderTests {
    @Test func removingFromTheMiddleKeepsTheOrderOfTheRestAndReleasesTheRemoved() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            for name in ["a", "b", "c", "d", "e"] { embed(Leaf(name: name), in: p) }
            window.runUntilIdle()
            weak let weakB = p.children[1]
            weak let weakD = p.children[3]
            let kept = [p.children[0], p.children[2], p.children[4]]
            recorder.skipEvents()

            // Only the engine holds b and d: each goes once its removal completes, at the end of
            // the turn, after its deferred did-disappear (§2.2).
            unembed(p.children[3])
            unembed(p.children[1])
            window.runUntilIdle()
            #expect(weakB == nil)
            #expect(weakD == nil)
            #expect(p.children.map(\.id) == kept.map(\.id))
            #expect(p.view.subviews.map { $0.controller?.id } == kept.map(\.id))
            #expect(kept.allSatisfy { $0.parent === p && $0.view.superview === p.view })

            let f = Leaf(name: "f")
            embed(f, in: p)
            window.runUntilIdle()
            #expect(p.children.map(\.id) == (kept + [f]).map(\.id))
            #expect(p.view.subviews.map { $0.controller?.id } == (kept + [f]).map(\.id))
            recorder.expect(
                """
                d.willMove(toParent: nil)
                d.viewWillDisappear(animated: false)
                d.didMove(toParent: nil)
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: false)
                b.didMove(toParent: nil)
                d.viewDidDisappear(animated: false)
                d.didMove(toParent: nil)
                b.viewDidDisappear(animated: false)
                b.didMove(toParent: nil)
                d.deinit
                b.deinit
                f.willMove(toParent: p)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: false)
                f.didMove(toParent: p)
                f.viewDidAppear(animated: false)
                f.didMove(toParent: p)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func forwardingAfterRemovalsFromTheMiddleWalksTheRemainingChildrenInOrder() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let children = (0..<6).map { Leaf(name: "c\($0)") }
            for child in children { embed(child, in: p) }
            window.runUntilIdle()
            unembed(children[1])
            unembed(children[4])
            unembed(children[2])
            recorder.skipEvents()

            window.isHidden = true
            recorder.expect(
                """
                p.viewWillDisappear(animated: false)
                c0.viewWillDisappear(animated: false)
                c3.viewWillDisappear(animated: false)
                c5.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                c0.viewDidDisappear(animated: false)
                c3.viewDidDisappear(animated: false)
                c5.viewDidDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func insertingASubviewAfterRemovalsCountsOnlyTheSubviewsLeft() {
        let container = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let subviews = (0..<6).map { index -> View in
            let view = View()
            view.name = "v\(index)"
            return view
        }
        for view in subviews { container.addSubview(view) }
        subviews[1].removeFromSuperview()
        subviews[3].removeFromSuperview()
        let inserted = View()
        inserted.name = "new"
        container.insertSubview(inserted, at: 2)

        #expect(container.subviews.map(\.name) == ["v0", "v2", "new", "v4", "v5"])
        #expect(subviews[1].superview == nil)
        #expect(subviews[3].superview == nil)
        #expect(container.subviews.allSatisfy { $0.superview === container })

        // Bringing a subview to the front is a removal and an addition.
        container.addSubview(subviews[2])
        #expect(container.subviews.map(\.name) == ["v0", "new", "v4", "v5", "v2"])
    }

    /// Thousands of removals in a seeded random order, with additions in between, against a plain
    /// array as the model; the order is read only now and then, so removals pile up unread.
    @Test func manyRemovalsInRandomOrderAgreeWithAPlainArray() {
        var generator = SeededGenerator(seed: 7)
        let p = Parent(name: "p")
        let window = show(p)
        var model: [Controller] = []
        var serial = 0
        func add() {
            let child = Leaf(name: "c\(serial)")
            serial += 1
            embed(child, in: p)
            model.append(child)
        }
        for _ in 0..<2_000 { add() }
        window.runUntilIdle()
        var removed = 0
        while !model.isEmpty {
            let index = generator.below(model.count)
            let child = model.remove(at: index)
            unembed(child)
            #expect(child.parent == nil && child.view.superview == nil)
            removed += 1
            if removed % 300 == 0 { for _ in 0..<50 { add() } }
            if removed % 97 == 0 || model.isEmpty {
                #expect(p.children.map(\.id) == model.map(\.id), "after \(removed) removals")
                #expect(p.view.subviews.map { $0.controller?.id } == model.map(\.id), "after \(removed) removals")
            }
        }
        window.runUntilIdle()
        #expect(p.children.isEmpty)
        #expect(p.view.subviews.isEmpty)
    }
}
