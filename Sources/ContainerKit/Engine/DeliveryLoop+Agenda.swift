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
    @exclusivity(unchecked) static var agenda: [PlannedStep] = []

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
