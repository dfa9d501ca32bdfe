/// A view: a node of the view tree, UIKit's `UIView` without drawing or layout.
///
/// Views exist so that adding and removing them drives appearance as in UIKit: a controller's root
/// view entering a visible ``Window`` makes the controller appear, leaving it makes it disappear.
/// A view holds its subviews strongly; its superview holds it, and the view only points back.
@MainActor
open class View {
    // The back pointers and the subviews, which every move and walk reads, come first, so they
    // share the object's first cache line; the frame and the name, which the engine seldom or never
    // reads, live in ``ViewExtras``, made the first time one of them is set, so a view of a large
    // tree takes 80 bytes of the heap, not 128. The engine's stored state is
    // `@exclusivity(unchecked)`, for the reason `Controller`'s is.

    /// The superview: nil when the view is not in a view tree, or its superview went away.
    public internal(set) var superview: View? {
        get { superviewStorage?.takeUnretainedValue() }
        set { superviewStorage = newValue.map(Unmanaged.passUnretained) }
    }

    /// The storage of ``superview``: a back pointer that holds no reference.
    ///
    /// Unretained, not `weak`, because any object a `weak` reference points to pays a slow path on
    /// every retain and release. It stays sound because it never outlives its target: a move clears
    /// or replaces it, and a superview that goes away clears it in each subview first (`deinit`).
    /// `nonisolated(unsafe)` for that `deinit`, as ``subviewStorage``. An `Unmanaged`, not an
    /// `unowned(unsafe)` reference, so that a test for nil or an identity comparison reads the
    /// pointer alone: a load of an `unowned(unsafe)` reference retains what it names.
    @exclusivity(unchecked) nonisolated(unsafe) final var superviewStorage: Unmanaged<View>?

    /// The subviews, back to front.
    public var subviews: [View] { subviewList.nodes }

    /// The storage of ``subviews``: appending and removing a subview take constant time.
    ///
    /// `nonisolated(unsafe)` so that the nonisolated `deinit` can take the subviews out of a subview it
    /// holds the only reference to (see `deinit`); a main-actor stored property cannot be touched there
    /// on any instance but `self`. Everything else reaches it on the main actor.
    @exclusivity(unchecked) nonisolated(unsafe) final var subviewList = NodeList<View>()

    /// The window this view is in, cached and updated as the view moves (see ``windowStorage``).
    nonisolated final var storedWindow: Window? {
        get { windowStorage?.takeUnretainedValue() }
        set { windowStorage = newValue.map(Unmanaged.passUnretained) }
    }

    /// The storage of ``storedWindow``: a back pointer that holds no reference, unretained for the
    /// reason ``superviewStorage`` is: a move updates it down the subtree, and a window that goes away
    /// clears it in every view of its tree first (`Window`'s `deinit`, which needs it
    /// `nonisolated(unsafe)`).
    @exclusivity(unchecked) nonisolated(unsafe) final var windowStorage: Unmanaged<Window>?

    /// The controller whose root view this is (see ``ownerStorage``).
    nonisolated final var owningController: Controller? {
        get { ownerStorage?.takeUnretainedValue() }
        set { ownerStorage = newValue.map(Unmanaged.passUnretained) }
    }

    /// The storage of ``owningController``: a back pointer that holds no reference (the controller
    /// holds the view), unretained for the reason ``superviewStorage`` is. The controller clears it
    /// when it takes another root view, and in its `deinit` (which needs it `nonisolated(unsafe)`).
    @exclusivity(unchecked) nonisolated(unsafe) final var ownerStorage: Unmanaged<Controller>?

    /// Where the view stands among its superview's subviews (see ``NodeList``): after the pointers
    /// the walks read, as only an insertion or a removal reads it.
    @exclusivity(unchecked) nonisolated(unsafe) final var listSlot = -1

    /// The frame and the name (see ``ViewExtras``): nil until one of them is set to something
    /// other than its default.
    @exclusivity(unchecked) final var extrasStorage: ViewExtras?

    /// The frame in the superview's coordinates. ContainerKit does no autoresizing: frames change
    /// only when code sets them (the window sets its root view's frame).
    public var frame: Rect {
        get { extrasStorage?.frame ?? .zero }
        set {
            guard extrasStorage != nil || newValue != .zero else { return }
            extrasStorage.madeIfNeeded().frame = newValue
        }
    }

    /// A name for ``recursiveDescription``; the engine never reads it.
    public var name: String? {
        get { extrasStorage?.name }
        set {
            guard newValue != nil || extrasStorage != nil else { return }
            extrasStorage.madeIfNeeded().name = newValue
        }
    }

    /// Whether this view is a ``Window``: a virtual call, much cheaper than the dynamic cast
    /// `is Window` on the path every view move takes.
    var isWindow: Bool { false }

    /// Creates a view with `frame`.
    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    /// Clears the subviews' superview pointers, then releases the subtree without recursion (DESIGN
    /// principle 8).
    ///
    /// Releasing the subviews array the ordinary way would run each subview's `deinit` inside its
    /// superview's, one stack frame per level, and a 100,000-deep chain overflows the stack. Instead the
    /// subviews move to a local worklist, and each view that nothing else holds
    /// (`isKnownUniquelyReferenced`) hands its own subviews to the worklist before it is released, so its
    /// `deinit` finds none. The subviews of a view about to go away have their superview pointers
    /// cleared before anything is released, so no `deinit` that runs meanwhile finds one pointing at
    /// freed memory. A view something else holds keeps its subviews and is only let go.
    ///
    /// Touching another view's storage here is sound: the worklist holds the only strong reference to a
    /// uniquely referenced view, a view something else holds is only told its superview is gone, and a
    /// `deinit` runs where the last reference is dropped, in practice on the main actor, so no
    /// main-actor code runs meanwhile.
    deinit {
        guard !subviewList.isEmpty else { return }
        subviewList.forEachReversed { $0.superviewStorage = nil }
        var worklist = Array(subviewList.removeAll().reversed())
        while var view = worklist.popLast() {
            guard isKnownUniquelyReferenced(&view), !view.subviewList.isEmpty else { continue }
            view.subviewList.forEachReversed { $0.superviewStorage = nil }
            worklist.append(contentsOf: view.subviewList.removeAll().reversed())
        }  // each `view` is released here, with no subviews left to release
    }

    /// The view is about to move to `newSuperview` (nil: about to be removed). The default does nothing.
    open func willMove(toSuperview newSuperview: View?) {}

    /// The view moved to a new superview, or was removed from its superview. The default does nothing.
    open func didMoveToSuperview() {}

    /// The view is about to move to `newWindow` (nil: about to leave its window), with every view
    /// under it. The default does nothing.
    open func willMove(toWindow newWindow: Window?) {}

    /// The view moved to a new window, or left its window. The default does nothing.
    open func didMoveToWindow() {}

    /// The view was added as a direct subview. The default does nothing.
    open func didAddSubview(_ subview: View) {}

    /// A direct subview is about to be removed. The default does nothing.
    open func willRemoveSubview(_ subview: View) {}
}

/// What a view holds that the walks never read: its frame and its name. The side storage of
/// ``View``, made the first time either is set to something other than its default (a zero frame,
/// no name), as most views of a large tree never have either; the view alone holds it.
@MainActor
final class ViewExtras: SideStorage {
    @exclusivity(unchecked) var frame: Rect = .zero
    @exclusivity(unchecked) var name: String?
}
