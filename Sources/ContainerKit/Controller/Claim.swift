/// A container's hold on a controller that is on its way to becoming its child: while it lasts, the
/// controller belongs to that container for R9, and another parent, stack, tab, page, window or
/// presenter cannot take it.
///
/// A controller has at most one claim (``Controller/claim``). Each built-in container change goes
/// through the claims in this order, and an addition by hand has only the last one:
///
/// ```
/// waitingForStack ──request applied──▶ awaitingAdoption ──willMove delivered──▶ joining ──▶ child
///  (nav's transition                   (the callbacks the                     (willMove(toParent:)
///   pending, spec §6)                   change sends first)                    running, R1)
/// ```
///
/// The claim only answers questions (who holds the controller, whether its move is open); it
/// calls no user code and sends no callback.
enum Claim {
    /// A push or `setControllers` names the controller and waits for the transition of the
    /// navigation controller pending or in flight (spec §6); it joins the stack when that request
    /// is applied. The navigation controller holds the request, and so the controller, not the
    /// other way round: the request's ``StackClaims`` let go of the claim if the request goes away
    /// unapplied (with its navigation controller).
    case waitingForStack(StackClaimHolder)
    /// A change to the container's contents (`tabs.controllers = […]`, `nav.setControllers(…)`, the
    /// page controller's pages) has checked the controller and adopts it once the callbacks the
    /// change sends first have run.
    case awaitingAdoption(ClaimingContainer)
    /// The container is delivering the controller's `willMove(toParent:)` as it adds it: the move
    /// is open while the parent link is not made yet (R1). `adopting` says whether this is the
    /// adoption an ``awaitingAdoption`` claim announced, which holds until the adoption ends.
    case joining(ClaimingContainer, adopting: Bool)
}

/// The container of an ``Claim/awaitingAdoption(_:)`` or ``Claim/joining(_:adopting:)`` claim.
///
/// Unretained: the container sets the claim and takes it back inside one call of its own (the
/// change of its contents, or the delivery of the `willMove(toParent:)` of an addition), so it
/// outlives the claim. A `weak` reference would give the container a side table and put every
/// retain and release of it on the slow path (see ``Liveness``).
struct ClaimingContainer {
    unowned(unsafe) let container: ContainerController
}

/// The request behind a ``Claim/waitingForStack(_:)`` claim. Unretained, so that a claim is a plain
/// value that copies without reference counting: the claim cannot outlive it, since the request's
/// ``StackClaims`` clear the claims it still holds as they go away.
struct StackClaimHolder {
    unowned(unsafe) let claims: StackClaims
}

/// The claims a navigation controller's waiting request holds on the controllers it brings in
/// (``Claim/waitingForStack(_:)``), kept in the request.
///
/// Applying the request lets go of them first. A request that goes away unapplied, with its
/// navigation controller, lets go of the ones still its own as it goes (`deinit`): its controllers
/// may live on, and nothing waits for them any more.
final class StackClaims {
    /// The navigation controller whose request this is. Unretained: it holds the request.
    unowned(unsafe) let navigation: NavigationController
    /// The controllers the request brings in.
    let controllers: [Controller]

    init(navigation: NavigationController, controllers: [Controller]) {
        self.navigation = navigation
        self.controllers = controllers
    }

    /// Sound from a nonisolated `deinit` for the reason ``Controller``'s own `deinit` gives: it runs
    /// where the request's last reference is dropped, on the main actor in practice, and touches only
    /// the claims of controllers it holds.
    deinit {
        for controller in controllers {
            if case .waitingForStack(let holder) = controller.claim, holder.claims === self {
                controller.claim = nil
            }
        }
    }
}

extension Controller {
    /// The container whose addition of this controller is delivering its `willMove(toParent:)`,
    /// while that callback runs (see ``joiningParent``).
    var joiningContainer: ContainerController? {
        guard case .joining(let holder, _) = claim else { return nil }
        return holder.container
    }

    /// Whether the `willMove(toParent:)` of an addition is being delivered: the move to the parent
    /// is open while the parent link is not made yet, which is not a deallocated parent.
    var isJoiningParent: Bool {
        guard case .joining = claim else { return false }
        return true
    }

    /// The navigation controller whose stack this controller waits to join: a push or
    /// `setControllers` naming it was accepted while that navigation controller's transition was
    /// pending or in flight (an interactive pop, say), and runs when it completes.
    var pendingStack: NavigationController? {
        guard case .waitingForStack(let holder) = claim else { return nil }
        return holder.claims.navigation
    }

    /// The built-in container that has checked this controller as a new child and has not adopted
    /// it yet, including while it delivers the adoption's `willMove(toParent:)`.
    var pendingAdoption: ContainerController? {
        switch claim {
        case .awaitingAdoption(let holder), .joining(let holder, adopting: true): holder.container
        case .waitingForStack, .joining(_, adopting: false), nil: nil
        }
    }

    /// The built-in container this controller waits to join, if any: ``pendingStack`` or
    /// ``pendingAdoption``.
    var pendingContainer: ContainerController? { pendingStack ?? pendingAdoption }

    /// A request that waits for a navigation controller's transition claims this controller;
    /// `claims`, kept in the request, lets go if the request goes away unapplied.
    func claimForStack(_ claims: StackClaims) {
        claim = .waitingForStack(StackClaimHolder(claims: claims))
    }

    /// `navigation` lets go of its claim for a waiting request, as it applies the request.
    func releaseStackClaim(of navigation: NavigationController) {
        if pendingStack === navigation { claim = nil }
    }

    /// `container` claims this controller for a change of its contents that adopts it once the
    /// callbacks the change sends first have run. A request waiting for a navigation controller's
    /// transition keeps its claim: it says more, and outlasts the adoption.
    func claimForAdoption(by container: ContainerController) {
        if case .waitingForStack = claim { return }
        claim = .awaitingAdoption(ClaimingContainer(container: container))
    }

    /// `container` lets go of its claim for an adoption, as it adopts this controller or gives the
    /// adoption up.
    func releaseAdoptionClaim(of container: ContainerController) {
        if pendingAdoption === container { claim = nil }
    }
}
