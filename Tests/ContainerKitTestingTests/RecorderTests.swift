import ContainerKit
import ContainerKitTesting
import Testing

@Suite @MainActor struct RecorderTests {
    @Test func expectConsumesWhatItMatched() {
        let recorder = Recorder()
        recorder.record {
            let p = ContainerController(name: "p")
            let window = show(p)
            recorder.expect(
                """
                p.loadView()
                p.viewDidLoad()
                -- makeKeyAndVisible()
                p.viewWillAppear(animated: false)
                // end of turn
                p.viewDidAppear(animated: false)
                """)
            embed(Controller(name: "c"), in: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            recorder.finish()
        }
    }

    @Test func aMismatchFailsAtTheCallWithADiff() {
        let recorder = Recorder()
        recorder.record {
            let c = Controller(name: "c")
            c.loadViewIfNeeded()
            let issues = recordedIssues {
                recorder.expect(
                    """
                    c.viewDidLoad()
                    c.loadView()
                    """)
            }
            #expect(
                issues == [
                    """
                    The recorded transcript differs from the expected one: 1 line expected but not recorded, \
                    1 line recorded but not expected (expected 2 lines, recorded 2).

                    − c.viewDidLoad()
                      c.loadView()
                    + c.viewDidLoad()

                    Legend: − expected, not recorded; + recorded, not expected; unmarked lines match.
                    To fix, correct the expected transcript if the recorded order is right; otherwise find the call \
                    that changed the order.

                    Why each line recorded but not expected was sent (rule, evidence, reason, ← the call that \
                    planned it):
                    + c.viewDidLoad()  §3  DOC  the view loads once, just before the first callback that needs it  \
                    ← c.loadViewIfNeeded()
                    """
                ])
            // The failed expect consumed the events all the same.
            recorder.expect("")
        }
    }

    @Test func finishFailsOnUnassertedEventsPendingWorkAndTransitionsInFlight() {
        final class Holding: AnimationDriver {
            var held: [TransitionAnimation] = []
            func animationDidStart(_ animation: TransitionAnimation, in window: Window) { held.append(animation) }
        }
        let recorder = Recorder()
        let driver = Holding()
        recorder.record {
            let p = ContainerController(name: "p")
            let f = Controller(name: "f")
            let t = Controller(name: "t")
            embed(f, in: p)
            let window = show(p)
            window.animationDriver = driver
            p.addChild(t)
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
            embed(Controller(name: "late"), in: p)
            recorder.skipEvents()
            let other = Controller(name: "other")
            other.loadViewIfNeeded()
            let issues = recordedIssues { recorder.finish() }
            #expect(
                issues == [
                    """
                    2 events recorded but never asserted:

                    + other.loadView()
                    + other.viewDidLoad()

                    Legend: + recorded, not expected.
                    To fix, assert them with expect(…), or skip them on purpose with skipEvents() or \
                    withExhaustivity(.off) { … }.
                    """,
                    """
                    window still has work waiting for the end of its turn.
                    To fix, call window.runUntilIdle() before finish(), and assert what it delivers.
                    """,
                    """
                    A transition is still in flight in window: containerTransition of p from f to t.
                    To fix, complete it (ManualAnimationDriver's finish or cutShort, or runUntilIdle() with the \
                    default driver) before finish(), and assert what it delivers.
                    """,
                ])
            driver.held[0].complete()
            window.runUntilIdle()
            recorder.skipEvents()
        }
    }

    @Test func aTrailingRunOfDeallocationsIsTheScopesOwnTeardown() {
        let recorder = Recorder()
        recorder.record {
            let p = ContainerController(name: "p")
            p.loadViewIfNeeded()
            recorder.skipEvents()
        }
        #expect(recorder.pendingEntries.map(\.event) == [.deallocated(recorder.entries[0].event.receiver)])
        recorder.finish()
    }

    @Test func aRecorderThatGoesAwayUnassertedFailsTheTest() {
        let issues = recordedIssues {
            let recorder = Recorder()
            recorder.record {
                Controller(name: "c").loadViewIfNeeded()
                Controller(name: "d").loadViewIfNeeded()
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.hasPrefix("The recorder went away without finish():\n5 events recorded") == true)
        #expect(issues.first?.contains("+ c.loadView()\n+ c.viewDidLoad()\n+ c.deinit\n+ d.loadView()") == true)
    }

    @Test func nonExhaustiveMatchingNeedsTheLinesInOrderOnly() {
        let recorder = Recorder()
        recorder.record {
            let p = ContainerController(name: "p")
            let window = makeWindow()
            embed(Controller(name: "c"), in: p)
            window.rootController = p
            recorder.skipEvents()
            recorder.withExhaustivity(.off) {
                window.makeKeyAndVisible()
                window.runUntilIdle()
                recorder.expect(
                    """
                    p.viewWillAppear(animated: false)
                    c.viewDidAppear(animated: false)
                    """)
                let issues = recordedIssues {
                    window.isHidden = true
                    recorder.expect(
                        """
                        c.viewDidDisappear(animated: false)
                        p.viewWillDisappear(animated: false)
                        """)
                }
                #expect(issues.first?.hasPrefix("Expected line 2 of 2 was not recorded") == true)
            }
            // Leaving the scope skipped what was left; exhaustive matching is back.
            #expect(recorder.pendingEntries.isEmpty)
            window.isHidden = false
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
    }

    @Test func filtersLookAtSomeEventsAndConsumeAll() {
        let recorder = Recorder()
        recorder.record {
            let p = ContainerController(name: "p")
            let window = show(p)
            recorder.skipEvents()
            let c = Controller(name: "c")
            let d = Controller(name: "d")
            embed(c, in: p)
            embed(d, in: p)
            window.runUntilIdle()
            recorder.withExhaustivity(.on) {}
            let snapshot = recorder.pendingEntries
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                d.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                d.viewDidAppear(animated: false)
                """, filter: .appearance)
            #expect(recorder.pendingEntries.isEmpty)
            // Eight a child: willMove, didMove and UIKit's repeated didMove (R7), loadView and
            // viewDidLoad, and three appearance callbacks.
            #expect(snapshot.count == 16)
            window.isHidden = true
            recorder.expect(
                """
                d.viewWillDisappear(animated: false)
                d.viewDidDisappear(animated: false)
                """, filter: .controllers(d))
            c.willMove(toParent: nil)
            c.removeFromParent()
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """, filter: .containment && .controllers(c))
        }
    }

    @Test func unnamedControllersGetStableNamesInOrderOfAppearance() {
        final class Screen: Controller {}
        let recorder = Recorder()
        recorder.record {
            let container = ContainerController()
            let first = Screen()
            let second = Screen()
            container.addChild(first)
            container.addChild(second)
            recorder.name(second, "detail")
            recorder.expect(
                """
                Screen1.willMove(toParent: ContainerController1)
                detail.willMove(toParent: ContainerController1)
                """)
            #expect(recorder.name(for: first.id) == "Screen1")
            #expect(recorder.name(for: container.id) == "ContainerController1")
        }
    }

    @Test func violationsFailTheTestUnlessExpected() {
        let recorder = Recorder()
        let issues = recordedIssues {
            recorder.record {
                let p = ContainerController(name: "p")
                p.addChild(p)
            }
        }
        #expect(
            issues == [
                """
                Unexpected contract violation (addingToSelfOrDescendant, fault): p cannot be added as a child of itself.
                To fix, correct the call, or wrap it in expectViolation(.addingToSelfOrDescendant) { … } if the test \
                is about the misuse.
                """
            ])
        #expect(recorder.violations.map(\.kind) == [.addingToSelfOrDescendant])
    }

    @Test func expectViolationChecksTheKindAndThatAFaultChangedNothing() {
        let recorder = Recorder()
        recorder.record {
            let p = ContainerController(name: "p")
            let c = Controller(name: "c")
            embed(c, in: p)
            let window = show(p)
            recorder.skipEvents()
            recorder.expectViolation(.addingToSelfOrDescendant, unchanged: [p]) {
                p.addChild(p)
            }
            recorder.expectViolation(.addingExistingChild) {
                p.addChild(c)
            }
            let wrongKind = recordedIssues {
                recorder.expectViolation(.unmatchedDidMove) {
                    p.addChild(c)
                }
            }
            #expect(
                wrongKind == [
                    """
                    Expected one unmatchedDidMove contract violation; reported: addingExistingChild (c is already a \
                    child of p; addChild(_:) was ignored.).
                    To fix, make the call inside expectViolation break exactly that rule, or expect the kind it reports.
                    """
                ])
            let none = recordedIssues {
                recorder.expectViolation(.addingExistingChild) {}
            }
            #expect(
                none.first?.hasPrefix("Expected one addingExistingChild contract violation; none was reported.") == true
            )
            #expect(window.rootController === p)
            recorder.expect("")
        }
    }
}
