/// The view-loading steps (spec §5): the loop commits each through the controller's view-loading
/// state machine, then sends the callbacks the machine names. The delivery of `loadView()` and
/// `viewDidLoad()` is private to this file.
extension DeliveryLoop {
    /// A read of `controller`'s root view that did not find it loaded: commits the request; when the
    /// machine answers that loading begins, sends `loadView()`, commits its return (a `loadView()`
    /// that assigned no view gets a plain one and a warning), then sends `viewDidLoad()`. Returns
    /// the root view.
    ///
    /// A read from inside `loadView()` before anything was assigned gets a plain view made at once,
    /// where UIKit would recurse forever.
    static func loadView(of controller: Controller) -> View {
        switch controller.loading.viewRequested() {
        case .returnView:
            if let view = controller.storedView { return view }
            let view = View()
            controller.adoptRootView(view)
            return view
        case .callLoadView:
            DeliveryLoop.deliver(
                ControllerStep.loadView(controller), source: .controller(controller.id), rule: .viewLoad)
            switch controller.loading.loadViewReturned(assignedView: controller.storedView != nil) {
            case .callViewDidLoad:
                break
            case .makeDefaultViewThenCallViewDidLoad:
                ContractViolation(
                    kind: .loadViewAssignedNoView, severity: .warning, controllers: [controller.id],
                    message: "\(controller.id).loadView() returned without assigning view; an override of loadView() "
                        + "must assign the root view. A plain View was made in its place."
                ).report()
                controller.adoptRootView(View())
            }
            controller.sendViewDidLoad()
            guard let view = controller.storedView else {
                preconditionFailure("\(controller.id) has no view after loading")
            }
            return view
        }
    }

    /// `newView` assigned as `controller`'s root view, checked already: commits the assignment.
    /// One before the view was ever read counts as loading it: the view is stored, then
    /// `viewDidLoad()` is sent. Returns the machine's answer; the others send nothing, and storing
    /// or replacing the view is the caller's.
    static func assignView(_ newView: View, to controller: Controller) -> ViewLoadingStateMachine.AssignAction {
        let action = controller.loading.viewAssigned()
        if case .storeThenCallViewDidLoad = action {
            controller.adoptRootView(newView)
            controller.sendViewDidLoad()
        }
        return action
    }
}

extension Controller {
    /// Sends `viewDidLoad()`. Private to this file: the loop commits the load first.
    fileprivate func sendViewDidLoad() {
        DeliveryLoop.deliver(ControllerStep.viewDidLoad(self), source: .controller(id), rule: .viewLoad)
    }
}
