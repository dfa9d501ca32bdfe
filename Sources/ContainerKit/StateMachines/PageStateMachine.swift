/// The pages of one page controller, the requests that change them and the turn that shows them,
/// as a value (spec §8).
///
/// A request (`setControllers`) changes the pages asked for inside its call; the pages it adopts
/// stay pending, their moves open, and its completion waits, until a turn shows the pages. A turn
/// is in flight from its will-callbacks until its moves, completions and delegate calls have run;
/// a swipe is a turn that the user's gesture began:
///
/// ```
///         ┌──── turnBegan ────▶ turnInFlight ──── turnEnded ────┐
///         │                                                     ▼
///       idle ── swipeBegan ──▶ swipeInFlight ──── turnEnded ──▶ idle
/// ```
///
/// A turn that begins while another is in flight (from one of that turn's callbacks, in another
/// window) takes its place, and the first of the two to end ends the phase.
///
/// Besides the phase, the machine keeps the pages asked for and the pages whose views are shown,
/// the pending pages and completions the next programmatic turn settles, the pages whose moves the
/// turn in flight settles, how many requests were made (a swipe that completes after one keeps the
/// pages that request asked for), and whether a request made off screen waits for the turn in
/// flight. It calls no user code (it holds the completions and hands them back); each event commits
/// the state before returning, so the callbacks it leads to see the new state. An event that is not
/// legal from the current state throws a ``Refusal`` and changes nothing.
package struct PageStateMachine {
    /// Where the machine stands with respect to turns.
    package enum Phase: Hashable, Sendable {
        /// No turn of the page controller is in flight; a programmatic one may be pending.
        case idle
        /// A programmatic turn is in flight.
        case turnInFlight
        /// A swipe is in flight: its gesture may not have ended yet.
        case swipeInFlight
    }

    /// Why an event is not legal from the current state. Nothing changes when one is thrown.
    package enum Refusal: Error, Hashable, Sendable {
        /// A request names `given` pages; the page controller shows `shownAtOnce` at once.
        case pageCount(given: Int, shownAtOnce: Int)
        /// The event needs a turn in flight; the machine is idle.
        case noTurnInFlight
    }

    /// What to do with a request for a turn (``turnRequested(onScreen:)``).
    package enum TurnRequest: Hashable, Sendable {
        /// Ask for the turn now: in the window's queue on screen, settled at once off screen.
        case askNow
        /// Off screen with a turn in flight: the request waits until ``turnEnded()``.
        case waitForTurnInFlight
    }

    /// How many pages the page controller shows at once: two with a middle spine, one otherwise.
    package let pagesShownAtOnce: Int
    /// Where the machine stands.
    package private(set) var phase = Phase.idle
    /// The pages shown, as the requests made so far left them.
    package private(set) var shownControllers: [Controller] = []
    /// The pages whose views the page controller shows now.
    package private(set) var displayed: [Controller] = []
    /// Pages a request adopted, whose moves the next programmatic turn settles.
    package private(set) var pendingAdditions: [Controller] = []
    /// The completions of the requests the next programmatic turn settles.
    package private(set) var pendingCompletions: [(Bool) -> Void] = []
    /// Whether the latest request asked for animation.
    package private(set) var pendingAnimated = false
    /// Pages whose moves were open when the programmatic turn in flight was planned: the pages that
    /// turn settles. Those asked for since wait in ``pendingAdditions`` for the next turn.
    package private(set) var settlingAdditions: [Controller] = []
    /// How many requests have been made.
    package private(set) var requestsMade = 0
    /// Whether a request made off screen waits for the turn in flight to end.
    package private(set) var requestWaitsForTurnInFlight = false

    /// A new machine for a page controller that shows `pagesShownAtOnce` pages at once: no pages,
    /// ``Phase/idle``.
    package init(pagesShownAtOnce: Int) {
        self.pagesShownAtOnce = pagesShownAtOnce
    }

    /// Whether `page` is pending: adopted by a request, its move open for the next turn.
    package func isPending(_ page: Controller) -> Bool {
        pendingAdditions.contains { $0 === page }
    }
}

// MARK: - Requests

extension PageStateMachine {
    /// A request asks for `pages`: they are the pages shown from now on. Returns the pages asked
    /// for before, which ``requestGivenUp(restoring:)`` brings back. Accepted in every state.
    /// Refused when the count is not ``pagesShownAtOnce``.
    package mutating func requestBegan(_ pages: [Controller]) throws(Refusal) -> [Controller] {
        guard pages.count == pagesShownAtOnce else {
            throw .pageCount(given: pages.count, shownAtOnce: pagesShownAtOnce)
        }
        let previous = shownControllers
        shownControllers = pages
        requestsMade += 1
        return previous
    }

    /// The request adopted `page`, which is pending from now on: the next programmatic turn settles
    /// its move. Accepted in every state.
    package mutating func pageAdopted(_ page: Controller) {
        pendingAdditions.append(page)
    }

    /// A page of the request was given elsewhere before its adoption: the pages asked for are
    /// `previous` again. The pages it adopted stay pending. Accepted in every state.
    package mutating func requestGivenUp(restoring previous: [Controller]) {
        shownControllers = previous
    }

    /// The request's adoptions have run (all, or up to a page given elsewhere): the next turn
    /// animates as it asked, and runs its `completion`. Accepted in every state.
    package mutating func adoptionsEnded(animated: Bool, completion: ((Bool) -> Void)?) {
        pendingAnimated = animated
        if let completion { pendingCompletions.append(completion) }
    }

    /// The page controller asks for the turn to the pages asked for: it waits for the turn in
    /// flight when the page controller is off screen, and goes ahead otherwise (on screen, the
    /// window's queue orders it after that turn). Accepted in every state.
    package mutating func turnRequested(onScreen: Bool) -> TurnRequest {
        guard !onScreen, phase != .idle else { return .askNow }
        requestWaitsForTurnInFlight = true
        return .waitForTurnInFlight
    }

    /// `page`, whose move is open, stays pending for the next programmatic turn: a request made
    /// since it was adopted names it. Accepted in every state; nothing changes for a pending page.
    package mutating func pageKeptPending(_ page: Controller) {
        guard !isPending(page) else { return }
        pendingAdditions.append(page)
    }

    /// A swipe to `pages` has completed: they are the pages shown from now on, unless a request was
    /// made since the swipe began, when `requestsMadeBefore` had been made (that request's pages
    /// win, and its turn runs next). Accepted in every state.
    package mutating func swipeCompleted(showing pages: [Controller], requestsMadeBefore: Int) {
        if requestsMade == requestsMadeBefore { shownControllers = pages }
    }
}

// MARK: - Turns

extension PageStateMachine {
    /// A programmatic turn is planned, on screen or off, from the pages ``displayed`` to the pages
    /// asked for (``shownControllers``), animated as ``pendingAnimated`` says: the pending pages
    /// become the pages it settles (``settlingAdditions``). Returns the pending completions, in the
    /// order the requests were made, for the turn to run. Accepted in every state.
    package mutating func turnPlanned() -> [(Bool) -> Void] {
        settlingAdditions = pendingAdditions
        pendingAdditions = []
        defer { pendingCompletions = [] }
        return pendingCompletions
    }

    /// The programmatic turn settles its moves: returns the pages whose moves were open when it was
    /// planned, and forgets them. Accepted in every state.
    package mutating func settlingTaken() -> [Controller] {
        defer { settlingAdditions = [] }
        return settlingAdditions
    }

    /// The views of `pages` are the ones shown now. Accepted in every state.
    package mutating func pagesDisplayed(_ pages: [Controller]) {
        displayed = pages
    }

    /// A programmatic turn's will-callbacks are about to run: it is in flight. Accepted in every
    /// state; a turn in flight gives it its place.
    package mutating func turnBegan() {
        phase = .turnInFlight
    }

    /// A swipe's will-callbacks are about to run: it is in flight. Accepted in every state; a turn
    /// in flight gives it its place.
    package mutating func swipeBegan() {
        phase = .swipeInFlight
    }

    /// The turn in flight has ended, its moves, completions and delegate calls run: the machine is
    /// idle. Returns true when a request made off screen waited for it; the page controller asks
    /// for that request's turn now. Refused when no turn is in flight.
    package mutating func turnEnded() throws(Refusal) -> Bool {
        guard phase != .idle else { throw .noTurnInFlight }
        phase = .idle
        defer { requestWaitsForTurnInFlight = false }
        return requestWaitsForTurnInFlight
    }
}
