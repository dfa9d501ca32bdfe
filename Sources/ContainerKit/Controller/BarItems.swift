/// A button in a navigation bar or toolbar, as a plain value (UIKit's `UIBarButtonItem`, without
/// drawing or actions).
public struct BarButtonItem: Hashable, Sendable {
    /// The button's title.
    public var title: String?
    /// A name for tests to find the button by.
    public var identifier: String?
    /// Whether the button is enabled.
    public var isEnabled: Bool

    /// Creates a button.
    public init(title: String? = nil, identifier: String? = nil, isEnabled: Bool = true) {
        self.title = title
        self.identifier = identifier
        self.isEnabled = isEnabled
    }
}

/// What a navigation bar shows for a controller, as a plain value (UIKit's `UINavigationItem`).
public struct NavigationItem: Hashable, Sendable {
    /// The title; nil means the controller's ``Controller/title``.
    public var title: String?
    /// The title the back button shows on the controller pushed above this one.
    public var backButtonTitle: String?
    /// Whether the back button is hidden.
    public var hidesBackButton = false
    /// The buttons on the leading side.
    public var leftItems: [BarButtonItem] = []
    /// The buttons on the trailing side.
    public var rightItems: [BarButtonItem] = []

    /// Creates an empty navigation item.
    public init(title: String? = nil) {
        self.title = title
    }
}

/// What a tab bar shows for a tab, as a plain value (UIKit's `UITabBarItem`).
public struct TabBarItem: Hashable, Sendable {
    /// The title; nil means the controller's ``Controller/title``.
    public var title: String?
    /// The badge, if any.
    public var badgeValue: String?

    /// Creates a tab bar item.
    public init(title: String? = nil, badgeValue: String? = nil) {
        self.title = title
        self.badgeValue = badgeValue
    }
}
