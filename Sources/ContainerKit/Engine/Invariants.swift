/// Structural invariants, checked at the end of each public entry point that changes the trees
/// when the package is built with `-Xswiftc -DCONTAINERKIT_INTERNAL_CHECKS` (CI runs the suite
/// once that way), and compiled to nothing otherwise. A failure is an engine bug, never a misuse:
/// misuse is a ``ContractViolation``.
extension Controller {
    @inline(__always)
    func checkInvariants() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            checkControllerInvariants()
            storedView?.checkInvariants()
        #endif
    }

    #if CONTAINERKIT_INTERNAL_CHECKS
        private func checkControllerInvariants() {
            storedParent?.childList.checkInvariants()
            (self as? ContainerController)?.childList.checkInvariants()
            if let parent = storedParent {
                let entries = parent.children.filter { $0 === self }.count
                precondition(entries == 1, "\(id) has parent \(parent.id) but appears \(entries) times in its children")
                precondition(
                    containment.parent == parent.id,
                    "\(id)'s containment state \(containment.state) disagrees with its parent \(parent.id)")
            }
            if let container = self as? ContainerController {
                var seen = Set<ObjectIdentifier>()
                for child in container.children {
                    precondition(
                        seen.insert(ObjectIdentifier(child)).inserted, "\(child.id) is twice in \(id)'s children")
                    precondition(
                        child.storedParent === container, "\(child.id) is in \(id)'s children but its parent is not")
                }
            }
            if let view = storedView {
                precondition(view.owningController === self, "\(id)'s root view names another owner")
            }
        }
    #endif
}

extension View {
    @inline(__always)
    func checkInvariants() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            superview?.subviewList.checkInvariants()
            subviewList.checkInvariants()
            if let superview {
                let entries = superview.subviews.filter { $0 === self }.count
                precondition(entries == 1, "a view appears \(entries) times among its superview's subviews")
                precondition(storedWindow === superview.storedWindow, "a view's window differs from its superview's")
            } else if let window = self as? Window {
                // A window being released names no window, itself included (Window+Release.swift).
                precondition(
                    window.storedWindow === window || (window.storedWindow == nil && Window.releasesUnderWay > 0),
                    "a window is not in itself")
            } else {
                precondition(storedWindow == nil, "a view with no superview claims a window")
            }
            for subview in subviews {
                precondition(subview.superview === self, "a subview names another superview")
            }
        #endif
    }
}
