import ContainerKit
import Testing

/// Outside any handler scope, a fault stops the program with its message and a warning is written
/// to standard error (DESIGN principle 2). Each case runs in a child process (an exit test).
@Suite struct DefaultHandlerTests {
    @Test func aFaultStopsTheProgramWithItsMessage() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let p = ContainerController(name: "p")
                p.addChild(p)
            }
        }
        let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            standardError.contains(
                "ContainerKit contract violation (addingToSelfOrDescendant): p cannot be added as a child of itself."))
    }

    @Test func aWarningIsWrittenToStandardErrorAndTheProgramGoesOn() async throws {
        let result = try await #require(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                let p = ContainerController(name: "p")
                let c = Controller(name: "c")
                p.addChild(c)
                p.addChild(c)
                precondition(p.children.count == 1)
            }
        }
        let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            standardError
                == "ContainerKit warning (addingExistingChild): c is already a child of p; addChild(_:) was ignored.\n")
    }
}
