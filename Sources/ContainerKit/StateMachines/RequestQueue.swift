/// Requests to a built-in container that could not run when they were made, in request order, and
/// whether they are being run: the one kind of queue every built-in container keeps its waiting
/// requests in, as a value.
///
/// A container keeps two: the requests made from a callback of a change of its contents under way,
/// which run once the change ends, inside the same call (R9); and a navigation controller's
/// requests made while its transition is pending or in flight, applied once it completes (spec
/// §6). Either way, the requests run in the order they were made, one at a time, from one place:
///
/// ```
/// idle ──startRunning──▶ running ──finishRunning──▶ idle
///   │ ▲                     │ ▲
///   └─┘ keep                └─┘ keep, next
/// ```
///
/// A request run from the queue can make requests of its own that wait again: they join the end of
/// the same queue, and the run that is under way takes them in turn, so a second run never starts
/// inside the first. The queue calls no user code: it hands each request back to its container,
/// which runs it.
package struct RequestQueue<Request> {
    /// The requests waiting, in request order.
    package private(set) var requests: [Request] = []
    /// Whether the requests are being run.
    package private(set) var isRunning = false

    /// An empty queue, not running.
    package init() {}

    /// Whether no request waits.
    package var isEmpty: Bool { requests.isEmpty }

    /// A request that cannot run now joins the end of the queue.
    package mutating func keep(_ request: Request) {
        requests.append(request)
    }

    /// The requests are about to run: returns false (and nothing changes) when they are running
    /// already, further up the stack, where the run under way takes the new ones in turn.
    package mutating func startRunning() -> Bool {
        guard !isRunning else { return false }
        isRunning = true
        return true
    }

    /// The first request, taken out of the queue; nil when none is left or the queue is not
    /// running. A container whose first request has to wait again stops taking them (the ones
    /// after it wait too: requests keep their order).
    package mutating func next() -> Request? {
        guard isRunning, let first = requests.first else { return nil }
        requests.removeFirst()
        return first
    }

    /// The run is over: the requests that could run have.
    package mutating func finishRunning() {
        isRunning = false
    }
}
