/// The floor the containment round trip is compared with: a parent/child tree that makes the same
/// six structural changes and the same virtual calls as ContainerKit's round trip, with no checks,
/// no state machine, no turn queue and no observers. Nothing a real engine could do with less.

/// A view: a superview and ordered subviews.
final class BareView {
    unowned(unsafe) var superview: BareView?
    var subviews: [BareView] = []

    func addSubview(_ view: BareView) {
        subviews.append(view)
        view.superview = self
    }

    func removeFromSuperview() {
        guard let superview else { return }
        if let index = superview.subviews.lastIndex(where: { $0 === self }) {
            superview.subviews.remove(at: index)
        }
        self.superview = nil
    }
}

/// A controller with the callbacks the round trip makes, overridable so the calls stay virtual.
class BareController {
    unowned(unsafe) var parent: BareController?
    var children: [BareController] = []
    let view = BareView()

    func willMove(toParent parent: BareController?) {}
    func didMove(toParent parent: BareController?) {}
    func viewWillAppear(_ animated: Bool) {}
    func viewDidAppear(_ animated: Bool) {}
    func viewWillDisappear(_ animated: Bool) {}
    func viewDidDisappear(_ animated: Bool) {}

    func addChild(_ child: BareController) {
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    func removeFromParent() {
        guard let parent else { return }
        if let index = parent.children.lastIndex(where: { $0 === self }) {
            parent.children.remove(at: index)
        }
        self.parent = nil
        didMove(toParent: nil)
    }
}

/// A leaf whose overrides do something the optimizer cannot remove.
final class BareLeaf: BareController {
    var calls = 0

    override func willMove(toParent parent: BareController?) { calls &+= 1 }
    override func didMove(toParent parent: BareController?) { calls &+= 1 }
    override func viewWillAppear(_ animated: Bool) { calls &+= 1 }
    override func viewDidAppear(_ animated: Bool) { calls &+= 1 }
    override func viewWillDisappear(_ animated: Bool) { calls &+= 1 }
    override func viewDidDisappear(_ animated: Bool) { calls &+= 1 }
}

/// Made out of sight of the optimizer, so calls through the result stay virtual.
@inline(never)
func makeBareController(leaf: Bool) -> BareController {
    leaf ? BareLeaf() : BareController()
}

/// One round trip on the bare tree: the same six changes, and the callbacks ContainerKit's round
/// trip delivers (a view that enters and leaves in one turn gets no did-appear).
@inline(never)
func bareRoundTrip(parent: BareController, child: BareController) {
    parent.addChild(child)  // willMove(toParent: parent)
    parent.view.addSubview(child.view)
    child.viewWillAppear(false)
    child.didMove(toParent: parent)
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.viewWillDisappear(false)
    child.viewDidDisappear(false)
    child.removeFromParent()  // didMove(toParent: nil)
}
