import ContainerKit
import Testing

/// A shrunk sequence, as a failure prints it (`// .push(.free(2), animated: true)` after each step),
/// pasted back as Swift: it must compile, and replay on a fresh world.
@Suite @MainActor struct RandomizedReplayTests {
    /// Operations as `swiftSource` prints them, re-entrant ones included, pasted as literals.
    static let pasted: [Operation] = [
        .reenter(.index(11), callback: .viewDidDisappear, then: .hideWindow),
        .reenter(.index(6), callback: .willMove, then: .willMove(.child(5), toContainer: nil)),
        .reenter(.index(7), callback: .viewWillAppear, then: .setRoot(.index(0))),
        .reenter(.index(8), callback: .didMove, then: .setStack([.free(4), .free(6)], animated: true)),
        .reenter(.index(9), callback: .viewIsAppearing, then: .addSubview(.rootView(.index(1)), to: .plain(2))),
        .reenter(.index(10), callback: .viewDidLoad, then: .didMove(.child(0), toContainer: 2)),
        .push(.free(2), animated: true),
        .runUntilIdle,
    ]

    @Test func swiftSourcePrintsTheLiteralThatBuildsTheOperation() {
        let printed = Self.pasted.map(\.swiftSource)
        #expect(
            printed == [
                ".reenter(.index(11), callback: .viewDidDisappear, then: .hideWindow)",
                ".reenter(.index(6), callback: .willMove, then: .willMove(.child(5), toContainer: nil))",
                ".reenter(.index(7), callback: .viewWillAppear, then: .setRoot(.index(0)))",
                ".reenter(.index(8), callback: .didMove, then: .setStack([.free(4), .free(6)], animated: true))",
                ".reenter(.index(9), callback: .viewIsAppearing, then: .addSubview(.rootView(.index(1)), to: .plain(2)))",
                ".reenter(.index(10), callback: .viewDidLoad, then: .didMove(.child(0), toContainer: 2))",
                ".push(.free(2), animated: true)",
                ".runUntilIdle",
            ])
    }

    @Test func aPastedSequenceReplays() {
        let outcome = SequenceRunner.run(seed: 1, operations: Self.pasted)
        #expect(outcome.failure == nil)
        #expect(outcome.stepsRun + outcome.stepsSkipped == Self.pasted.count)
    }
}
