import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

/// Counts appearance and deallocation events without a recorder: a transcript of a 100,000-deep
/// chain would be most of the test's cost. Deallocations are kept by serial number (serials are
/// never reused), which hashes faster than a whole ``ControllerID``.
private final class EventCounter: LifecycleObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var appeared = 0
    private var disappeared = 0
    private var deallocated: Set<UInt64> = []

    func observe(_ event: LifecycleEvent, source: EventSource) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .viewDidAppear: appeared += 1
        case .viewDidDisappear: disappeared += 1
        case .deallocated(let id): deallocated.insert(id.serial)
        default: break
        }
    }

    /// How many `viewDidAppear` and `viewDidDisappear` were delivered, and which controllers went away.
    var counts: (appeared: Int, disappeared: Int, deallocated: Set<UInt64>) {
        lock.lock()
        defer { lock.unlock() }
        return (appeared, disappeared, deallocated)
    }
}

/// Runs `body` observed by `counter`, failing the test on any contract violation.
@MainActor
private func withCounter(_ counter: EventCounter, _ body: () -> Void) {
    ContractViolation.withHandler({ Issue.record("Unexpected contract violation: \($0)") }) {
        LifecycleObservation.observe(with: counter, body)
    }
}

/// DESIGN principle 8: tree walks and teardown are iterative (a 100,000-deep chain must not overflow
/// the stack), and building a deep chain top-down costs the same at every level.
@Suite @MainActor struct TeardownAndDepthTests {
    static let deepChain = 100_000
    static let topDownChain = 20_000

    @Test func aHundredThousandDeepChainOfContainersAppearsDisappearsAndIsReleased() {
        let counter = EventCounter()
        var ids: Set<UInt64> = []
        weak var weakBottom: ContainerController?
        withCounter(counter) {
            do {
                // Bottom-up: each new container adopts the chain built so far.
                var top = Parent()
                weakBottom = top
                ids.insert(top.id.serial)
                for _ in 1..<Self.deepChain {
                    let parent = Parent()
                    embed(top, in: parent)
                    ids.insert(parent.id.serial)
                    top = parent
                }
                let window = show(top)
                #expect(counter.counts.appeared == Self.deepChain)
                #expect(weakBottom?.appearanceState == .appeared)
                window.isHidden = true
                #expect(counter.counts.disappeared == Self.deepChain)
                #expect(weakBottom?.appearanceState == .disappeared)
            }
            // The window, the chain and its views are gone: every controller reported its deinit.
            #expect(weakBottom == nil)
            #expect(counter.counts.deallocated == ids)
        }
    }

    @Test func aTreeOfAHundredThousandControllersAppearsDisappearsAndIsReleased() {
        let counter = EventCounter()
        var ids: Set<UInt64> = []
        weak var weakLeaf: Controller?
        withCounter(counter) {
            do {
                // Fan-out 4: node k is the child of node (k - 1) / 4; nodes with children are containers.
                var nodes: [Controller] = []
                nodes.reserveCapacity(Self.deepChain)
                for k in 0..<Self.deepChain {
                    let node: Controller = 4 * k + 1 < Self.deepChain || k == 0 ? Parent() : Controller()
                    if k > 0, let parent = nodes[(k - 1) / 4] as? ContainerController { embed(node, in: parent) }
                    nodes.append(node)
                    ids.insert(node.id.serial)
                }
                weakLeaf = nodes.last
                let window = show(nodes[0])
                nodes = []
                #expect(counter.counts.appeared == Self.deepChain)
                #expect(weakLeaf?.appearanceState == .appeared)
                window.isHidden = true
                #expect(counter.counts.disappeared == Self.deepChain)
                #expect(weakLeaf?.appearanceState == .disappeared)
            }
            #expect(weakLeaf == nil)
            #expect(counter.counts.deallocated == ids)
        }
    }

    @Test func aHundredThousandDeepChainOfViewsAppearsDisappearsAndIsReleased() {
        let counter = EventCounter()
        weak var weakTop: View?
        weak var weakMiddle: View?
        weak var weakBottom: View?
        var leafID: UInt64?
        withCounter(counter) {
            do {
                let window = makeWindow()
                window.makeKeyAndVisible()
                // Top-down, inside the visible window; a parentless controller's view at the bottom
                // appears and disappears with the window.
                let top = View()
                window.addSubview(top)
                var bottom = top
                for depth in 1..<Self.deepChain {
                    let view = View()
                    bottom.addSubview(view)
                    bottom = view
                    if depth == Self.deepChain / 2 { weakMiddle = view }
                }
                let leaf = Leaf(name: "leaf")
                leafID = leaf.id.serial
                bottom.addSubview(leaf.view)
                window.runUntilIdle()
                #expect(leaf.view.window === window)
                #expect(leaf.appearanceState == .appeared)
                window.isHidden = true
                #expect(leaf.appearanceState == .disappeared)
                #expect(counter.counts.appeared == 1)
                #expect(counter.counts.disappeared == 1)
                weakTop = top
                weakBottom = bottom
            }
            #expect(weakTop == nil)
            #expect(weakMiddle == nil)
            #expect(weakBottom == nil)
            #expect(counter.counts.deallocated == Set([leafID].compactMap { $0 }))
        }
    }

    @Test func deepChainsBuiltTopDownCostTheSameAtEveryLevel() {
        let counter = EventCounter()
        var ids: Set<UInt64> = []
        withCounter(counter) {
            do {
                // Containers: each level's addChild, addSubview and didMove, under the deepest one.
                let root = Parent(name: "root")
                ids.insert(root.id.serial)
                var bottom: ContainerController = root
                for _ in 1..<Self.topDownChain {
                    let child = Parent()
                    embed(child, in: bottom)
                    ids.insert(child.id.serial)
                    bottom = child
                }
                let window = show(root)
                #expect(counter.counts.appeared == Self.topDownChain)
                #expect(bottom.appearanceState == .appeared)
                // Plain views under the deepest container's view, one level at a time, on screen.
                var view = bottom.view
                for _ in 0..<Self.topDownChain {
                    let subview = View()
                    view.addSubview(subview)
                    view = subview
                }
                window.runUntilIdle()
                #expect(view.window === window)
                #expect(view.controller == nil)
                window.isHidden = true
                #expect(counter.counts.disappeared == Self.topDownChain)
            }
            #expect(counter.counts.deallocated == ids)
        }
    }

    @Test func theDeallocationsOfATreeKeepTheirPreOrder() {
        /// `p` with children `a` (with `a1`, with `a11`) and `b`; only `p` is returned, so the tree
        /// holds the only references to the others.
        func makeTree() -> Parent {
            let p = Parent(name: "p")
            let a = Parent(name: "a")
            let a1 = Parent(name: "a1")
            embed(a, in: p)
            embed(a1, in: a)
            embed(Leaf(name: "a11"), in: a1)
            embed(Leaf(name: "b"), in: p)
            return p
        }
        let recorder = Recorder()
        recorder.record {
            do {
                let p = makeTree()
                recorder.skipEvents()
                #expect(p.children.count == 2)
            }
            recorder.expect(
                """
                p.deinit
                a.deinit
                a1.deinit
                a11.deinit
                b.deinit
                """)
        }
    }

    @Test func aChildHeldElsewhereOutlivesItsReleasedParentWithItsOwnChildren() {
        let recorder = Recorder()
        recorder.record {
            let kept: Parent
            do {
                let p = Parent(name: "p")
                let c = Parent(name: "c")
                let g = Leaf(name: "g")
                embed(c, in: p)
                embed(g, in: c)
                kept = c
                recorder.skipEvents()
            }
            recorder.expect("p.deinit")
            #expect(kept.parent == nil)
            #expect(kept.children.map(\.id.description) == ["g"])
            #expect(kept.children.first?.parent === kept)
            #expect(kept.view.subviews.count == 1)
        }
    }
}

@Suite @MainActor struct DeepVisibleBuildTests {
    @Test func aChainBuiltLevelByLevelInAVisibleWindowCompletesInLinearTime() {
        let root = ContainerController(name: "root")
        let window = show(root)
        var parent = root
        var levels: [ContainerController] = []
        for _ in 0..<20_000 {
            let child = ContainerController()
            embed(child, in: parent)
            levels.append(child)
            parent = child
        }
        #expect(levels.allSatisfy { $0.appearanceState == .appearing })
        window.runUntilIdle()
        #expect(levels.allSatisfy { $0.appearanceState == .appeared })
        #expect(!window.hasPendingWork)
        window.rootController = nil
    }
}
