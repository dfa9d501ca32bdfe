import ContainerKit

extension Recorder {
    /// Names `controller` in this recorder's transcripts, diagrams and messages.
    ///
    /// Without a name here, a controller is named by the name it was created with
    /// (`Controller(name:)`), or else by its type name and a counter in order of first appearance
    /// in this recorder (`NavigationController1`), which stays the same from run to run.
    ///
    /// Names are applied when events are rendered, so a name given now also renames the events
    /// recorded before it.
    ///
    /// ```swift
    /// recorder.name(basket, "basket")
    /// ```
    ///
    /// - Parameters:
    ///   - controller: The controller to name.
    ///   - name: The name its events use.
    @MainActor
    public func name(_ controller: Controller, _ name: String) {
        withState { $0.names[controller.id.serial] = name }
    }

    /// The name this recorder gives the controller `id`.
    public func name(for id: ControllerID) -> String {
        withState { state in
            state.names[id.serial] ?? id.name ?? state.defaultNames[id.serial] ?? id.description
        }
    }

    /// `event` in transcript notation, with this recorder's names.
    public func render(_ event: LifecycleEvent) -> String {
        event.description(naming: name(for:))
    }
}
