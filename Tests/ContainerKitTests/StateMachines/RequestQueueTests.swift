import ContainerKit
import Testing

// The queue every built-in container keeps its waiting requests in: each event with the whole
// state it leaves (the requests in order, and whether they are being run).

/// The whole state of a queue of names.
private struct Snapshot: Hashable {
    var requests: [String] = []
    var isRunning = false
}

private func snapshot(_ queue: RequestQueue<String>) -> Snapshot {
    Snapshot(requests: queue.requests, isRunning: queue.isRunning)
}

@Suite @MainActor struct RequestQueueTests {
    @Test func aNewQueueIsEmptyAndNotRunning() {
        let queue = RequestQueue<String>()
        #expect(snapshot(queue) == Snapshot())
        #expect(queue.isEmpty)
    }

    @Test func requestsAreKeptInRequestOrder() {
        var queue = RequestQueue<String>()
        queue.keep("push b")
        queue.keep("pop")
        #expect(snapshot(queue) == Snapshot(requests: ["push b", "pop"]))
        #expect(!queue.isEmpty)
    }

    @Test func nothingIsTakenOutWhileTheQueueIsNotRunning() {
        var queue = RequestQueue<String>()
        queue.keep("push b")
        #expect(queue.next() == nil)
        #expect(snapshot(queue) == Snapshot(requests: ["push b"]))
    }

    @Test func aRunTakesTheRequestsOutFirstToLast() {
        var queue = RequestQueue<String>()
        queue.keep("push b")
        queue.keep("pop")
        #expect(queue.startRunning() == true)
        #expect(snapshot(queue) == Snapshot(requests: ["push b", "pop"], isRunning: true))
        #expect(queue.next() == "push b")
        #expect(snapshot(queue) == Snapshot(requests: ["pop"], isRunning: true))
        #expect(queue.next() == "pop")
        #expect(snapshot(queue) == Snapshot(isRunning: true))
        #expect(queue.next() == nil)
        queue.finishRunning()
        #expect(snapshot(queue) == Snapshot())
    }

    @Test func aSecondRunInsideTheFirstIsRefusedAndChangesNothing() {
        var queue = RequestQueue<String>()
        queue.keep("push b")
        #expect(queue.startRunning() == true)
        #expect(queue.startRunning() == false)
        #expect(snapshot(queue) == Snapshot(requests: ["push b"], isRunning: true))
    }

    @Test func aRequestKeptDuringARunJoinsTheEndAndTheSameRunTakesIt() {
        var queue = RequestQueue<String>()
        queue.keep("push b")
        queue.keep("pop")
        #expect(queue.startRunning() == true)
        #expect(queue.next() == "push b")
        queue.keep("push c")  // made by what running "push b" sent
        #expect(snapshot(queue) == Snapshot(requests: ["pop", "push c"], isRunning: true))
        #expect(queue.next() == "pop")
        #expect(queue.next() == "push c")
        queue.finishRunning()
        #expect(snapshot(queue) == Snapshot())
    }

    @Test func requestsLeftWhenARunStopsEarlyWaitForTheNextRun() {
        var queue = RequestQueue<String>()
        queue.keep("push b")
        queue.keep("pop")
        #expect(queue.startRunning() == true)
        #expect(queue.next() == "push b")
        queue.finishRunning()  // "pop" has to wait again
        #expect(snapshot(queue) == Snapshot(requests: ["pop"]))
        #expect(queue.startRunning() == true)
        #expect(queue.next() == "pop")
    }
}
