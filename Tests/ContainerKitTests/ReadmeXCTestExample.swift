import ContainerKit
import ContainerKitTesting
import XCTest

// README.md's XCTest example, verbatim from `final class CardTests` to its end:
// `ReadmeExampleTests.theReadmeShowsThisFilesCode` fails when the two differ. `Card` is the quick
// start's container, in ReadmeExampleTests.swift.

final class CardTests: XCTestCase {
    func testCardOffScreenSendsOnlyTheMoves() async {
        await MainActor.run {
            let card = Card(name: "card")  // in no window
            let recorder = Recorder()
            recorder.record {
                card.show(Controller(name: "c"))
                recorder.expect(
                    """
                    c.willMove(toParent: card)
                    card.loadView()
                    card.viewDidLoad()
                    c.loadView()
                    c.viewDidLoad()
                    c.didMove(toParent: card)
                    """)
                recorder.finish()
            }
        }
    }
}
