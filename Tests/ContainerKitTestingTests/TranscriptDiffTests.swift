import ContainerKitTesting
import Testing

@Suite struct TranscriptDiffTests {
    @Test func equalTranscriptsHaveNoMessage() {
        #expect(TranscriptDiff.message(expected: ["a", "b"], actual: ["a", "b"]) == nil)
        #expect(TranscriptDiff.message(expected: [], actual: []) == nil)
    }

    @Test func aSwappedPairShowsBothSidesWithContext() {
        let expected = [
            "c.willMove(toParent: p)", "c.loadView()", "c.viewDidLoad()", "c.viewDidAppear(animated: false)",
            "c.viewWillAppear(animated: false)", "c.didMove(toParent: p)",
        ]
        let actual = [
            "c.willMove(toParent: p)", "c.loadView()", "c.viewDidLoad()", "c.viewWillAppear(animated: false)",
            "c.didMove(toParent: p)", "c.viewDidAppear(animated: false)",
        ]
        #expect(
            TranscriptDiff.message(expected: expected, actual: actual) == """
                The recorded transcript differs from the expected one: 1 line expected but not recorded, \
                1 line recorded but not expected (expected 6 lines, recorded 6).

                  …
                  c.loadView()
                  c.viewDidLoad()
                − c.viewDidAppear(animated: false)
                  c.viewWillAppear(animated: false)
                  c.didMove(toParent: p)
                + c.viewDidAppear(animated: false)

                Legend: − expected, not recorded; + recorded, not expected; unmarked lines match.
                To fix, correct the expected transcript if the recorded order is right; otherwise find the call \
                that changed the order.
                """)
    }

    @Test func eachLineRecordedButNotExpectedIsFollowedByItsCause() {
        let expected = ["c.willMove(toParent: p)", "c.didMove(toParent: p)"]
        let actual = ["c.willMove(toParent: p)", "c.viewWillAppear(animated: false)", "c.didMove(toParent: p)"]
        let explained = [
            "c.willMove(toParent: p)            R1  DOC  addChild(_:) sends it  ← p.addChild(c)",
            "c.viewWillAppear(animated: false)  F2  LOG  a view entering a window  ← p.view.addSubview(c.view)",
            "c.didMove(toParent: p)             R3  DOC  the container calls it  ← c.didMove(toParent: p)",
        ]
        #expect(
            TranscriptDiff.message(expected: expected, actual: actual, explained: explained) == """
                The recorded transcript differs from the expected one: 1 line recorded but not expected \
                (expected 2 lines, recorded 3).

                  c.willMove(toParent: p)
                + c.viewWillAppear(animated: false)
                  c.didMove(toParent: p)

                Legend: − expected, not recorded; + recorded, not expected; unmarked lines match.
                To fix, correct the expected transcript if the recorded order is right; otherwise find the call \
                that changed the order.

                Why each line recorded but not expected was sent (rule, evidence, reason, ← the call that planned \
                it):
                + c.viewWillAppear(animated: false)  F2  LOG  a view entering a window  ← p.view.addSubview(c.view)
                """)
        #expect(TranscriptDiff.message(expected: actual, actual: actual, explained: explained) == nil)
    }

    @Test func distantChangesAreSeparatedByAnEllipsis() {
        let expected = (1...12).map { "line \($0)" }
        var actual = expected
        actual[0] = "first"
        actual[11] = "last"
        #expect(
            TranscriptDiff.message(expected: expected, actual: actual) == """
                The recorded transcript differs from the expected one: 2 lines expected but not recorded, \
                2 lines recorded but not expected (expected 12 lines, recorded 12).

                − line 1
                + first
                  line 2
                  line 3
                  …
                  line 10
                  line 11
                − line 12
                + last

                Legend: − expected, not recorded; + recorded, not expected; unmarked lines match.
                To fix, correct the expected transcript if the recorded order is right; otherwise find the call \
                that changed the order.
                """)
    }

    @Test func nothingRecordedShowsEveryExpectedLine() {
        #expect(
            TranscriptDiff.message(expected: ["a.viewDidLoad()"], actual: []) == """
                The recorded transcript differs from the expected one: 1 line expected but not recorded \
                (expected 1 line, recorded 0).

                − a.viewDidLoad()

                Legend: − expected, not recorded; + recorded, not expected; unmarked lines match.
                To fix, correct the expected transcript if the recorded order is right; otherwise find the call \
                that changed the order.
                """)
    }

    @Test func unassertedEventsAreListed() {
        #expect(
            TranscriptDiff.unassertedMessage(["b.viewDidAppear(animated: true)", "b.didMove(toParent: nav)"]) == """
                2 events recorded but never asserted:

                + b.viewDidAppear(animated: true)
                + b.didMove(toParent: nav)

                Legend: + recorded, not expected.
                To fix, assert them with expect(…), or skip them on purpose with skipEvents() or \
                withExhaustivity(.off) { … }.
                """)
    }

    @Test func aMissingLineInANonExhaustiveMatchIsNamed() {
        #expect(
            TranscriptDiff.missingMessage(expected: ["a", "c"], matched: 1, actual: ["a", "b"]) == """
                Expected line 2 of 2 was not recorded after the lines before it (non-exhaustive match):

                − c

                Recorded, in order:
                  a
                  b

                Legend: − expected, not recorded.
                To fix, correct or reorder the expected lines; a non-exhaustive match needs them in the recorded \
                order, with anything between.
                """)
    }
}
