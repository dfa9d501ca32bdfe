/// The agenda: the steps planned and not run yet.
extension DeliveryLoop {
    /// The planned steps of every appearance walk under way, innermost last.
    ///
    /// A walk puts the steps it plans on top and runs them, the last planned first, until the
    /// agenda is back to where it found it. A walk begun from inside one of its callbacks (a frame
    /// of its own) plans above it and drains its own steps before it returns, so the outer walk's
    /// next step comes after them: what a callback asks for is done inside the call (§1). One
    /// buffer serves every walk and keeps its capacity between them, so a walk of any size
    /// allocates nothing once the buffer has grown to the deepest tree walked.
    @exclusivity(unchecked) static var agenda = Agenda()

    /// The agenda's top, where a walk begins planning: it drains the agenda back down to it.
    @inline(__always)
    static var agendaTop: Int { agenda.count }

    /// The next step of the walk that began planning at `base`, taken off the agenda; nil once the
    /// walk's steps are all taken.
    @inline(__always)
    static func nextPlannedStep(above base: Int) -> PlannedStep? {
        agenda.count > base ? agenda.removeLast() : nil
    }
}

/// The agenda's stack of planned steps: one buffer, grown by doubling and never given back. An
/// array would do, but each of its pushes and pops tests the buffer for uniqueness, and a global
/// array is reached through a lazy initializer; this stack is reached directly and tests neither,
/// which every node a walk visits pays for.
struct Agenda {
    private var steps: UnsafeMutablePointer<PlannedStep>?
    /// How many steps are on the stack.
    private(set) var count = 0
    private var capacity = 0

    /// Puts `step` on top.
    @inline(__always)
    mutating func append(_ step: PlannedStep) {
        if count == capacity { grow() }
        (steps.unsafelyUnwrapped + count).initialize(to: step)
        count += 1
    }

    /// Takes the top step off. The stack must not be empty.
    @inline(__always)
    mutating func removeLast() -> PlannedStep {
        precondition(count > 0, "the agenda is empty")
        count -= 1
        return (steps.unsafelyUnwrapped + count).move()
    }

    @inline(never)
    private mutating func grow() {
        let larger = Swift.max(64, capacity * 2)
        let grown = UnsafeMutablePointer<PlannedStep>.allocate(capacity: larger)
        switch steps {
        case let steps?:
            grown.moveInitialize(from: steps, count: count)
            steps.deallocate()
        case nil: break
        }
        steps = grown
        capacity = larger
    }
}
