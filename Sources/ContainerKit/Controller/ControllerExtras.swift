/// What a controller holds that few controllers set and no appearance walk reads: its title, its
/// bar items and its preferred content size; its presentation settings and links
/// (``PresentationState``, itself made only when one is written); and the links made to it by
/// deferred work (a window entry's did-appear) and by links that must not keep it alive. The side
/// storage of ``Controller``, made the first time one of them is written with a value other than
/// its default, so the others carry one reference instead of these fields, and the fields every
/// walk reads stay together (see `Controller`'s stored properties). The controller alone holds it.
@MainActor
final class ControllerExtras: SideStorage {
    @exclusivity(unchecked) var title: String?
    @exclusivity(unchecked) var navigationItem = NavigationItem()
    @exclusivity(unchecked) var toolbarItems: [BarButtonItem] = []
    @exclusivity(unchecked) var tabBarItem = TabBarItem()
    @exclusivity(unchecked) var preferredContentSize: Size = .zero
    /// See ``Controller/presentationStorage``.
    @exclusivity(unchecked) var presentation: PresentationState?
    /// See ``Controller/deferredReference``; `nonisolated(unsafe)` for the controller's `deinit`.
    @exclusivity(unchecked) nonisolated(unsafe) var deferredReference: ControllerReference?
    /// See ``Controller/livenessStorage``; `nonisolated(unsafe)` for the controller's `deinit`.
    @exclusivity(unchecked) nonisolated(unsafe) var liveness: Liveness?
}

extension Controller {
    /// This controller's side storage, made now if it has none yet (for a write).
    var extras: ControllerExtras { extrasStorage.madeIfNeeded() }

    /// A title, as UIKit's `title`; containers show it, the engine never reads it.
    public var title: String? {
        get { extrasStorage?.title }
        set {
            guard newValue != nil || extrasStorage != nil else { return }
            extras.title = newValue
        }
    }

    /// What a navigation bar shows for this controller. The engine never reads it.
    public var navigationItem: NavigationItem {
        get { extrasStorage?.navigationItem ?? NavigationItem() }
        set {
            guard newValue != NavigationItem() || extrasStorage != nil else { return }
            extras.navigationItem = newValue
        }
    }

    /// The buttons a navigation controller's toolbar shows while this controller is on top.
    public var toolbarItems: [BarButtonItem] {
        get { extrasStorage?.toolbarItems ?? [] }
        set {
            guard !newValue.isEmpty || extrasStorage != nil else { return }
            extras.toolbarItems = newValue
        }
    }

    /// What a tab bar shows for this controller when it is a tab. The engine never reads it.
    public var tabBarItem: TabBarItem {
        get { extrasStorage?.tabBarItem ?? TabBarItem() }
        set {
            guard newValue != TabBarItem() || extrasStorage != nil else { return }
            extras.tabBarItem = newValue
        }
    }

    /// Presentation settings and links (Presentation/Controller+Presentation.swift): nil until
    /// one is written, as most controllers never present or are presented (``PresentationState``).
    var presentationStorage: PresentationState? {
        get { extrasStorage?.presentation }
        set {
            guard newValue != nil || extrasStorage != nil else { return }
            extras.presentation = newValue
        }
    }

    /// How the deferred did-appear of a window entry names this controller (see
    /// `AppearanceCompletion`); made the first time one is queued, and cleared by `deinit`.
    var deferredReference: ControllerReference? {
        get { extrasStorage?.deferredReference }
        set {
            guard newValue != nil || extrasStorage != nil else { return }
            extras.deferredReference = newValue
        }
    }

    /// Made on first use by a link that must reach this controller without keeping it alive;
    /// cleared as `deinit` begins (see ``Liveness``).
    var livenessStorage: Liveness? {
        get { extrasStorage?.liveness }
        set {
            guard newValue != nil || extrasStorage != nil else { return }
            extras.liveness = newValue
        }
    }

    /// The storage of ``preferredContentSize``.
    var storedPreferredContentSize: Size {
        get { extrasStorage?.preferredContentSize ?? .zero }
        set {
            guard newValue != .zero || extrasStorage != nil else { return }
            extras.preferredContentSize = newValue
        }
    }
}

/// A class of side storage: fields few controllers set, kept out of the controller behind one
/// optional reference that is nil until one of them is written (``ControllerExtras``,
/// ``PresentationState``).
@MainActor
protocol SideStorage: AnyObject {
    init()
}

extension Optional where Wrapped: SideStorage {
    /// The storage, made now if there is none yet (for a write).
    @MainActor
    mutating func madeIfNeeded() -> Wrapped {
        if let storage = self { return storage }
        let storage = Wrapped()
        self = storage
        return storage
    }
}
