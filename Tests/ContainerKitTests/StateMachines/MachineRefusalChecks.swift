import Testing

/// Checks that `event`, applied to a copy of `machine`, throws `refusal` and leaves the copy as
/// `machine` is, compared through `snapshot`: a refused event changes nothing.
@MainActor
func expectRefusal<Machine, Refusal: Error & Equatable, Snapshot: Equatable>(
    _ refusal: Refusal, from machine: Machine, comparing snapshot: (Machine) -> Snapshot,
    sourceLocation: SourceLocation = #_sourceLocation, _ event: (inout Machine) throws -> Void
) {
    var copy = machine
    #expect(throws: refusal, sourceLocation: sourceLocation) { try event(&copy) }
    #expect(snapshot(copy) == snapshot(machine), sourceLocation: sourceLocation)
}
