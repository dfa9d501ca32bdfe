/// A location in a two-dimensional coordinate space.
///
/// ContainerKit renders nothing; geometry exists so that size changes, frames and
/// `preferredContentSize` behave as in UIKit and can be asserted in tests.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at the origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both zero.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: an origin and a size.
public struct Rect: Hashable, Sendable {
    /// The rectangle's top-left corner.
    public var origin: Point
    /// The rectangle's extent.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates and extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The rectangle's width.
    public var width: Double { size.width }
    /// The rectangle's height.
    public var height: Double { size.height }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

extension Size: CustomStringConvertible {
    /// The size as `Size(width: 320, height: 480)`, the form transcripts use.
    public var description: String { "Size(width: \(formatted(width)), height: \(formatted(height)))" }
}

extension Rect: CustomStringConvertible {
    public var description: String {
        "(\(formatted(origin.x)), \(formatted(origin.y)), \(formatted(size.width)), \(formatted(size.height)))"
    }
}

/// Whole numbers without a fractional part (`320`), others as Swift prints them (`320.5`).
func formatted(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(value)
}
