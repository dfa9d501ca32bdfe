/// A controller's identity in events and violations.
///
/// Events name controllers by identity, not by reference, so they stay `Equatable` and `Sendable`
/// and keep nothing alive. The serial number is unique for the life of the process and never reused.
public struct ControllerID: Hashable, Sendable, CustomStringConvertible {
    /// A number unique to one controller for the life of the process.
    public let serial: UInt64
    /// The name given to the controller when it was created, if any.
    public let name: String?
    /// The name of the controller's dynamic type, such as `NavigationController`.
    public let typeName: String

    /// Creates an identity. Controllers make their own; tests may make one to compare with.
    public init(serial: UInt64, name: String?, typeName: String) {
        self.serial = serial
        self.name = name
        self.typeName = typeName
    }

    /// The name if there is one, otherwise the type name and serial number (`Controller#12`).
    public var description: String { name ?? "\(typeName)#\(serial)" }

    @MainActor private static var lastSerial: UInt64 = 0

    /// The type name of each controller class made so far, one string per class.
    ///
    /// A type name longer than 15 UTF-8 bytes (`ContainerController`) is a heap object, which a copy
    /// of the identity retains: shared by every instance of the class, it stays in the caches, where
    /// one made per instance would be one more object each walk over a large tree touches.
    @MainActor private static var typeNames: [ObjectIdentifier: String] = [:]

    @MainActor static func next(name: String?, type: Controller.Type) -> ControllerID {
        lastSerial += 1
        let key = ObjectIdentifier(type)
        let typeName: String
        if let known = typeNames[key] {
            typeName = known
        } else {
            typeName = String(describing: type)
            typeNames[key] = typeName
        }
        return ControllerID(serial: lastSerial, name: name, typeName: typeName)
    }
}

/// A window's identity in events.
public struct WindowID: Hashable, Sendable, CustomStringConvertible {
    /// A number unique to one window for the life of the process.
    public let serial: UInt64
    /// The name given to the window when it was created, if any.
    public let name: String?

    /// Creates an identity. Windows make their own; tests may make one to compare with.
    public init(serial: UInt64, name: String?) {
        self.serial = serial
        self.name = name
    }

    /// The name if there is one, otherwise `window#` and the serial number.
    public var description: String { name ?? "window#\(serial)" }

    @MainActor private static var lastSerial: UInt64 = 0

    @MainActor static func next(name: String?) -> WindowID {
        lastSerial += 1
        return WindowID(serial: lastSerial, name: name)
    }
}
