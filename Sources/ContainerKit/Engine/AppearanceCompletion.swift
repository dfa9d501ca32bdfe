/// The deferred did-appear half of a window entry: it keeps no removed controller alive, and is
/// tied to one appearance of the root by its epoch.
///
/// A value stored in the window's queue, so that queueing one allocates nothing once the queue has
/// grown to its working size; the walk that queued it finds it again by its serial.
@MainActor
struct AppearanceCompletion {
    /// The controller, through its ``ControllerReference``: nil once it went away.
    private let reference: ControllerReference
    var epoch: UInt64
    /// Whether the walk began the root's appearance. If something else (an ancestor's completion,
    /// a manual end) completed it since, its subtree was completed with it, and this has nothing
    /// left to do: so a chain whose levels entered one by one completes in linear time.
    var rootBegan = false
    /// Tells it apart from the other completions queued in its window.
    let serial: UInt64

    init(_ controller: Controller, serial: UInt64) {
        self.reference = ControllerReference.of(controller)
        self.epoch = controller.appearance.epoch
        self.serial = serial
    }

    /// The controller to complete, or nil if it was deallocated since.
    var controller: Controller? { reference.controller }
}

/// The deferred did-disappear of a controller whose view left a visible window (spec §1, §2.2
/// **[rev 2]**): `viewWillDisappear` ran inside the call, `viewDidDisappear` waits for the end of
/// the turn, as UIKit queues it after the commit. It holds the controller, as UIKit's queued block
/// does: a controller removed with its view is released once its did-disappear (and UIKit's
/// repeated `didMove(toParent: nil)`, R7) has run. Tied to the disappearance by the appearance
/// epoch: a controller that began appearing again since has nothing left to complete here.
@MainActor
struct DisappearanceCompletion {
    /// The controller whose disappearance it ends.
    let controller: Controller
    /// The controller's appearance epoch when its disappearance began.
    let epoch: UInt64
    /// Tells it apart from the other completions queued in its window, and finds the call that
    /// queued it, which its callbacks name as their cause.
    let serial: UInt64

    init(_ controller: Controller, serial: UInt64) {
        self.controller = controller
        self.epoch = controller.appearance.epoch
        self.serial = serial
    }
}

/// A controller as deferred work names it: a reference the controller makes once and clears when it
/// goes away, so the work queued in a window can outlive the controller and finds nil.
///
/// It stands in for a `weak` reference, which would give every controller that enters a window a side
/// table, and so the slow path on each of its retains and releases. The queue holds this object
/// strongly; the object points to the controller without holding it (`unowned(unsafe)`), and
/// `Controller`'s `deinit` clears the pointer before anything else can run. `Sendable` so that that
/// nonisolated `deinit` can reach it; its one mutable property is only written there and on the
/// main actor.
final class ControllerReference: Sendable {
    /// The controller; nil once it went away. `nonisolated(unsafe)` for `Controller`'s nonisolated
    /// `deinit`, which clears it; everything else reads it on the main actor.
    nonisolated(unsafe) unowned(unsafe) var controller: Controller?

    private init(_ controller: Controller) {
        self.controller = controller
    }

    /// `controller`'s reference, made the first time it is asked for.
    @MainActor
    static func of(_ controller: Controller) -> ControllerReference {
        if let reference = controller.deferredReference { return reference }
        let reference = ControllerReference(controller)
        controller.deferredReference = reference
        return reference
    }
}
