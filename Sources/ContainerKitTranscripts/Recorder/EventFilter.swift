import ContainerKit

/// Which recorded events an assertion looks at. Events a filter leaves out are consumed all the same.
public struct EventFilter: Sendable {
    let predicate: @Sendable (Recorder.Entry) -> Bool

    /// A filter from a predicate over recorded entries.
    public init(_ predicate: @escaping @Sendable (Recorder.Entry) -> Bool) {
        self.predicate = predicate
    }

    /// Whether the filter keeps `entry`.
    public func includes(_ entry: Recorder.Entry) -> Bool {
        predicate(entry)
    }

    /// Every event but `viewIsAppearing`, as the lifecycle reference writes transcripts (the default).
    public static let transcript = EventFilter { !$0.event.isViewIsAppearing }

    /// Every event, `viewIsAppearing` included.
    public static let everything = EventFilter { _ in true }

    /// Only the four appearance callbacks.
    public static let appearance = EventFilter { $0.event.isAppearanceCallback && !$0.event.isViewIsAppearing }

    /// Only `willMove(toParent:)` and `didMove(toParent:)`.
    public static let containment = EventFilter { entry in
        switch entry.event {
        case .willMove, .didMove: true
        default: false
        }
    }

    /// Only events received by these controllers (and not `viewIsAppearing`).
    @MainActor
    public static func controllers(_ controllers: [Controller]) -> EventFilter {
        let serials = Set(controllers.map(\.id.serial))
        return EventFilter { serials.contains($0.event.receiver.serial) && !$0.event.isViewIsAppearing }
    }

    /// Only events received by these controllers (and not `viewIsAppearing`).
    @MainActor
    public static func controllers(_ controllers: Controller...) -> EventFilter {
        self.controllers(controllers)
    }

    /// The events both filters keep.
    public static func && (lhs: EventFilter, rhs: EventFilter) -> EventFilter {
        EventFilter { lhs.includes($0) && rhs.includes($0) }
    }
}
