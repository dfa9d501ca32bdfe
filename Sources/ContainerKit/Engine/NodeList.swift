/// A node a ``NodeList`` holds: a container's child, or a view's subview.
protocol ListedNode: AnyObject {
    /// Where the node stands in the storage of the list that holds it; meaningless out of a list.
    ///
    /// Nonisolated, so that a list is a plain value that a nonisolated `deinit` can take apart.
    nonisolated var listSlot: Int { get set }
}

extension ListedNode {
    /// Whether this is a placeholder that fills the slot of a removed node (see ``NodeList``).
    nonisolated var isListHole: Bool { listSlot == NodeList<Self>.holeMark }
}

/// The ordered children of a container, or the subviews of a view: appending and removing take
/// constant time (amortized), whatever the number of nodes and wherever the one removed stands.
///
/// Each node remembers its slot, so a removal finds it without a scan; and rather than close the
/// gap, which moves every node behind it, the removal leaves a *hole* there: a placeholder node
/// that never appears in ``nodes``. The holes are squeezed out in one pass the next time the nodes
/// are read in order, or once they make up half the storage, so the work of closing gaps is paid
/// once per burst of removals instead of once per removal. A removal at the end leaves no hole.
///
/// Ownership is unchanged: the list holds its nodes strongly, and a removed node is released by
/// the removal itself (its slot then holds the placeholder), so nothing outlives its removal.
///
/// A plain value with no isolation, so that the nonisolated `deinit` of its owner can empty it. A
/// hole is known by its ``ListedNode/listSlot``, ``holeMark``, which no listed node has.
struct NodeList<Node: ListedNode> {
    /// The nodes in order, with a hole in the slot of each node removed since the last compaction.
    private(set) var storage: [Node] = []

    /// How many slots of ``storage`` hold a hole.
    private(set) var holeCount = 0

    /// The ``ListedNode/listSlot`` of the placeholder that fills a hole.
    static var holeMark: Int { .min }

    /// Whether the list holds no node.
    var isEmpty: Bool { storage.count == holeCount }

    /// The nodes, in order. Squeezes the holes out first, in place.
    var nodes: [Node] {
        mutating get {
            compact()
            return storage
        }
    }

    /// Adds `node` after the last one.
    mutating func append(_ node: Node) {
        node.listSlot = storage.count
        storage.append(node)
    }

    /// Inserts `node` at `position` among the nodes, clamped to `0...count`.
    mutating func insert(_ node: Node, at position: Int) {
        compact()
        let position = min(max(position, 0), storage.count)
        guard position < storage.count else { return append(node) }
        storage.insert(node, at: position)
        renumber(from: position)
    }

    /// Takes `node` out, in constant time. Returns false, changing nothing, when it is not listed.
    ///
    /// - Parameter hole: The placeholder to leave in its slot, whose ``ListedNode/listSlot`` is
    ///   ``holeMark``: one shared instance per node type.
    @discardableResult
    mutating func remove(_ node: Node, leaving hole: @autoclosure () -> Node) -> Bool {
        guard let slot = slot(of: node) else { return false }
        if slot == storage.count - 1 {
            storage.removeLast()
            while let last = storage.last, last.isListHole {
                storage.removeLast()
                holeCount -= 1
            }
        } else {
            storage[slot] = hole()
            holeCount += 1
            if holeCount * 2 > storage.count { compact() }
        }
        return true
    }

    /// Calls `body` with each node, last first, without squeezing the holes out: for walks that
    /// must not write to the list they read.
    ///
    /// With no hole, which is the usual case, it reads no node: a walk over a tree too large for the
    /// caches then touches each node only where `body` does.
    func forEachReversed(_ body: (Node) -> Void) {
        let mayHoldHoles = holeCount > 0
        for node in storage.reversed() where !mayHoldHoles || !node.isListHole { body(node) }
    }

    /// Empties the list and returns its nodes in order: for a `deinit` taking a subtree apart.
    mutating func removeAll() -> [Node] {
        compact()
        defer { storage = [] }
        return storage
    }

    #if CONTAINERKIT_INTERNAL_CHECKS
        /// Every node knows its slot, the holes are counted right, and none is last.
        func checkInvariants() {
            var holes = 0
            for (index, node) in storage.enumerated() {
                if node.isListHole {
                    holes += 1
                } else {
                    precondition(node.listSlot == index, "a listed node at \(index) thinks it is at \(node.listSlot)")
                }
            }
            precondition(holes == holeCount, "a node list counts \(holeCount) holes but holds \(holes)")
            precondition(storage.last.map { !$0.isListHole } ?? true, "a node list ends with a hole")
        }
    #endif

    /// Where `node` stands in ``storage``: its remembered slot, checked, with a scan as a
    /// safeguard should the slot ever be stale.
    private func slot(of node: Node) -> Int? {
        let remembered = node.listSlot
        if remembered >= 0, remembered < storage.count, storage[remembered] === node { return remembered }
        return storage.lastIndex(ofIdentical: node)
    }

    /// Squeezes the holes out, keeping the order, and renumbers the nodes that moved.
    ///
    /// A loop, not `removeAll(where:)`: a closure the standard library calls from main-actor code
    /// checks the executor on every call (CONTRIBUTING.md, "Performance").
    private mutating func compact() {
        guard holeCount > 0 else { return }
        var kept = 0
        for index in storage.indices {
            let node = storage[index]
            if node.isListHole { continue }
            if kept != index {
                storage[kept] = node
                node.listSlot = kept
            }
            kept += 1
        }
        storage.removeLast(storage.count - kept)
        holeCount = 0
    }

    /// Gives the nodes from `position` on their slots again.
    private mutating func renumber(from position: Int) {
        for index in position..<storage.count { storage[index].listSlot = index }
    }
}

extension Controller: ListedNode {
    /// The placeholder for a removed child in a ``NodeList``; it takes no serial number.
    static let listHole: Controller = {
        let hole = Controller(id: ControllerID(serial: 0, name: "(removed child)", typeName: "Controller"))
        hole.listSlot = NodeList<Controller>.holeMark
        return hole
    }()
}

extension View: ListedNode {
    /// The placeholder for a removed subview in a ``NodeList``.
    static let listHole: View = {
        let hole = View()
        hole.listSlot = NodeList<View>.holeMark
        return hole
    }()
}
