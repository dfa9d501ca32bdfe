import ContainerKit

/// What the driver holds: the animations in flight, all of them or one container's, and a line for
/// each.
extension ManualAnimationDriver {
    /// The animations this driver holds that have not completed, in start order.
    ///
    /// An animation leaves the list as soon as it completes: through
    /// ``finish(_:fileID:filePath:line:column:)``, ``cutShort(_:fileID:filePath:line:column:)``,
    /// ``finishAll(fileID:filePath:line:column:)``, its own `complete(finished:)`, or the engine
    /// (hiding the window completes it).
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// window.runUntilIdle()
    /// #expect(driver.inFlight.count == 1)
    /// ```
    public var inFlight: [TransitionAnimation] {
        started.filter { !$0.isComplete }
    }

    /// The animations in flight whose transition `container` runs, in start order.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// q.transition(from: g, to: u, duration: 0.3, animations: nil, completion: nil)
    /// driver.finish(driver.inFlight(of: q)[0])
    /// ```
    public func inFlight(of container: Controller) -> [TransitionAnimation] {
        inFlight.filter { $0.container == container.id }
    }

    /// One line for each animation in flight, in start order: its kind, its container, then the
    /// controllers it takes out and those it brings in.
    ///
    /// Controllers are named by their `ControllerID` (the name they were created with, or their type
    /// and serial number), not by a recorder's names.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// #expect(driver.summary == ["containerTransition of p: f → t"])
    /// ```
    public var summary: [String] {
        inFlight.map(Self.describe)
    }

    /// `containerTransition of p: f → t`.
    static func describe(_ animation: TransitionAnimation) -> String {
        let from = animation.fromControllers.map(\.description).joined(separator: ", ")
        let to = animation.toControllers.map(\.description).joined(separator: ", ")
        return "\(animation.kind) of \(animation.container): \(from) → \(to)"
    }
}
